import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { eventBase, buildCheckin } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildWorkshopField } from "../../helpers/forms.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Check-in sessions (issue 12 item 1): CRUD under the event, rules of the condition engine checked against the
 * event's questions and described in the caller's language, displayed fields, options, the event's maximum of
 * offline sessions (409 'Max number of checkins reached.' in en, fr, es), 'Impossible to create checkin.' on an
 * archived event, and every change in the event's history.
 */
describe.each(databaseKinds())("check-in sessions on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(eventValues: Parameters<typeof buildEvent>[2] = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, eventValues);
    const { user: editor, http } = await listedUser(suite.server, event, { role: "editor" });
    const workshop = await buildWorkshopField(db, event);
    return { db, http, event, workshop, base: `${eventBase(event)}/checkins`, editor };
  }

  it("creates, reads, lists, changes and deletes a session, each change in the event's history", async () => {
    const { db, http, base, workshop, event } = await setUp();
    const conditions = {
      all: [
        { guest: "status", op: "in", value: ["confirmed", "pending_approval"] },
        { field: workshop.id, op: "includes", value: ["am"] },
      ],
    };
    const created = await http.post(base, {
      name: "  Main door ",
      type: "online",
      conditions,
      displayedFields: ["firstName", "lastName", workshop.id],
      options: { exitScans: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Main door",
      type: "online",
      status: "enabled",
      conditions,
      displayedFields: ["firstName", "lastName", workshop.id],
      options: { multipleEntries: false, reentryAfterExit: false, exitScans: true },
      lastConnections: [],
      abilities: { update: true, delete: true, check: true },
    });
    expect(created.body.conditionsText).toContain("Morning");
    const french = await http.get(`${base}/${created.body.id}`, { lang: "fr" });
    expect(french.status).toBe(200);
    expect(french.body.conditionsText).toContain("Morning");
    expect(french.body.conditionsText).not.toBe(created.body.conditionsText);

    const list = await http.get(base);
    expect(list.body.data.map((checkin: { id: string }) => checkin.id)).toEqual([created.body.id]);

    const updated = await http.post(`${base}/${created.body.id}`, {
      name: "Front door",
      conditions: null,
      status: "disabled",
      options: { reentryAfterExit: true },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Front door",
      conditions: null,
      conditionsText: null,
      status: "disabled",
      options: { multipleEntries: false, reentryAfterExit: true, exitScans: true },
    });

    expect((await http.delete(`${base}/${created.body.id}`)).body).toEqual({ ok: true });
    expect((await http.get(`${base}/${created.body.id}`)).status).toBe(404);
    expect(await db("checkins").where({ eventId: event.id })).toEqual([]);

    const entries = await AuditLog.query(db)
      .where({ subjectType: "checkin", subjectId: created.body.id })
      .orderBy("createdAt")
      .orderBy("action");
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "checkin.created",
      "checkin.deleted",
      "checkin.updated",
    ]);
    const change = entries.find((entry) => entry.action === "checkin.updated")!;
    expect(change.eventId).toBe(event.id);
    expect(change.before).toMatchObject({ name: "Main door", status: "enabled", reentryAfterExit: false });
    expect(change.after).toMatchObject({ name: "Front door", status: "disabled", conditions: null });
    expect(change.metadata).toEqual({ subject: "Front door" });
  });

  it("refuses rules and fields the event does not have (422 at the place), and changes nothing", async () => {
    const { db, http, base, event, workshop } = await setUp();
    const cases = [
      [{ field: workshop.id, op: "includes", value: ["evening"] }, "conditions.value.0", "condition_unknown_option"],
      [{ field: "3f0a5a5e-51a4-4a50-9f0e-6f1f1d9a0b11", op: "isEmpty" }, "conditions.field", "condition_unknown_field"],
      [{ all: [{ guest: "status", op: "like", value: "x" }] }, "conditions.all.0.op", "condition_operator_not_allowed"],
    ] as const;
    for (const [conditions, field, code] of cases) {
      const response = await http.post(base, { name: "Door", type: "online", conditions });
      expect(response.status, JSON.stringify(conditions)).toBe(422);
      expect(response.body.error.details, JSON.stringify(response.body)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const fields = await http.post(base, { name: "Door", type: "online", displayedFields: ["firstName", "shoeSize"] });
    expect(fields.status).toBe(422);
    expect(fields.body.error.details).toEqual([
      expect.objectContaining({ field: "displayedFields.1", code: "unknown_field" }),
    ]);
    expect(await db("checkins").where({ eventId: event.id })).toEqual([]);
  });

  it("holds the event to its maximum of offline sessions: 409 'Max number of checkins reached.' in each language", async () => {
    const { http, base, db, event } = await setUp({ maxOfflineCheckinSessions: 2 });
    for (const name of ["Desk 1", "Desk 2"])
      expect((await http.post(base, { name, type: "offline" })).status).toBe(201);
    const messages: Record<string, string> = {
      en: "Max number of checkins reached.",
      fr: "Nombre maximum de checkins atteint.",
      es: "Se ha alcanzado el número máximo de checkins.",
    };
    for (const [lang, message] of Object.entries(messages)) {
      const refused = await http.post(base, { name: "Desk 3", type: "offline" }, { lang });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "max_checkins_reached", message });
    }
    // Online sessions are not counted; an online session turned offline is.
    const online = await http.post(base, { name: "Browser", type: "online" });
    expect(online.status).toBe(201);
    const turned = await http.post(`${base}/${online.body.id}`, { type: "offline" });
    expect(turned.status).toBe(409);
    expect(turned.body.error.code).toBe("max_checkins_reached");
    expect(await db("checkins").where({ eventId: event.id, type: "offline" })).toHaveLength(2);

    // Without a maximum set, the platform's default (3) applies.
    const other = await setUp();
    for (const name of ["A", "B", "C"])
      expect((await other.http.post(other.base, { name, type: "offline" })).status).toBe(201);
    expect((await other.http.post(other.base, { name: "D", type: "offline" })).status).toBe(409);
  });

  it("says 'Impossible to create checkin.' for an archived event", async () => {
    const { http, base } = await setUp({ isArchived: true, archivedAt: new Date() });
    for (const [lang, message] of [
      ["en", "Impossible to create checkin."],
      ["fr", "Impossible de créer le checkin."],
      ["es", "Imposible crear el checkin."],
    ] as const) {
      const refused = await http.post(base, { name: "Door", type: "online" }, { lang });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "checkin_not_created", message });
    }
  });

  it("finds no session of another event through this event's address (404)", async () => {
    const mine = await setUp();
    const otherEvent = await buildEvent(suite.server.db, mine.event.accountId);
    const other = await buildCheckin(suite.server.db, otherEvent);
    expect((await mine.http.get(`${mine.base}/${other.id}`)).status).toBe(404);
    expect((await mine.http.post(`${mine.base}/${other.id}`, { name: "Mine" })).status).toBe(404);
  });
});
