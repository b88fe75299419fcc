import type { DeskHandlers, DeskInfo, DeskSessionView, DeskStatus } from "./handlers.ts";
import { DeskHttpError, type FetchLike } from "./deskHttp.ts";
import { createLocalChecker, type LocalChecker } from "./localCheck.ts";
import { openLocalDb, type LocalDb } from "./localDb.ts";
import { createScanQueue } from "./queue.ts";
import { readSession, type LocalSession } from "./session.ts";
import { refresh, signIn } from "./snapshot.ts";

export interface DeskCoreOptions {
  version: string;
  platform: string;
  serverUrl?: string | null;
  /** The desk's local SQLite file (desk mode); opened on first need. */
  databaseFile?: string;
  fetch?: FetchLike;
  /** A call the server does not answer within this time fails (the desk works offline meanwhile). */
  timeoutMs?: number;
  /** Guests a snapshot page (the server's default and maximum apply). */
  pageSize?: number;
  now?: () => Date;
}

export type DeskCore = DeskHandlers & { close: () => void };

/** The desk's logic, free of Electron so it runs and is tested under plain Node. */
export function createDeskCore(options: DeskCoreOptions): DeskCore {
  let serverUrl = options.serverUrl ?? null;
  let online: boolean | null = null;
  let local: { db: LocalDb; checker: LocalChecker } | null = null;
  const now = options.now ?? (() => new Date());
  const info = (): DeskInfo => ({ version: options.version, platform: options.platform, serverUrl });
  const sync = { fetch: options.fetch, timeoutMs: options.timeoutMs ?? 3_000, pageSize: options.pageSize, now };

  function store() {
    if (!local) {
      if (!options.databaseFile) throw new Error("The desk has no local database");
      const db = openLocalDb(options.databaseFile);
      local = { db, checker: createLocalChecker(db, now) };
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
    "desk.check": async (scan) => store().checker.check(scan),
    "desk.status": async (): Promise<DeskStatus> => {
      const { db } = store();
      const session = readSession(db);
      const lastSyncAt = session?.lastSyncAt ?? null;
      return {
        signedIn: session !== null,
        online,
        lastSyncAt,
        lastSyncAgeMs: lastSyncAt ? now().getTime() - Date.parse(lastSyncAt) : null,
        pendingScans: createScanQueue(db).pendingCount(),
      };
    },
    close: () => {
      local?.db.close();
      local = null;
    },
  };
}
