import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listedUser } from "../../helpers/actors.ts";
import { buildCheckin, eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Merging two guests (issue 12) keeps what happened at the door: the merged guest's check-in entries and scans
 * and their badge prints move to the kept guest in the merge's transaction (one entry row per session and
 * guest: two become one), and the merged guest's entry code is revoked by the user merging.
 */
describe.each(databaseKinds())("a guest merge keeps the door's history on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Forum 2027" });
    const editor = await listedUser(suite.server, event, { role: "editor", firstName: "Eve", lastName: "Door" });
    const hall = await buildCheckin(db, event, { name: "Hall", exitScans: true, reentryAfterExit: true });
    const workshop = await buildCheckin(db, event, { name: "Workshop" });
    const keep = await buildGuest(db, event, { firstName: "Ana", lastName: "Lopez", status: "confirmed" });
    const merge = await buildGuest(db, event, { firstName: "Ana", lastName: "López", status: "confirmed" });
    const base = eventBase(event);
    const scan = async (checkinId: string, body: Record<string, unknown>) => {
      const response = await editor.http.post(`${base}/checkins/${checkinId}/check`, { scanId: randomUUID(), ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as { result: string };
    };
    const mergeGuests = async () => {
      const merged = await editor.http.post(`${base}/duplicates/merge`, { keepId: keep.id, mergeId: merge.id });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    };
    return { db, event, editor, hall, workshop, keep, merge, base, scan, mergeGuests };
  }

  it("moves the entries and scans: one entry per session, the earliest first entry, nothing counted lost", async () => {
    const { db, hall, workshop, keep, merge, base, editor, scan, mergeGuests } = await setUp();
    // The merged guest came in first at the hall and again (refused); the kept guest came in later, went out.
    expect(await scan(hall.id, { guestId: merge.id, scannedAt: "2027-03-01T08:00:00.000Z" })).toMatchObject({
      result: "ok",
    });
    expect(await scan(hall.id, { guestId: merge.id, scannedAt: "2027-03-01T08:05:00.000Z" })).toMatchObject({
      result: "already_checked_in",
    });
    const keptIn = await scan(hall.id, { guestId: keep.id, scannedAt: "2027-03-01T09:00:00.000Z" });
    expect(keptIn.result).toBe("ok");
    await scan(hall.id, { guestId: keep.id, direction: "out", scannedAt: "2027-03-01T10:00:00.000Z" });
    // Only the merged guest went to the workshop.
    await scan(workshop.id, { guestId: merge.id, scannedAt: "2027-03-01T11:00:00.000Z" });
    const keptInScan = (await db("checkinScans")
      .where({ checkinId: hall.id, guestId: keep.id, direction: "in" })
      .first("id")) as { id: string };
    const scanIds = (await db("checkinScans").orderBy("id").pluck("id")) as string[];

    await mergeGuests();

    expect(await db("checkinEntries").where({ guestId: merge.id })).toEqual([]);
    const [hallEntry] = (await db("checkinEntries").where({ checkinId: hall.id })) as Record<string, unknown>[];
    expect(hallEntry).toMatchObject({ guestId: keep.id, state: "in", lastInScanId: keptInScan.id });
    expect([Number(hallEntry!.entries), Number(hallEntry!.exits)]).toEqual([2, 1]);
    expect(new Date(hallEntry!.firstInAt as string).toISOString()).toBe("2027-03-01T08:00:00.000Z");
    expect(new Date(hallEntry!.lastInAt as string).toISOString()).toBe("2027-03-01T09:00:00.000Z");
    const workshopEntries = await db("checkinEntries").where({ checkinId: workshop.id }).select("guestId", "state");
    expect(workshopEntries).toEqual([{ guestId: keep.id, state: "in" }]);

    // Every scan is still there, each the kept guest's.
    expect((await db("checkinScans").orderBy("id").pluck("id")) as string[]).toEqual(scanIds);
    const owners = (await db("checkinScans").select("guestId")) as { guestId: string }[];
    expect(new Set(owners.map((row) => row.guestId))).toEqual(new Set([keep.id]));

    const stats = await editor.http.get(`${base}/checkins/${hall.id}/stats`);
    expect(stats.body).toMatchObject({ checkedIn: 1, presentNow: 1, entries: 2, exits: 1, scans: 4 });
    // In since the merged guest's entry: the hall answers an exit, then lets them back in.
    expect(await scan(hall.id, { guestId: keep.id, direction: "out" })).toMatchObject({ result: "ok" });
    expect(await scan(workshop.id, { guestId: keep.id })).toMatchObject({ result: "already_checked_in" });
  });

  it("moves the badge prints, numbered again in the order they were made", async () => {
    const { keep, merge, base, editor, mergeGuests } = await setUp();
    const template = await editor.http.post(`${base}/ebadges`, {
      name: "Attendee",
      format: "a6",
      blocks: [{ id: "name", type: "guestField", field: "fullName", x: 5, y: 20, width: 95, height: 15 }],
    });
    expect(template.status).toBe(201);
    const print = async (guestId: string, reason?: string) => {
      const response = await editor.http.post(`${base}/ebadges/prints`, { guestId, ...(reason ? { reason } : {}) });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.id as string;
    };
    const mergedFirst = await print(merge.id);
    const keptFirst = await print(keep.id);
    const mergedReprint = await print(merge.id, "Coffee on it");

    await mergeGuests();

    const prints = await editor.http.get(`${base}/users/${keep.id}/ebadge-prints`);
    expect(prints.status).toBe(200);
    expect(prints.body.printCount).toBe(3);
    const numbers = Object.fromEntries(
      (prints.body.data as { id: string; printNumber: number }[]).map((row) => [row.id, row.printNumber]),
    );
    expect(numbers).toEqual({ [mergedFirst]: 1, [keptFirst]: 2, [mergedReprint]: 3 });
    // The next print is the fourth, a reprint that needs its reason.
    const unexplained = await editor.http.post(`${base}/ebadges/prints`, { guestId: keep.id });
    expect(unexplained.status).toBe(422);
  });

  it("revokes the merged guest's entry code by the user merging; the kept guest's code still lets them in", async () => {
    const { db, hall, keep, merge, base, editor, scan, mergeGuests } = await setUp();
    const codeOf = async (guestId: string) => {
      const response = await editor.http.get(`${base}/users/${guestId}/entry-code`);
      expect(response.status).toBe(200);
      return response.body.entryCode.code as string;
    };
    const mergedCode = await codeOf(merge.id);
    const keptCode = await codeOf(keep.id);

    await mergeGuests();

    const rows = (await db("guestCodes").where({ guestId: merge.id })) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect(rows[0]!.revokedByUserId).toBe(editor.user.id);
    expect(await db("guestCodes").where({ guestId: keep.id }).whereNull("revokedAt")).toHaveLength(1);
    expect(await scan(hall.id, { code: mergedCode })).toMatchObject({ result: "revoked" });
    expect(await scan(hall.id, { code: keptCode })).toMatchObject({ result: "ok" });
  });
});
