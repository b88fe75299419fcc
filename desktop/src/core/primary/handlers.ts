/**
 * The primary desk's IPC handlers (issue 13, item 5), composed with the desk core: become the venue's primary
 * (its server on the LAN, advertised by mDNS, with a pairing code to show), find one, pair with one, and tell
 * which role this desk plays. main/ relays these names like the core's; preload exposes them.
 */
import { networkInterfaces } from "node:os";
import type { DeskCore } from "../core.ts";
import { readSession } from "../session.ts";
import { advertisePrimary, browsePrimaries, type Advertisement, type FoundPrimary } from "./discovery.ts";
import { InvalidPrimaryAddress, PrimaryHttpError } from "./primaryClient.ts";
import { startPrimaryServer, type PrimaryServer } from "./primaryServer.ts";

export type { FoundPrimary } from "./discovery.ts";

/** The port a primary listens on unless told otherwise (peers find it by mDNS or type it). */
export const PRIMARY_DEFAULT_PORT = 4870;

export interface PrimaryStartResult {
  /** http://host:port for a peer to type (the first LAN address; every one in addresses). */
  address: string;
  addresses: string[];
  port: number;
  /** The code a peer's operator types once to pair (primary.connect). */
  pairingCode: string;
}

export interface PrimaryStatus {
  role: "primary" | "peer" | "none";
  /** Primary: this desk's address; peer: the primary's. */
  address: string | null;
  /** Peer: whether the primary answered the last call (null: not asked yet); primary: true. */
  reachable: boolean | null;
  /** Primary: the code to show, and the desks paired with it. */
  pairingCode: string | null;
  peers: number;
  /** Peer: its scans the primary has not seen yet, and the conflicts the last reconcile found. */
  unreconciled: number;
  lastReconcileConflicts: number;
  lastError: string | null;
}

/** Why pairing failed, for the desk to say in its language. */
export type PrimaryConnectRefusal =
  "invalid_address" | "unreachable" | "not_a_primary" | "wrong_pairing_code" | "pairing_locked" | "other_session";

export type PrimaryConnectResult =
  { ok: true; status: PrimaryStatus } | { ok: false; reason: PrimaryConnectRefusal; status: PrimaryStatus };

export interface PrimaryHandlers {
  /** Makes this desk the venue's primary: its server on the LAN and its mDNS advertisement. */
  "primary.start": (options?: { port?: number }) => Promise<PrimaryStartResult>;
  "primary.stop": () => Promise<PrimaryStatus>;
  /** The primaries of this desk's session found on the LAN by mDNS. */
  "primary.discover": () => Promise<FoundPrimary[]>;
  /** Pairs with a primary (found, or its address typed) with the code it shows; its scans are checked there. */
  "primary.connect": (address: string, pairingCode: string) => Promise<PrimaryConnectResult>;
  "primary.disconnect": () => Promise<PrimaryStatus>;
  "primary.status": () => Promise<PrimaryStatus>;
}

export type PrimaryChannel = keyof PrimaryHandlers;
export const PRIMARY_CHANNELS: readonly PrimaryChannel[] = [
  "primary.start",
  "primary.stop",
  "primary.discover",
  "primary.connect",
  "primary.disconnect",
  "primary.status",
];

/** A call this desk's role does not allow now; its code crosses IPC (ipcError.ts) for the desk's words. */
export class PrimaryStateError extends Error {
  override name = "PrimaryStateError";
  constructor(
    readonly code: "desk_not_signed_in" | "primary_linked" | "primary_running",
    message: string,
  ) {
    super(message);
  }
}

export interface PrimaryHandlerOptions {
  core: Pick<DeskCore, "database" | "primaryLink">;
  /** Advertise and browse by mDNS (tests on a machine without multicast turn it off). */
  mdns?: boolean;
  /** How long primary.discover listens. */
  discoverWaitMs?: number;
  /** The address the server listens on (default every interface). */
  host?: string;
  now?: () => Date;
}

export function createPrimaryHandlers(options: PrimaryHandlerOptions): PrimaryHandlers & {
  /** The primary that was running when the app last closed (not stopped) starts again on its port; else null. */
  resume: () => Promise<PrimaryStartResult | null>;
  /** Stops the server as the app closes, keeping the role for resume. */
  close: () => Promise<void>;
} {
  const { core } = options;
  const mdns = options.mdns ?? true;
  let running: { server: PrimaryServer; advertisement: Advertisement | null; addresses: string[] } | null = null;

  function signedIn() {
    const session = readSession(core.database());
    if (!session) throw new PrimaryStateError("desk_not_signed_in", "The desk is not signed in");
    return session;
  }

  function status(): PrimaryStatus {
    if (running)
      return {
        role: "primary",
        address: running.addresses[0] ?? null,
        reachable: true,
        pairingCode: running.server.pairing.code(),
        peers: running.server.pairing.peerCount(),
        unreconciled: 0,
        lastReconcileConflicts: 0,
        lastError: null,
      };
    const link = core.primaryLink.status();
    return {
      role: link.address ? "peer" : "none",
      address: link.address,
      reachable: link.reachable,
      pairingCode: null,
      peers: 0,
      unreconciled: link.unreconciled,
      lastReconcileConflicts: link.lastReconcileConflicts,
      lastError: link.lastError,
    };
  }

  async function stop(): Promise<void> {
    const current = running;
    running = null;
    if (!current) return;
    await current.advertisement?.stop();
    await current.server.close();
  }

  async function start(port: number): Promise<PrimaryStartResult> {
    const session = signedIn();
    if (core.primaryLink.isLinked())
      throw new PrimaryStateError("primary_linked", "This desk checks against a primary: disconnect it first");
    await stop();
    const db = core.database();
    const server = await startPrimaryServer({ db, port, host: options.host, now: options.now });
    const addresses = lanAddresses().map((host) => `http://${host}:${server.port}`);
    const advertisement = mdns
      ? advertisePrimary({ port: server.port, checkinId: session.checkinId, desk: session.desk })
      : null;
    running = { server, advertisement, addresses };
    db.prepare("INSERT OR REPLACE INTO primary_role (id, port, started_at) VALUES (1, ?, ?)").run(
      server.port,
      (options.now?.() ?? new Date()).toISOString(),
    );
    return { address: addresses[0]!, addresses, port: server.port, pairingCode: server.pairing.code() };
  }

  return {
    "primary.start": async (given = {}) => start(given.port ?? PRIMARY_DEFAULT_PORT),
    "primary.stop": async () => {
      await stop();
      core.database().prepare("DELETE FROM primary_role").run();
      return status();
    },
    "primary.discover": async () => {
      const session = signedIn();
      if (!mdns) return [];
      return browsePrimaries({ checkinId: session.checkinId, waitMs: options.discoverWaitMs });
    },
    "primary.connect": async (address, pairingCode) => {
      const session = signedIn();
      if (running) throw new PrimaryStateError("primary_running", "This desk is the primary: stop it first");
      const refusal = await core.primaryLink.connect(address, pairingCode, session).then(
        () => null,
        (error: unknown) => refusalOf(error),
      );
      return refusal ? { ok: false, reason: refusal, status: status() } : { ok: true, status: status() };
    },
    "primary.disconnect": async () => {
      core.primaryLink.disconnect();
      return status();
    },
    "primary.status": async () => status(),
    resume: async () => {
      const db = core.database();
      const role = db.prepare("SELECT port FROM primary_role WHERE id = 1").get() as { port: number } | undefined;
      if (!role || running || !readSession(db) || core.primaryLink.isLinked()) return null;
      return start(role.port);
    },
    close: stop,
  };
}

function refusalOf(error: unknown): PrimaryConnectRefusal {
  if (error instanceof InvalidPrimaryAddress) return "invalid_address";
  if (error instanceof PrimaryHttpError) {
    if (error.code === "wrong_pairing_code") return "wrong_pairing_code";
    if (error.code === "pairing_locked") return "pairing_locked";
    if (error.code === "other_session") return "other_session";
    return "not_a_primary";
  }
  // Something answered, but not a primary's JSON.
  if (error instanceof SyntaxError) return "not_a_primary";
  return "unreachable";
}

/** This machine's IPv4 addresses on the LAN, loopback last (a desk alone on its machine still has one). */
function lanAddresses(): string[] {
  const found = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry?.family === "IPv4" && !entry.internal)
    .map((entry) => entry!.address);
  return [...found, "127.0.0.1"];
}
