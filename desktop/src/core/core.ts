import { randomUUID } from "node:crypto";
import { SCANNED_CODE_MAX } from "@tessera/shared/rules/checkins";
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { DeskHandlers, DeskInfo, DeskSessionView, DeskStatus, DeskSyncResult } from "./handlers.ts";
import { deskRequest, DeskHttpError, type DeskHttpOptions, type FetchLike } from "./deskHttp.ts";
import { createLocalChecker, type LocalChecker } from "./localCheck.ts";
import { openLocalDb, type LocalDb } from "./localDb.ts";
import { createPeerLink, type PeerLink } from "./primary/peerLink.ts";
import { withPeerDesk } from "./primary/venueRecord.ts";
import { createScanQueue, type ScanQueue } from "./queue.ts";
import { readSession, type LocalSession } from "./session.ts";
import { refresh, signIn } from "./snapshot.ts";
import { isUnreachable, listConflicts, uploadPending } from "./sync.ts";

export interface DeskCoreOptions {
  version: string;
  platform: string;
  serverUrl?: string | null;
  /** The desk's local SQLite file (desk mode); opened on first need. */
  databaseFile?: string;
  fetch?: FetchLike;
  /** A call the server does not answer within this time fails (the desk works offline meanwhile). */
  timeoutMs?: number;
  /**
   * The same for a sync's transfers (a batch of scans written, a page of the snapshot): longer, as a busy server
   * may take more than the liveness timeout to write a batch, and the desk stays offline-capable meanwhile.
   */
  syncTimeoutMs?: number;
  /** Guests a snapshot page (the server's default and maximum apply). */
  pageSize?: number;
  now?: () => Date;
  /** Scans an upload request (the route's maximum applies). */
  uploadBatchSize?: number;
  /**
   * How often the background loop runs (ms): offline, it probes the server and syncs once it answers; online,
   * it uploads what is pending when the last failure's wait is over. 0: no background loop.
   */
  probeIntervalMs?: number;
  /** The first wait after a failed sync (ms), doubled at each failure in a row up to a minute. */
  retryBaseMs?: number;
  /** A check the venue's primary desk does not answer within this time is answered here (default 1.5 s). */
  primaryTimeoutMs?: number;
  /** After the primary failed to answer, checks are answered here for this long before it is tried again. */
  primaryRetryMs?: number;
}

const RETRY_MAX_MS = 60_000;

export type DeskCore = DeskHandlers & {
  /** The desk's local database (opened on first need), for the handler groups composed with the core. */
  database: () => LocalDb;
  /** The link to the venue's primary desk (primary/handlers.ts pairs and unpairs it). */
  primaryLink: PeerLink;
  close: () => void;
};

/** The desk's logic, free of Electron so it runs and is tested under plain Node. */
export function createDeskCore(options: DeskCoreOptions): DeskCore {
  let serverUrl = options.serverUrl ?? null;
  let online: boolean | null = null;
  let local: { db: LocalDb; checker: LocalChecker; queue: ScanQueue } | null = null;
  const now = options.now ?? (() => new Date());
  const info = (): DeskInfo => ({ version: options.version, platform: options.platform, serverUrl });
  const timeoutMs = options.timeoutMs ?? 3_000;
  const syncTimeoutMs = Math.max(timeoutMs, options.syncTimeoutMs ?? 30_000);
  const sync = { fetch: options.fetch, timeoutMs: syncTimeoutMs, pageSize: options.pageSize, now };
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  let failures = 0;
  let nextAttemptAt = 0;
  let lastSyncError: string | null = null;
  let syncing: Promise<DeskSyncResult> | null = null;
  let isProbing = false;
  let isClosed = false;
  const primaryLink = createPeerLink({
    database: () => store().db,
    fetch: options.fetch,
    timeoutMs: options.primaryTimeoutMs,
    retryMs: options.primaryRetryMs,
  });

  function store() {
    if (!local) {
      if (!options.databaseFile) throw new Error("The desk has no local database");
      const db = openLocalDb(options.databaseFile);
      local = { db, checker: createLocalChecker(db, now), queue: createScanQueue(db) };
    }
    return local;
  }

  /** Runs a call to the server, noting whether it answered (an HTTP error is an answer). */
  async function reaching<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      online = true;
      return result;
    } catch (error) {
      online = error instanceof DeskHttpError;
      throw error;
    }
  }

  /** The server the desk calls now (its address may have been changed since the sign-in) with its token. */
  function httpOf(session: LocalSession): DeskHttpOptions {
    return { serverUrl: serverUrl ?? session.serverUrl, token: session.token, fetch: options.fetch, timeoutMs };
  }

  /** Uploads then refreshes, one at a time: a second call waits for the one under way, then runs its own. */
  function syncNow(): Promise<DeskSyncResult> {
    const previous = syncing ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(syncOnce);
    const current = run.finally(() => {
      if (syncing === current) syncing = null;
    });
    syncing = current;
    return current;
  }

  async function syncOnce(): Promise<DeskSyncResult> {
    const { db } = store();
    const session = readSession(db);
    if (!session) throw new Error("The desk is not signed in");
    const http = { ...httpOf(session), timeoutMs: syncTimeoutMs };
    try {
      const uploaded = await uploadPending(db, http, { batchSize: options.uploadBatchSize, now });
      const refreshed = await refresh(db, { ...sync, serverUrl: http.serverUrl });
      online = true;
      failures = 0;
      nextAttemptAt = 0;
      lastSyncError = null;
      return {
        uploaded: uploaded.uploaded,
        repeated: uploaded.repeated,
        flagged: uploaded.flagged,
        refresh: refreshed,
      };
    } catch (error) {
      if (isUnreachable(error)) online = false;
      else online = true;
      failures += 1;
      nextAttemptAt = Date.now() + Math.min(retryBaseMs * 2 ** (failures - 1), RETRY_MAX_MS);
      lastSyncError = error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  /**
   * The background loop's step: bring the desk back online when the server answers, and sync what is pending
   * once the wait after the last failed sync is over.
   */
  async function tick(): Promise<void> {
    if (isClosed || !local || syncing || isProbing) return;
    const session = readSession(local.db);
    if (!session) return;
    await primaryLink.probe();
    if (isClosed || !local) return;
    if (online === false) {
      isProbing = true;
      try {
        await deskRequest(httpOf(session), "GET", "/desk/session");
        online = true;
      } catch (error) {
        if (isUnreachable(error)) return;
        online = true;
      } finally {
        isProbing = false;
      }
    }
    if (isClosed || !local || Date.now() < nextAttemptAt) return;
    const pending = local.queue.pendingCount();
    if (pending > 0 || lastSyncError !== null) await syncNow().catch(() => undefined);
  }

  const probeIntervalMs = options.probeIntervalMs ?? 5_000;
  const timer =
    probeIntervalMs > 0
      ? setInterval(() => {
          void tick();
        }, probeIntervalMs)
      : null;
  timer?.unref();

  /**
   * A check: to the server while online with nothing pending (its answer within the timeout), recorded as
   * uploaded; otherwise to the venue's primary desk if this desk has one and it answers, queued with its answer;
   * otherwise verified here and queued (no answer in time: the desk goes offline until the background probe
   * finds the server again). A scan the primary did not answer is sent to it before the next one it answers.
   */
  async function check(scan: Parameters<DeskHandlers["desk.check"]>[0]): Promise<ScanAnswer> {
    const { db, checker, queue } = store();
    const session = readSession(db);
    if (!session) throw new Error("The desk is not signed in");
    const code = scan.code?.trim() ? scan.code.trim() : undefined;
    if (!code && !scan.guestId) throw new Error("A scan needs a code or a guest");
    const scanId = randomUUID();
    const scannedAt = now().toISOString();
    const direction = scan.direction ?? "in";
    // What the server or the primary desk is asked; a code longer than the server takes goes to neither.
    const asked =
      !code || code.length <= SCANNED_CODE_MAX
        ? { scanId, ...(code ? { code } : { guestId: scan.guestId }), direction, scannedAt }
        : null;
    // Online only with an empty queue: the server must know this desk's earlier scans before it answers.
    if (asked && online !== false && queue.pendingCount() === 0) {
      try {
        const answer = await deskRequest<ScanAnswer>(httpOf(session), "POST", "/desk/check", asked);
        online = true;
        const guestId = answer.guest?.id ?? scan.guestId ?? null;
        queue.recordAnswered({ ...asked, code: code ?? null, guestId, localResult: answer.result, answer }, now());
        primaryLink.noteAnsweredWithout(scanId);
        return answer;
      } catch (error) {
        if (!isUnreachable(error)) {
          online = true;
          throw error;
        }
        // No answer in time: answered here under the same scan id (the server may have it already: a repeat).
        online = false;
      }
    }
    if (asked) {
      const answer = await primaryLink.check(asked);
      if (answer) {
        const guestId = answer.guest?.id ?? scan.guestId ?? null;
        queue.record({ ...asked, code: code ?? null, guestId, localResult: answer.result, answer });
        return answer;
      }
    }
    const answer = checker.check({ ...scan, scanId, scannedAt });
    primaryLink.noteAnsweredWithout(scanId);
    return withPeerDesk(db, answer);
  }

  const view = (session: LocalSession): DeskSessionView => ({
    checkinId: session.checkinId,
    eventId: session.eventId,
    name: session.name,
    desk: session.desk,
    serverUrl: session.serverUrl,
    options: session.options,
    displayedFields: session.displayedFields,
  });

  return {
    "desk.info": async () => info(),
    "desk.setServerUrl": async (url: string) => {
      const parsed = new URL(url);
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
        throw new Error("The server address must be http(s)");
      serverUrl = parsed.origin;
      return info();
    },
    "desk.signIn": async (code: string, desk: string) => {
      if (!serverUrl) throw new Error("Set the server address first");
      const { db } = store();
      const url = serverUrl;
      await reaching(() => signIn(db, url, code, desk, sync));
      return view(readSession(db)!);
    },
    "desk.refresh": async () => {
      const { db } = store();
      return reaching(() => refresh(db, sync));
    },
    "desk.check": check,
    "desk.status": async (): Promise<DeskStatus> => {
      const { db, queue } = store();
      const session = readSession(db);
      const lastSyncAt = session?.lastSyncAt ?? null;
      return {
        signedIn: session !== null,
        online,
        lastSyncAt,
        lastSyncAgeMs: lastSyncAt ? now().getTime() - Date.parse(lastSyncAt) : null,
        pendingScans: queue.pendingCount(),
        conflicts: listConflicts(db).length,
        lastSyncError,
      };
    },
    "desk.sync": syncNow,
    "desk.conflicts": async () => listConflicts(store().db),
    database: () => store().db,
    primaryLink,
    close: () => {
      isClosed = true;
      if (timer) clearInterval(timer);
      local?.db.close();
      local = null;
    },
  };
}
