import { useEffect, useState } from "react";
import type { LiveScan } from "@tessera/shared/schemas/checkinLive";
import { api } from "./api.ts";
import { mergeScans } from "./checkinLiveFigures.ts";

/** Whether the board's stream is open: connecting (first time), live, or reconnecting (the browser retries). */
export type LiveConnection = "connecting" | "live" | "reconnecting";

/**
 * The address of a live stream (shared/src/contracts/checkinLive.ts): one session's scans, or every session's
 * of the event. Same origin: the session cookie authenticates the EventSource.
 */
function liveScansUrl(accountId: string, eventId: string, checkinId: string | null): string {
  return checkinId
    ? api.checkinLive.session.url({ params: { a: accountId, e: eventId, id: checkinId } })
    : api.checkinLive.event.url({ params: { a: accountId, e: eventId } });
}

/** Reads a `scan` event's data; null for anything that is not a scan. */
function parseLiveScan(data: string): LiveScan | null {
  try {
    const scan = JSON.parse(data) as Partial<LiveScan> | null;
    return scan && typeof scan.id === "string" && typeof scan.receivedAt === "string" ? (scan as LiveScan) : null;
  } catch {
    return null;
  }
}

/**
 * The scans of a session (or of the event when `checkinId` is null), live: an EventSource that reconnects by
 * itself (sending Last-Event-ID, the server resending a few seconds back), each scan id kept once in a bounded
 * map. Scans arriving together are merged at once (50 ms).
 */
export function useLiveScans(accountId: string, eventId: string, checkinId: string | null) {
  const [scans, setScans] = useState<ReadonlyMap<string, LiveScan>>(() => new Map());
  const [connection, setConnection] = useState<LiveConnection>("connecting");

  useEffect(() => {
    setScans(new Map());
    setConnection("connecting");
    const url = liveScansUrl(accountId, eventId, checkinId);
    let source: EventSource | null = null;
    let pending: LiveScan[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      flushTimer = null;
      const batch = pending;
      pending = [];
      setScans((kept) => mergeScans(kept, batch));
    };
    const connect = () => {
      const opened = new EventSource(url);
      source = opened;
      opened.addEventListener("open", () => setConnection("live"));
      opened.addEventListener("error", () => {
        setConnection("reconnecting");
        // The browser retries by itself, except after an answer that is not a stream (a 5xx, a proxy's page):
        // then open a new one a little later (the scans already kept are merged by id).
        if (opened.readyState === EventSource.CLOSED) retryTimer = setTimeout(connect, 5_000);
      });
      opened.addEventListener("scan", (event) => {
        const scan = parseLiveScan((event as MessageEvent<string>).data);
        if (!scan) return;
        pending.push(scan);
        flushTimer ??= setTimeout(flush, 50);
      });
    };
    connect();
    return () => {
      source?.close();
      if (flushTimer) clearTimeout(flushTimer);
      if (retryTimer) clearTimeout(retryTimer);
    };
  }, [accountId, eventId, checkinId]);

  return { scans, connection };
}
