import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCheckin, eventBase, signedInDesk } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser, signedInUser } from "../../helpers/actors.ts";
import { openEventStream } from "../../helpers/eventStream.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { startTestServer } from "../../helpers/server.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** What the live routes push of a scan. */
interface ScanEvent {
  id: string;
  checkinId: string;
  result: string;
  guestName: string | null;
  desk: string | null;
}

/** The scans streamed at `url` to `token`'s user, resumed after `lastEventId` when given. */
const openStream = (url: string, token: string, lastEventId?: string) =>
  openEventStream<ScanEvent>(url, {
    Authorization: `Bearer ${token}`,
    ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}),
  });

/**
 * The live board's streams (issue 12 item 4): every scan of a session, or of the event, pushed as it is
 * recorded, after the last ones; resumed after a reconnect from its Last-Event-ID; for whoever sees the
 * event (404 to others, 401 to a desk token).
 */
describe.each(databaseKinds())("live scans on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { token: readerToken } = await listedUser(suite.server, event, { role: "reader" });
    const { token: organizerToken } = await signedInUser(suite.server, { accountId: account.id, role: "overseer" });
    const door = await buildCheckin(db, event, { name: "Door" });
    const hall = await buildCheckin(db, event, { name: "Hall" });
    const guests = await Promise.all(
      ["Ada", "Grace", "Hedy"].map((firstName) =>
        buildGuest(db, event, { firstName, lastName: "Guest", status: "confirmed" }),
      ),
    );
    const scan = (checkinId: string, guestId: string) =>
      suite.server.http
        .as(organizerToken)
        .post(`${eventBase(event)}/checkins/${checkinId}/check`, { scanId: randomUUID(), guestId, desk: "Door A" });
    const base = suite.server.baseUrl + eventBase(event);
    return { db, event, door, hall, readerToken, organizerToken, guests, scan, base };
  }

  it("streams the last scans, then each new one of the session, and the event's of every session", async () => {
    const { door, hall, readerToken, guests, scan, base } = await setUp();
    expect((await scan(door.id, guests[0]!.id)).body.result).toBe("ok");
    const session = await openStream(`${base}/checkins/${door.id}/live`, readerToken);
    const everything = await openStream(`${base}/checkin-scans/live`, readerToken);
    try {
      expect(session.response.headers.get("content-type")).toContain("text/event-stream");
      expect((await session.next(1)).map((event) => event.data.guestName)).toEqual(["Ada Guest"]);
      expect((await everything.next(1)).map((event) => event.data.guestName)).toEqual(["Ada Guest"]);
      await scan(hall.id, guests[1]!.id);
      await scan(door.id, guests[2]!.id);
      await scan(door.id, guests[2]!.id);
      const doorScans = await session.next(2);
      expect(doorScans.map((event) => [event.data.guestName, event.data.result])).toEqual([
        ["Hedy Guest", "ok"],
        ["Hedy Guest", "already_checked_in"],
      ]);
      const all = await everything.next(3);
      expect(all.map((event) => event.data.guestName)).toEqual(["Grace Guest", "Hedy Guest", "Hedy Guest"]);
      expect(all[0]!.data).toMatchObject({ checkinId: hall.id, desk: "Door A" });
    } finally {
      session.close();
      everything.close();
    }
  });

  it("resumes after a reconnect from the Last-Event-ID without losing a scan", async () => {
    const { door, readerToken, guests, scan, base } = await setUp();
    const first = await openStream(`${base}/checkins/${door.id}/live`, readerToken);
    await scan(door.id, guests[0]!.id);
    const [seen] = await first.next(1);
    first.close();
    // Recorded while no board watched.
    await scan(door.id, guests[1]!.id);
    await scan(door.id, guests[2]!.id);
    const again = await openStream(`${base}/checkins/${door.id}/live`, readerToken, seen!.id);
    try {
      const missed = await again.next(2);
      expect(missed.map((event) => event.data.guestName)).toEqual(["Grace Guest", "Hedy Guest"]);
    } finally {
      again.close();
    }
  });

  it("answers 404 to another account's user and 401 to a desk token or nobody", async () => {
    const { event, door, organizerToken, base } = await setUp();
    const other = await buildAccount(suite.server.db);
    const { token: strangerToken } = await signedInUser(suite.server, { accountId: other.id, role: "overseer" });
    const { deskToken } = await signedInDesk(suite.server, organizerToken, event, door.id);
    for (const url of [`${base}/checkins/${door.id}/live`, `${base}/checkin-scans/live`]) {
      expect((await fetch(url, { headers: { Authorization: `Bearer ${strangerToken}` } })).status).toBe(404);
      expect((await fetch(url, { headers: { Authorization: `Bearer ${deskToken}` } })).status).toBe(401);
      expect((await fetch(url)).status).toBe(401);
    }
  });
});

describe.each(databaseKinds().filter((kind) => kind === "postgres"))("live scans across API processes", () => {
  it("pushes a scan recorded by one process to a board connected to another", async () => {
    const first = await startTestServer({ kind: "postgres" });
    try {
      const { db, config } = first;
      // A second API process on the same database.
      const { createApp } = await import("../../../api/src/app.ts");
      const { createDeps } = await import("../../../api/src/wiring.ts");
      const deps = createDeps(config);
      const second = createApp(deps).listen(0, "127.0.0.1");
      await new Promise((resolve) => second.once("listening", resolve));
      try {
        const account = await buildAccount(db);
        const event = await buildEvent(db, account.id);
        const door = await buildCheckin(db, event, { name: "Door" });
        const [ada, grace] = await Promise.all(
          ["Ada", "Grace"].map((firstName) =>
            buildGuest(db, event, { firstName, lastName: "Guest", status: "confirmed" }),
          ),
        );
        const { token } = await signedInUser(first, { accountId: account.id, role: "overseer" });
        const scan = (guestId: string) =>
          first.http.as(token).post(`${eventBase(event)}/checkins/${door.id}/check`, { scanId: randomUUID(), guestId });
        expect((await scan(ada!.id)).body.result).toBe("ok");
        const port = (second.address() as { port: number }).port;
        const board = await openStream(`http://127.0.0.1:${port}${eventBase(event)}/checkin-scans/live`, token);
        try {
          // Ada's scan came in the backlog: the board listens now, and Grace's can only come live.
          expect((await board.next(1))[0]!.data.guestName).toBe("Ada Guest");
          expect((await scan(grace!.id)).body.result).toBe("ok");
          const [pushed] = await board.next(1);
          expect(pushed!.data).toMatchObject({ guestName: "Grace Guest", result: "ok", checkinId: door.id });
        } finally {
          board.close();
        }
      } finally {
        await new Promise((resolve) => second.close(resolve));
        second.closeAllConnections();
        await deps.stop();
      }
    } finally {
      await first.close();
    }
  });
});
