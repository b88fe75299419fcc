import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { buildCheckin, eventBase, signedInDesk } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { decodeRevokedSerials, verifyGuestCode } from "@tessera/shared";

/**
 * Access codes and desk tokens (issue 12 item 2): a code is shown once and hashed at rest; a desk trades it for
 * a token that does its session's work only (snapshot, search, scans) and reaches nothing else (other sessions,
 * other events, the organizer API); revoking the code signs its desks out; the desks' last connections are kept.
 */
describe.each(databaseKinds())("check-in desks on %s", (kind) => {
  const suite = useTestServer(kind, { env: { THROTTLE_LOGIN_FAILURES_PER_IP: "3" } });

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { token, http } = await listedUser(suite.server, event, { role: "editor" });
    const pass = await buildCustomField(db, event, {
      label: "Pass",
      type: "unique_choice",
      options: [
        { id: "vip", label: "VIP", quota: null },
        { id: "std", label: "Standard", quota: null },
      ],
    });
    const checkin = await buildCheckin(db, event, {
      conditions: { field: pass.id, op: "includes", value: ["vip"] },
      displayedFields: ["firstName", "lastName", "company"],
    });
    const other = await buildCheckin(db, event, { name: "Other door" });
    return { db, account, event, checkin, other, pass, token, http, base: eventBase(event) };
  }

  it("shows a code once, keeps only its keyed hash, and names the newest without its text", async () => {
    const { db, http, base, checkin } = await setUp();
    const made = await http.post(`${base}/checkincodes`, { checkinId: checkin.id });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(made.body.hint).toBe(made.body.code.slice(-2));
    const [row] = await db("checkinCodes").where({ id: made.body.id });
    expect(JSON.stringify(row)).not.toContain(made.body.code.replace("-", ""));
    const last = await http.get(`${base}/checkincodes/last?checkinId=${checkin.id}`);
    expect(last.body.data).toMatchObject({ id: made.body.id, hint: made.body.hint, revokedAt: null });
    expect(last.body.data.code).toBeUndefined();
    const entries = await AuditLog.query(db).where({ subjectId: checkin.id, action: "checkin.code_created" });
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(made.body.code.replace("-", ""));
  });

  it("gives a desk its session's work: the session, the snapshot (full and since), a search, scans", async () => {
    const { db, event, checkin, pass, token, base, http } = await setUp();
    const ada = await buildGuest(db, event, {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Engines",
      status: "confirmed",
      answers: { [pass.id]: "vip" },
    });
    const bob = await buildGuest(db, event, { firstName: "Bob", status: "confirmed", answers: { [pass.id]: "std" } });
    await buildGuest(db, event, { firstName: "Adam", status: "pending_approval", answers: { [pass.id]: "vip" } });
    // The code is typed by hand: lower case, without its dash.
    const made = await http.post(`${base}/checkincodes`, { checkinId: checkin.id });
    const typed = made.body.code.replace("-", "").toLowerCase();
    const signIn = await suite.server.http.post("/api/v1/desk/session", { code: typed, desk: "Door A" });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(201);
    expect(signIn.body.token).toMatch(/^tsd_/);
    expect(signIn.body.checkin).toMatchObject({ id: checkin.id, name: "Main door" });
    expect(signIn.body.checkin.displayedFields).toEqual([
      { id: "firstName", label: "First name" },
      { id: "lastName", label: "Last name" },
      { id: "company", label: "Company" },
    ]);
    const desk = suite.server.http.as(signIn.body.token);
    expect((await desk.get("/api/v1/desk/session")).body).toMatchObject({
      desk: "Door A",
      checkin: { id: checkin.id },
    });
    // A choice question comes with its answers' labels, so the desk shows "VIP" rather than an answer's id.
    const shown = await http.post(`${base}/checkins/${checkin.id}`, { displayedFields: ["firstName", pass.id] });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect((await desk.get("/api/v1/desk/session")).body.checkin.displayedFields).toEqual([
      { id: "firstName", label: "First name" },
      {
        id: pass.id,
        label: "Pass",
        options: [
          { id: "vip", label: "VIP" },
          { id: "std", label: "Standard" },
        ],
      },
    ]);
    await http.post(`${base}/checkins/${checkin.id}`, { displayedFields: ["firstName", "lastName", "company"] });

    const full = await desk.get("/api/v1/desk/snapshot?limit=1");
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.data).toEqual([
      expect.objectContaining({
        id: ada.id,
        allowed: true,
        fields: { firstName: "Ada", lastName: "Lovelace", company: "Engines" },
        entry: null,
      }),
    ]);
    const rest = await desk.get(`/api/v1/desk/snapshot?limit=1&after=${full.body.next}`);
    expect(rest.body.data).toEqual([]);
    expect(rest.body.next).toBeNull();

    // A signed code verifies at the desk with the material it downloads (offline), and online.
    const code = (await currentGuestCodeText(db, suite.server.config.secret, event, ada.id, new Date()))!;
    const material = await desk.get("/api/v1/desk/verification");
    expect(material.status).toBe(200);
    expect(material.body.eventId).toBe(event.id);
    const offline = verifyGuestCode(code, {
      eventId: event.id,
      keys: material.body.keys,
      revokedSerials: decodeRevokedSerials(material.body.revokedSerials),
    });
    expect(offline).toMatchObject({ ok: true, guestId: ada.id });

    const found = await desk.get("/api/v1/desk/search?q=ada");
    expect(found.body.data).toEqual([
      { id: ada.id, fields: { firstName: "Ada", lastName: "Lovelace", company: "Engines" } },
    ]);

    const ok = await desk.post("/api/v1/desk/check", { scanId: randomUUID(), code, desk: "Pretending" });
    expect(ok.body).toMatchObject({ result: "ok", desk: "Door A" });
    const refused = await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: bob.id });
    expect(refused.body.result).toBe("not_allowed");
    expect((await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: ada.id, force: true })).status).toBe(
      403,
    );
    const [scanRow] = await db("checkinScans").where({ scanId: ok.body.scanId });
    expect(scanRow.deskTokenId).not.toBeNull();
    expect(scanRow.userId).toBeNull();

    // Since the download: Ada came in (her entry comes down, as other desks' scans must); Bob became a VIP.
    const since = full.body.asOf;
    // Changed a millisecond after the download's instant: after it, however fast the machine.
    const changedAt = new Date(Date.parse(since) + 1).toISOString();
    await db("guests")
      .where({ id: bob.id })
      .update({ answers: JSON.stringify({ [pass.id]: "vip" }), updatedAt: changedAt });
    const changed = await desk.get(`/api/v1/desk/snapshot?updatedSince=${encodeURIComponent(since)}`);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Bob's row changed; Ada's did not, her entry did: it comes in the entries changed since, not as a guest.
    expect(changed.body.data.map((guest: { id: string; allowed: boolean }) => [guest.id, guest.allowed])).toEqual([
      [bob.id, true],
    ]);
    expect(changed.body.entries).toEqual([
      {
        guestId: ada.id,
        state: "in",
        at: ok.body.scannedAt,
        flagged: false,
        flaggedScans: [],
        updatedAt: expect.any(String),
      },
    ]);
    expect(changed.body.next).toBeNull();
    // Page by page, one item a page: the guests changed since, then the entries, under one cursor.
    const pages: { data: { id: string }[]; entries: { guestId: string }[] }[] = [];
    let after: string | null = "";
    do {
      const page: { status: number; body: (typeof pages)[number] & { next: string | null } } = await desk.get(
        `/api/v1/desk/snapshot?limit=1&updatedSince=${encodeURIComponent(since)}${after ? `&after=${after}` : ""}`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      pages.push(page.body);
      after = page.body.next;
    } while (after);
    expect(
      pages.map((page) => [page.data.map((guest) => guest.id), page.entries.map((entry) => entry.guestId)]),
    ).toEqual([
      [[bob.id], []],
      [[], [ada.id]],
      [[], []],
    ]);
    expect(full.body.entries).toEqual([]);

    const batch = await desk.post("/api/v1/desk/checks", {
      scans: [{ scanId: randomUUID(), guestId: bob.id, scannedAt: new Date(Date.now() - 60_000).toISOString() }],
    });
    expect(batch.body.data[0]).toMatchObject({ result: "ok", desk: "Door A" });

    // The organizer lists the desk's connection.
    const connections = await http.get(`${base}/checkincodes/sessions?checkinId=${checkin.id}`);
    expect(connections.body.data).toEqual([expect.objectContaining({ desk: "Door A", revokedAt: null })]);
    const session = await http.get(`${base}/checkins/${checkin.id}`);
    expect(session.body.lastConnections).toEqual([expect.objectContaining({ desk: "Door A" })]);
    void token;
  });

  it("reaches nothing outside its session: other sessions, other events, the organizer API", async () => {
    const { db, event, account, checkin, other, token, base } = await setUp();
    const { deskToken } = await signedInDesk(suite.server, token, event, checkin.id);
    const desk = suite.server.http.as(deskToken);
    const otherEvent = await buildEvent(db, account.id);
    const stranger = await buildGuest(db, otherEvent, { firstName: "Ada", status: "confirmed" });
    const strangerCheckin = await buildCheckin(db, otherEvent);
    const refusedPaths: [string, string, unknown?][] = [
      ["GET", `${base}/checkins`],
      ["GET", `${base}/checkins/${checkin.id}`],
      ["GET", `${base}/checkins/${checkin.id}/stats`],
      ["POST", `${base}/checkins/${checkin.id}/check`, { scanId: randomUUID(), guestId: stranger.id }],
      ["POST", `${base}/checkins/${other.id}/check`, { scanId: randomUUID(), guestId: stranger.id }],
      ["GET", `${eventBase(otherEvent)}/checkins/${strangerCheckin.id}`],
      ["GET", `${base}/checkincodes/sessions`],
      ["POST", `${base}/checkincodes`, { checkinId: other.id }],
      ["GET", `${base}/users`],
      ["GET", `/api/v1/accounts/${account.id}/events/${event.id}`],
      ["GET", "/api/v1/auth/me"],
    ];
    for (const [method, path, body] of refusedPaths) {
      const response = await desk.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    // Its own routes know of no other session: another event's guest is other_event, and not in any search.
    const scan = await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: stranger.id });
    expect(scan.body).toMatchObject({ result: "other_event", guest: null });
    expect((await desk.get("/api/v1/desk/search?q=ada")).body.data).toEqual([]);
    expect(await db("checkinScans").where({ checkinId: other.id })).toEqual([]);
    // The desk routes refuse a user's session and anonymous callers alike.
    expect((await suite.server.http.as(token).get("/api/v1/desk/session")).status).toBe(401);
    expect((await suite.server.http.get("/api/v1/desk/snapshot")).status).toBe(401);
  });

  // Before the throttling test below: its wrong codes use up the sign-ins of this address.
  it("scans in a desk's hot path with one read and one write on PostgreSQL, each attempt recorded", async () => {
    const { db, event, checkin, pass, token } = await setUp();
    const guest = await buildGuest(db, event, { status: "confirmed", answers: { [pass.id]: "vip" } });
    const { deskToken } = await signedInDesk(suite.server, token, event, checkin.id);
    const desk = suite.server.http.as(deskToken);
    // The token's read is remembered after the first scan (as a user's session is): count from the second.
    expect((await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: randomUUID() })).status).toBe(200);
    const statements: string[] = [];
    const seen = (query: { sql: string }) => statements.push(query.sql);
    db.on("query", seen);
    try {
      const first = await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: guest.id });
      const repeat = await desk.post("/api/v1/desk/check", { scanId: randomUUID(), guestId: guest.id });
      expect([first.body.result, repeat.body.result]).toEqual(["ok", "already_checked_in"]);
      expect(repeat.body.previous).toMatchObject({ at: first.body.scannedAt, desk: "Door A" });
    } finally {
      db.off("query", seen);
    }
    const writes = statements.filter((sql) => !/^\s*select\b/i.test(sql));
    // PostgreSQL: the guest's read, then one statement writing the entry, the scan and the live message.
    // SQLite: the same read, then a transaction of the entry's upsert and the scan's row.
    if (kind === "postgres") expect(statements).toHaveLength(4);
    else expect(writes.filter((sql) => /checkin_(entries|scans)/.test(sql))).toHaveLength(4);
    expect(await db("checkinScans").where({ checkinId: checkin.id })).toHaveLength(3);
  });

  it("signs a revoked code's desks out, refuses disabled sessions and throttles wrong codes", async () => {
    const { db, event, checkin, token, base, http } = await setUp();
    const { deskToken, code, codeId } = await signedInDesk(suite.server, token, event, checkin.id);
    const desk = suite.server.http.as(deskToken);
    expect((await desk.get("/api/v1/desk/session")).status).toBe(200);
    expect((await http.delete(`${base}/checkincodes/${codeId}`)).body).toEqual({ ok: true });
    expect((await desk.get("/api/v1/desk/session")).status).toBe(401);
    const again = await suite.server.http.post("/api/v1/desk/session", { code, desk: "Door A" });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatchObject({ code: "access_code_invalid", message: "This access code is not valid." });
    expect((await http.get(`${base}/checkincodes/last?checkinId=${checkin.id}`)).body.data.revokedAt).not.toBeNull();
    expect(await AuditLog.query(db).where({ subjectId: checkin.id, action: "checkin.code_revoked" })).toHaveLength(1);

    const fresh = await signedInDesk(suite.server, token, event, checkin.id);
    await http.post(`${base}/checkins/${checkin.id}`, { status: "disabled" });
    const disabled = await suite.server.http
      .as(fresh.deskToken)
      .post("/api/v1/desk/check", { scanId: randomUUID(), guestId: randomUUID() }, { lang: "fr" });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error).toMatchObject({
      code: "checkin_disabled",
      message: "Cette session de checkin est désactivée.",
    });
    const signIn = await suite.server.http.post("/api/v1/desk/session", { code: fresh.code, desk: "Door B" });
    expect(signIn.status).toBe(403);

    // Wrong codes: three per address here (the revoked code was one), then 429 even for a right one.
    for (let i = 0; i < 2; i++) {
      expect((await suite.server.http.post("/api/v1/desk/session", { code: "AAAAA-AAAAA", desk: "X" })).status).toBe(
        401,
      );
    }
    await http.post(`${base}/checkins/${checkin.id}`, { status: "enabled" });
    expect((await suite.server.http.post("/api/v1/desk/session", { code: fresh.code, desk: "X" })).status).toBe(429);
  });
});
