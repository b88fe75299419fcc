/**
 * The primary desk's server on the LAN (issue 13, item 5): its peers send it each scan (POST /primary/check)
 * and, after a gap, the scans they answered alone (POST /primary/reconcile); GET /primary/hello names the
 * session for discovery and tells a peer whether it is paired; POST /primary/pair trades the code shown on the
 * primary for a peer's secret. Every other call needs that secret (401 without it). Plain node:http and JSON.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TSchema, Static } from "@sinclair/typebox";
import { validate } from "@tessera/shared/validation";
import { createLocalChecker } from "../localCheck.ts";
import type { LocalDb } from "../localDb.ts";
import { readSession } from "../session.ts";
import { createPairing, type Pairing } from "./pairing.ts";
import {
  PairBody,
  PeerCheckBody,
  PRIMARY_BODY_MAX,
  ReconcileBody,
  type HelloAnswer,
  type PairAnswer,
  type PrimaryErrorBody,
} from "./protocol.ts";
import { createVenueRecord } from "./venueRecord.ts";

export interface PrimaryServerOptions {
  db: LocalDb;
  /** 0: any free port (tests). */
  port?: number;
  host?: string;
  now?: () => Date;
}

export interface PrimaryServer {
  port: number;
  pairing: Pairing;
  close: () => Promise<void>;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: unknown[],
  ) {
    super(message);
  }
}

export async function startPrimaryServer(options: PrimaryServerOptions): Promise<PrimaryServer> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const pairing = createPairing(db, now);
  const record = createVenueRecord(db, createLocalChecker(db, now), now);

  function sessionOrFail() {
    const session = readSession(db);
    if (!session) throw new RequestError(503, "not_signed_in", "The primary desk is not signed in to a session");
    return session;
  }

  /** The session, when it is the request's: a peer paired before this desk signed in to another is not answered. */
  function sameSession(checkinId: string) {
    const session = sessionOrFail();
    if (session.checkinId !== checkinId)
      throw new RequestError(409, "other_session", "This primary desk serves another check-in session");
    return session;
  }

  /** The paired desk the request's bearer secret names, or null. */
  function peerOf(request: IncomingMessage): string | null {
    const header = request.headers.authorization ?? "";
    return pairing.peerOf(header.startsWith("Bearer ") ? header.slice("Bearer ".length) : null);
  }

  function pairedOrFail(request: IncomingMessage): void {
    if (!peerOf(request)) throw new RequestError(401, "not_paired", "This desk is not paired with the primary");
  }

  async function route(request: IncomingMessage): Promise<unknown> {
    const path = new URL(request.url ?? "/", "http://primary").pathname;
    const method = request.method ?? "GET";
    if (method === "GET" && path === "/primary/hello") {
      const session = sessionOrFail();
      const paired = peerOf(request) !== null;
      return { checkinId: session.checkinId, name: session.name, desk: session.desk, paired } satisfies HelloAnswer;
    }
    if (method === "POST" && path === "/primary/pair") {
      const body = await bodyOf(request, PairBody);
      const session = sameSession(body.checkinId);
      const paired = pairing.pair(body.pairingCode, body.desk);
      if ("refused" in paired) {
        if (paired.refused === "locked")
          throw new RequestError(429, "pairing_locked", "Too many wrong pairing codes: try again in a moment");
        throw new RequestError(401, "wrong_pairing_code", "The pairing code is wrong");
      }
      return {
        secret: paired.secret,
        checkinId: session.checkinId,
        name: session.name,
        desk: session.desk,
      } satisfies PairAnswer;
    }
    if (method === "POST" && path === "/primary/check") {
      pairedOrFail(request);
      const body = await bodyOf(request, PeerCheckBody);
      sameSession(body.checkinId);
      if (!body.code && !body.guestId)
        throw new RequestError(400, "invalid_body", "A scan needs a code or a guest", [{ field: "code" }]);
      return record.checkPeerScan(body);
    }
    if (method === "POST" && path === "/primary/reconcile") {
      pairedOrFail(request);
      const body = await bodyOf(request, ReconcileBody);
      sameSession(body.checkinId);
      return record.reconcile(body.desk, body.scans);
    }
    throw new RequestError(404, "not_found", `No route ${method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    route(request).then(
      (answer) => send(response, 200, answer),
      (error: unknown) => {
        if (error instanceof RequestError) {
          const body: PrimaryErrorBody = {
            error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
          };
          send(response, error.status, body);
        } else {
          send(response, 500, { error: { code: "internal", message: "The primary desk failed to answer" } });
        }
      },
    );
  });
  // A peer's requests are small and quick: a connection left idle is not kept for long.
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    pairing,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

/** The request's JSON body, refused when larger than PRIMARY_BODY_MAX, not JSON, or not the schema's shape. */
async function bodyOf<S extends TSchema>(request: IncomingMessage, schema: S): Promise<Static<S>> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end, keeping nothing past the limit: answering before the body is in would reset the peer.
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= PRIMARY_BODY_MAX) chunks.push(chunk as Buffer);
  }
  if (size > PRIMARY_BODY_MAX) throw tooLarge();
  let data: unknown;
  try {
    data = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new RequestError(400, "invalid_json", "The request body is not JSON");
  }
  const checked = validate(schema, data);
  if (!checked.ok) throw new RequestError(400, "invalid_body", "The request body is not valid", checked.issues);
  return checked.value;
}

const tooLarge = () => new RequestError(413, "too_large", `The request body is over ${PRIMARY_BODY_MAX} bytes`);
