import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CheckinStatistics } from "@tessera/shared";
import type { Event } from "../../../api/src/models/Event.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCheckin, eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest, buildGuests } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The event's Statistics screen, its check-in part (GET /events/{a}/{e}/statistics/checkin and the legacy GET
 * /{event}/admin/statistics/getCheckin?id=): each session's figures (guests let in, admitted, no-shows, entries,
 * exits, present now, forced, refusals by reason) after scans at two desks, online and offline, refused and
 * forced ones; arrivals in buckets of 5 and 15 minutes, an hour and a day cut on the event's wall clock (a
 * zone half an hour off UTC, a day across a change of clocks); each desk's work; no-shows over more than a page
 * of guests; hidden from another account.
 */
describe.each(databaseKinds())("the event's check-in statistics on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(timezone = "Europe/Paris") {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { timezone });
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const pass = await buildCustomField(db, event, {
      label: "Pass",
      type: "unique_choice",
      options: [
        { id: "vip", label: "VIP" },
        { id: "std", label: "Standard" },
      ],
    });
    const figures = async (query = "") => {
      const response = await http.get(`${eventBase(event)}/statistics/checkin${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as CheckinStatistics;
    };
    return { db, account, event, http, pass, figures };
  }

  /** Scans of a session through the organizer API, each at its time: one at a time online, or a desk's upload. */
  function scanner(http: Awaited<ReturnType<typeof setUp>>["http"], event: Event, checkinId: string) {
    const url = `${eventBase(event)}/checkins/${checkinId}`;
    return {
      online: async (body: Record<string, unknown>) => {
        const response = await http.post(`${url}/check`, { scanId: randomUUID(), ...body });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body.result as string;
      },
      offline: async (scans: Record<string, unknown>[]) => {
        const response = await http.post(`${url}/checks`, {
          scans: scans.map((scan) => ({ scanId: randomUUID(), ...scan })),
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return (response.body.data as { result: string; forced: boolean }[]).map((a) => [a.result, a.forced]);
      },
    };
  }

  it("counts each session, the arrivals in 5-minute buckets and each desk, of the event and of one session", async () => {
    const { db, event, http, pass, figures } = await setUp();
    const main = await buildCheckin(db, event, {
      name: "Main door",
      conditions: { field: pass.id, op: "includes", value: ["vip"] },
      exitScans: true,
      reentryAfterExit: true,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const workshop = await buildCheckin(db, event, { name: "Workshop", createdAt: new Date("2026-01-02T00:00:00Z") });
    const pendingDesk = await buildCheckin(db, event, {
      name: "Pending desk",
      conditions: { guest: "status", op: "in", value: ["pending_approval"] },
      createdAt: new Date("2026-01-03T00:00:00Z"),
    });
    const vips = await Promise.all(
      [0, 1, 2, 3].map(() => buildGuest(db, event, { status: "confirmed", answers: { [pass.id]: "vip" } })),
    );
    const standard = await buildGuest(db, event, { status: "confirmed", answers: { [pass.id]: "std" } });
    const pending = await buildGuest(db, event, { status: "pending_approval", answers: { [pass.id]: "vip" } });
    const at = (time: string) => `2026-06-12T${time}:00.000Z`;

    // Main door: an offline desk's upload, at two desks (09:02 to 09:45 in Paris).
    const door = scanner(http, event, main.id);
    expect(
      await door.offline([
        { guestId: vips[0]!.id, desk: "Door A", scannedAt: at("07:02") },
        { guestId: vips[1]!.id, desk: "Door B", scannedAt: at("07:04") },
        { guestId: vips[0]!.id, desk: "Door B", scannedAt: at("07:06"), localResult: "already_checked_in" },
        { guestId: standard.id, desk: "Door A", scannedAt: at("07:12"), localResult: "not_allowed" },
        { guestId: pending.id, desk: "Door A", scannedAt: at("07:13"), localResult: "not_confirmed" },
        // The desk let a guest in whom the rules leave out: a forced entry (flagged).
        { guestId: standard.id, desk: "Door B", scannedAt: at("07:20") },
        { guestId: vips[1]!.id, desk: "Door B", scannedAt: at("07:30"), direction: "out" },
        { guestId: vips[1]!.id, desk: "Door A", scannedAt: at("07:41") },
        { guestId: randomUUID(), desk: "Door A", scannedAt: at("07:45"), localResult: "unknown" },
      ]),
    ).toEqual([
      ["ok", false],
      ["ok", false],
      ["already_checked_in", false],
      ["not_allowed", false],
      ["not_confirmed", false],
      ["ok", true],
      ["ok", false],
      ["ok", false],
      ["unknown", false],
    ]);
    // Workshop (every confirmed guest): online scans, a supervisor forcing a pending guest in.
    const room = scanner(http, event, workshop.id);
    expect(await room.online({ guestId: vips[2]!.id, desk: "Door A", scannedAt: at("07:50") })).toBe("ok");
    expect(await room.online({ guestId: pending.id, desk: "Door A", scannedAt: at("07:52") })).toBe("not_confirmed");
    expect(await room.online({ guestId: pending.id, desk: "Door A", scannedAt: at("07:53"), force: true })).toBe("ok");
    expect(await room.online({ guestId: vips[2]!.id, desk: "Door B", scannedAt: at("07:55") })).toBe(
      "already_checked_in",
    );

    const refusals = (counts: Record<string, number>) => ({
      already_checked_in: 0,
      not_checked_in: 0,
      not_allowed: 0,
      not_confirmed: 0,
      unpaid: 0,
      unknown: 0,
      revoked: 0,
      other_event: 0,
      ...counts,
    });
    const mainFigures = {
      id: main.id,
      name: "Main door",
      type: "online",
      allowedGuests: 4,
      admitted: 3,
      noShows: 2,
      entries: 4,
      exits: 1,
      presentNow: 3,
      forced: 1,
      refused: 4,
      refusedBy: refusals({ already_checked_in: 1, not_allowed: 1, not_confirmed: 1, unknown: 1 }),
    };
    const everything = await figures();
    expect(everything.timezone).toBe("Europe/Paris");
    expect(everything.checkinId).toBeNull();
    expect(everything.sessions).toEqual([
      {
        id: pendingDesk.id,
        name: "Pending desk",
        type: "online",
        allowedGuests: 1,
        admitted: 0,
        noShows: 1,
        entries: 0,
        exits: 0,
        presentNow: 0,
        forced: 0,
        refused: 0,
        refusedBy: refusals({}),
      },
      {
        id: workshop.id,
        name: "Workshop",
        type: "online",
        allowedGuests: 5,
        admitted: 2,
        // The pending guest forced in is not one the session lets in: the no-shows are 4 of its 5 confirmed guests.
        noShows: 4,
        entries: 2,
        exits: 0,
        presentNow: 2,
        forced: 1,
        refused: 2,
        refusedBy: refusals({ already_checked_in: 1, not_confirmed: 1 }),
      },
      mainFigures,
    ]);
    const fiveMinutes = (counts: number[]) =>
      counts.map((arrivals, index) => ({
        start: new Date(Date.parse(at("07:00")) + index * 300_000).toISOString(),
        arrivals,
      }));
    // Arrivals (guests let in, forced and re-entries included) at 07:02, 07:04, 07:20, 07:41, 07:50 and 07:53.
    expect(everything.arrivals).toEqual({
      bucket: "5min",
      total: 6,
      points: fiveMinutes([2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2]),
    });
    expect(everything.desks).toEqual([
      { desk: "Door A", entries: 4, exits: 0, refused: 4, scans: 8 },
      { desk: "Door B", entries: 2, exits: 1, refused: 2, scans: 5 },
    ]);

    const one = await figures(`?checkinId=${main.id}`);
    expect(one).toEqual({
      timezone: "Europe/Paris",
      checkinId: main.id,
      sessions: [mainFigures],
      arrivals: { bucket: "5min", total: 4, points: fiveMinutes([2, 0, 0, 0, 1, 0, 0, 0, 1]) },
      desks: [
        { desk: "Door A", entries: 2, exits: 0, refused: 3, scans: 5 },
        { desk: "Door B", entries: 2, exits: 1, refused: 1, scans: 4 },
      ],
    });
    // The legacy route answers the same figures, the event named by its slug and the session by `id`.
    const legacy = await http.get(`/${event.slug}/admin/statistics/getCheckin?id=${main.id}`);
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    expect(legacy.body).toEqual(one);
  });

  it("cuts 15-minute, hour and day buckets on the event's wall clock", async () => {
    const cases = [
      {
        timezone: "UTC",
        times: ["2026-06-12T08:01:00Z", "2026-06-12T08:14:59Z", "2026-06-12T12:00:00Z"],
        bucket: "15min",
        first: { start: "2026-06-12T08:00:00.000Z", arrivals: 2 },
        last: { start: "2026-06-12T12:00:00.000Z", arrivals: 1 },
        points: 17,
      },
      {
        // Kolkata is 5 h 30 ahead of UTC: its hours start at half past, UTC. 10:40 and 10:50, then 09:10 the next day.
        timezone: "Asia/Kolkata",
        times: ["2026-06-12T05:10:00Z", "2026-06-12T05:20:00Z", "2026-06-13T03:40:00Z"],
        bucket: "hour",
        first: { start: "2026-06-12T04:30:00.000Z", arrivals: 2 },
        last: { start: "2026-06-13T03:30:00.000Z", arrivals: 1 },
        points: 24,
      },
      {
        // New York moves its clocks forward on 8 March: its days start at 05:00 UTC before, 04:00 after.
        // 6 March 23:30 (7 March in UTC), 8 March 12:00 and 11 March 08:00 in New York.
        timezone: "America/New_York",
        times: ["2026-03-07T04:30:00Z", "2026-03-08T16:00:00Z", "2026-03-11T12:00:00Z"],
        bucket: "day",
        first: { start: "2026-03-06T05:00:00.000Z", arrivals: 1 },
        last: { start: "2026-03-11T04:00:00.000Z", arrivals: 1 },
        points: 6,
        every: [
          { start: "2026-03-06T05:00:00.000Z", arrivals: 1 },
          { start: "2026-03-07T05:00:00.000Z", arrivals: 0 },
          { start: "2026-03-08T05:00:00.000Z", arrivals: 1 },
          { start: "2026-03-09T04:00:00.000Z", arrivals: 0 },
          { start: "2026-03-10T04:00:00.000Z", arrivals: 0 },
          { start: "2026-03-11T04:00:00.000Z", arrivals: 1 },
        ],
      },
    ];
    for (const expected of cases) {
      const { db, event, http, figures } = await setUp(expected.timezone);
      const checkin = await buildCheckin(db, event, { multipleEntries: true });
      const guest = await buildGuest(db, event, { status: "confirmed" });
      await scanner(http, event, checkin.id).offline(
        expected.times.map((scannedAt) => ({ guestId: guest.id, desk: "Door A", scannedAt })),
      );
      const { arrivals } = await figures();
      expect(arrivals.bucket, expected.timezone).toBe(expected.bucket);
      expect(arrivals.total).toBe(3);
      expect(arrivals.points, expected.timezone).toHaveLength(expected.points);
      expect(arrivals.points[0]).toEqual(expected.first);
      expect(arrivals.points.at(-1)).toEqual(expected.last);
      expect(arrivals.points.reduce((sum, point) => sum + point.arrivals, 0)).toBe(3);
      if (expected.every) expect(arrivals.points).toEqual(expected.every);
    }
  });

  it("counts the no-shows of a rule over more than a page of guests, and says when there is nothing", async () => {
    const { db, event, http, pass, figures } = await setUp();
    expect(await figures()).toEqual({
      timezone: "Europe/Paris",
      checkinId: null,
      sessions: [],
      arrivals: { bucket: "5min", total: 0, points: [] },
      desks: [],
    });
    const checkin = await buildCheckin(db, event, { conditions: { field: pass.id, op: "includes", value: ["vip"] } });
    const ids = await buildGuests(db, event, 2_500, (index) => ({
      status: index % 5 === 4 ? "pending_approval" : "confirmed",
      answers: { [pass.id]: index % 2 === 0 ? "vip" : "std" },
    }));
    // Confirmed VIPs: even indexes but every fifth (index % 5 === 4 is pending) → 1,000.
    const allowedVips = ids.filter((_, index) => index % 2 === 0 && index % 5 !== 4);
    expect(allowedVips).toHaveLength(1_000);
    const before = await figures();
    expect(before.sessions[0]).toMatchObject({ allowedGuests: 1_000, admitted: 0, noShows: 1_000, entries: 0 });
    expect(before.arrivals.points).toEqual([]);
    await scanner(http, event, checkin.id).offline(
      [allowedVips[0]!, allowedVips[999]!, ids[1]!].map((guestId) => ({ guestId, desk: "Door A" })),
    );
    expect((await figures()).sessions[0]).toMatchObject({
      allowedGuests: 1_000,
      // The standard guest let in by the offline desk is forced in: admitted, not one of the rule's no-shows.
      admitted: 3,
      noShows: 998,
      forced: 1,
    });
  });

  it("hides the figures from another account, and a session of another event (404)", async () => {
    const { db, account, event, http, figures } = await setUp();
    const checkin = await buildCheckin(db, event);
    const elsewhere = await buildCheckin(db, await buildEvent(db, account.id));
    expect((await figures(`?checkinId=${checkin.id}`)).sessions).toHaveLength(1);
    expect((await http.get(`${eventBase(event)}/statistics/checkin?checkinId=${elsewhere.id}`)).status).toBe(404);
    expect((await http.get(`/${event.slug}/admin/statistics/getCheckin?id=${elsewhere.id}`)).status).toBe(404);
    expect((await http.get(`/${event.slug}/admin/statistics/getCheckin?id=${randomUUID()}`)).status).toBe(404);
    expect((await http.get(`/${event.slug}/admin/statistics/getCheckin`)).status).toBe(422);

    const outsider = await buildUser(db, { accountId: (await buildAccount(db)).id, role: "overseer" });
    const outsiderHttp = suite.server.http.as(await sessionTokenFor(db, suite.server.config, outsider));
    for (const path of [
      `${eventBase(event)}/statistics/checkin`,
      `${eventBase(event)}/statistics/checkin?checkinId=${checkin.id}`,
      `/${event.slug}/admin/statistics/getCheckin?id=${checkin.id}`,
    ]) {
      const response = await outsiderHttp.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
  });
});
