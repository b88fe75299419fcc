import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["Check-in"];
const stream =
  "A Server-Sent Events stream (text/event-stream) of `scan` events, each a LiveScan as JSON with its id; first " +
  "the last 100 scans (or, with Last-Event-ID, those since that one, a few seconds back in case a scan " +
  "committed late: keep each id once), then every scan as it is recorded, in any API process. A comment " +
  "every 15 s keeps it open; the browser reconnects after 2 s. Anyone who sees the event.";

/** The live board's streams (issue 12 item 4): every scan of a session, or of the whole event. */
export const checkinLiveContracts = {
  session: contract({
    method: "get",
    path: "/events/:a/:e/checkins/:id/live",
    summary: "A check-in session's scans, live",
    description: stream,
    tags,
    params: EventScopedIdParams,
    download: "text/event-stream",
    errors: [404],
  }),
  event: contract({
    method: "get",
    path: "/events/:a/:e/checkin-scans/live",
    summary: "The event's scans at every session, live",
    description: stream,
    tags,
    params: EventScopedParams,
    download: "text/event-stream",
    errors: [404],
  }),
};
