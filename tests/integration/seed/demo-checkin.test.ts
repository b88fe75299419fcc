import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Ebadge } from "../../../api/src/models/Ebadge.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { DEMO_EMAIL, DEMO_EVENT_SLUG } from "../../../api/src/seed/demo.ts";
import { seedDemoOnFirstStart, type DemoFirstStart } from "../../../api/src/seed/firstStart.ts";
import { snapshotDatabase } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { fetchPdf, pdfInfo, pdfText, rasterise, readQrCodes } from "../../helpers/ebadges.ts";
import { useTestServer } from "../../helpers/suite.ts";

const PASSWORD = "Demo-Password-2026";
const ACCESS_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
/** A6 portrait in PDF points. */
const A6 = { width: (105 / 25.4) * 72, height: (148 / 25.4) * 72 };

/**
 * The demo's check-in and badge (issue 12, deliverable 8): on first start an online and an offline session, an
 * access code each (given in clear once) that signs a desk in, and an A6 badge with a QR code; a second start adds
 * nothing; a demo guest's badge renders and its QR code lets them in at the demo's desk.
 */
describe.each(databaseKinds())("demo check-in and badge on %s", (kind) => {
  const suite = useTestServer(kind);

  const seed = () =>
    seedDemoOnFirstStart(suite.server.deps, PASSWORD, {
      passwordHashCost: suite.server.config.passwordHashCost,
      storage: suite.server.deps.storage,
      now: new Date("2026-11-21T10:00:00Z"),
    });
  /** What the first start printed. */
  let first: DemoFirstStart;
  beforeAll(async () => {
    first = (await seed())!;
  });

  it("seeds two sessions with a code each and one badge with a QR code, once; the codes sign desks in", async () => {
    expect(first.credentials.email).toBe(DEMO_EMAIL);
    expect(first.accessCodes).toEqual([
      { session: "Main entrance", type: "online", code: expect.stringMatching(ACCESS_CODE) },
      { session: "Workshop room", type: "offline", code: expect.stringMatching(ACCESS_CODE) },
    ]);

    const { db } = suite.server;
    const before = await snapshotDatabase(db);
    expect(await seed()).toBeNull();
    expect(await snapshotDatabase(db)).toEqual(before);

    const event = (await Event.query(db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    const sessions = await db("checkins").where({ eventId: event.id }).orderBy("name").select("name", "type");
    expect(sessions).toEqual([
      { name: "Main entrance", type: "online" },
      { name: "Workshop room", type: "offline" },
    ]);
    expect(await db("checkinCodes").where({ eventId: event.id })).toHaveLength(2);
    const templates = await Ebadge.query(db).where({ eventId: event.id });
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ format: "a6", orientation: "portrait", isEnabled: true, conditions: null });
    expect(templates[0]!.blocks.map((block) => block.field ?? block.type)).toEqual(
      expect.arrayContaining(["eventName", "firstName", "lastName", "company", "qrCode"]),
    );
    // Made by the demo organizer, in the event's history.
    const actions = await db("auditLogs").where({ eventId: event.id }).orderBy("createdAt").pluck("action");
    expect(actions).toEqual([
      "checkin.created",
      "checkin.code_created",
      "checkin.created",
      "checkin.code_created",
      "ebadge.created",
    ]);

    for (const { session, type, code } of first.accessCodes) {
      const signIn = await suite.server.http.post("/api/v1/desk/session", { code, desk: "Demo desk" });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(201);
      expect(signIn.body.checkin).toMatchObject({ name: session, type, status: "enabled" });
    }
  });

  it("renders a demo guest's badge, whose QR code lets them in at the main entrance", async () => {
    const { db, http } = suite.server;
    const event = (await Event.query(db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    const guest = (await Guest.query(db)
      .where({ eventId: event.id, status: "confirmed" })
      .whereNotNull("company")
      .whereNotNull("firstName")
      .orderBy("id")
      .first())!;
    const login = await http.post("/api/v1/auth/login", { email: DEMO_EMAIL, password: PASSWORD });
    expect(login.status).toBe(200);
    const organizer = http.as(login.body.token);
    const base = `/api/v1/events/${event.accountId}/${event.id}`;

    const print = await organizer.post(`${base}/ebadges/prints`, { guestId: guest.id });
    expect(print.status, JSON.stringify(print.body)).toBe(201);
    const pdf = await fetchPdf(organizer, print.body.url);
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf" });
    const info = await pdfInfo(pdf.bytes);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo(A6.width, 0);
    expect(info.height).toBeCloseTo(A6.height, 0);
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, " ");
    for (const words of [event.name, guest.firstName!, guest.company!]) expect(text).toContain(words);
    const [code, ...others] = await readQrCodes(await rasterise(pdf.bytes, 200));
    expect(others).toEqual([]);
    const entryCode = await organizer.get(`${base}/users/${guest.id}/entry-code`);
    expect(code).toBe(entryCode.body.entryCode.code);

    // A desk signed in with the code printed for the main entrance scans it.
    const entrance = first.accessCodes.find((access) => access.session === "Main entrance")!;
    const desk = await http.post("/api/v1/desk/session", { code: entrance.code, desk: "Hall 7" });
    expect(desk.status).toBe(201);
    const scan = await http.as(desk.body.token).post("/api/v1/desk/check", { scanId: randomUUID(), code });
    expect(scan.body).toMatchObject({
      result: "ok",
      guest: { id: guest.id, fields: { firstName: guest.firstName, company: guest.company } },
    });
  });
});
