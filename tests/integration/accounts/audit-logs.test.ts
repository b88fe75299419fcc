import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { CAST_MEMBERS } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildListedEvent, expectAnswer, expectation, ORGANIZERS_UP } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Organizers and up (an organizer API key too). */
const AUDIT_READERS = expectation(200, ORGANIZERS_UP);

describe.each(databaseKinds())("audit log on %s", (kind) => {
  const suite = useCastServer(kind);
  let path: string;
  const eventId = randomUUID();
  const otherEventId = randomUUID();
  const subjectId = randomUUID();

  async function entry(values: Partial<AuditLog> & { action: string; createdAt: Date }): Promise<AuditLog> {
    return AuditLog.query(suite.server.db).insertAndFetch({
      accountId: suite.cast.accountA.id,
      eventId: null,
      actorUserId: null,
      actorApiKeyId: null,
      subjectType: "event",
      subjectId: null,
      before: null,
      after: null,
      ip: null,
      requestId: null,
      ...values,
    });
  }

  beforeAll(async () => {
    path = `/api/v1/accounts/${suite.cast.accountA.id}/auditlogs`;
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    await entry({
      action: "event.created",
      createdAt: at(1),
      eventId,
      subjectId: eventId,
      actorUserId: suite.cast.users.organizer.user.id,
      after: { name: "E" },
    });
    await entry({
      action: "event.updated",
      createdAt: at(2),
      eventId,
      subjectId: eventId,
      actorApiKeyId: suite.cast.apiKey.apiKey.id,
      before: { name: "E" },
      after: { name: "F" },
    });
    await entry({
      action: "event.viewed",
      createdAt: at(3),
      eventId: otherEventId,
      subjectId: otherEventId,
      actorUserId: suite.cast.users.administrator.user.id,
    });
    await entry({
      action: "team.created",
      createdAt: at(4),
      subjectType: "team",
      subjectId,
      actorUserId: suite.cast.users.overseer.user.id,
    });
    await entry({
      action: "team.updated",
      createdAt: at(5),
      subjectType: "team",
      subjectId,
      actorUserId: randomUUID(),
    });
    await entry({
      action: "system.cleanup",
      createdAt: at(6),
      subjectType: "account",
      subjectId: suite.cast.accountA.id,
    });
    await AuditLog.query(suite.server.db).insert({
      accountId: suite.cast.accountB.id,
      action: "event.created",
      subjectType: "event",
      subjectId: null,
      createdAt: at(7),
    });
  });

  it.each(CAST_MEMBERS)("GET /accounts/{a}/auditlogs as %s", async (member) => {
    const response = await suite.cast.client(member).get(path);
    const expected = AUDIT_READERS[member];
    expectAnswer(response, expected);
    if (expected < 400)
      expect(new Set(response.body.data.map((row: { accountId: string }) => row.accountId))).toEqual(
        new Set([suite.cast.accountA.id]),
      );
  });

  const actions = async (query: string) => {
    const response = await suite.cast.client("overseer").get(`${path}?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.map((row: { action: string }) => row.action);
  };

  it("lists the account's entries newest first with the actor resolved", async () => {
    const response = await suite.cast.client("overseer").get(path);
    expect(response.body.pagination).toEqual({ page: 1, perPage: 50, total: 6 });
    expect(response.body.data.map((row: { action: string }) => row.action)).toEqual([
      "system.cleanup",
      "team.updated",
      "team.created",
      "event.viewed",
      "event.updated",
      "event.created",
    ]);
    const byAction = Object.fromEntries(response.body.data.map((row: { action: string }) => [row.action, row]));
    expect(byAction["event.created"].actor).toEqual({
      type: "user",
      id: suite.cast.users.organizer.user.id,
      name: "Organizer Cast",
    });
    expect(byAction["event.updated"].actor).toEqual({
      type: "apiKey",
      id: suite.cast.apiKey.apiKey.id,
      name: suite.cast.apiKey.apiKey.name,
    });
    expect(byAction["event.updated"]).toMatchObject({ before: { name: "E" }, after: { name: "F" }, eventId });
    expect(byAction["team.updated"].actor).toMatchObject({ type: "user", name: "" }); // a deleted user
    expect(byAction["system.cleanup"].actor).toBeNull();
    expect(byAction["event.created"].createdAt).toBe("2026-01-01T12:00:00.000Z");
  });

  it("filters by event, subject, actor, action and time, and leaves out excluded actions", async () => {
    expect(await actions(`eventId=${eventId}`)).toEqual(["event.updated", "event.created"]);
    expect(await actions("subjectType=team")).toEqual(["team.updated", "team.created"]);
    expect(await actions(`subjectId=${subjectId}&action=team.created`)).toEqual(["team.created"]);
    expect(await actions(`actorUserId=${suite.cast.users.administrator.user.id}`)).toEqual(["event.viewed"]);
    expect(await actions("from=2026-01-02T12:00:00.000Z&to=2026-01-04T12:00:00Z")).toEqual([
      "team.created",
      "event.viewed",
      "event.updated",
    ]);
    expect(await actions("exclude=event.viewed,%20system.cleanup,,team.updated")).toEqual([
      "team.created",
      "event.updated",
      "event.created",
    ]);
    expect(await actions(`eventId=${eventId}&exclude=event.created`)).toEqual(["event.updated"]);
  });

  it("pages", async () => {
    const response = await suite.cast.client("overseer").get(`${path}?perPage=2&page=2`);
    expect(response.body.pagination).toEqual({ page: 2, perPage: 2, total: 6 });
    expect(response.body.data.map((row: { action: string }) => row.action)).toEqual(["team.created", "event.viewed"]);
  });

  it("answers 422 for malformed filters", async () => {
    for (const query of ["eventId=nope", "from=yesterday", "perPage=0", "perPage=201"]) {
      expect((await suite.cast.client("overseer").get(`${path}?${query}`)).status, query).toBe(422);
    }
  });

  it("records real changes through the API and shows them", async () => {
    const team = await suite.cast
      .client("overseer")
      .post(`/api/v1/accounts/${suite.cast.accountA.id}/teams`, { name: "Audited" });
    const listed = await suite.cast.client("organizer").get(`${path}?subjectId=${team.body.id}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      action: "team.created",
      subjectType: "team",
      actor: { type: "user", id: suite.cast.users.overseer.user.id, name: "Overseer Cast" },
      after: { name: "Audited", memberIds: [] },
    });
  });

  describe("an event the reader cannot see", () => {
    const guestId = randomUUID();
    let hiddenId: string;
    let listedId: string;

    beforeAll(async () => {
      hiddenId = (await buildEvent(suite.server.db, suite.cast.accountA.id)).id;
      listedId = (await buildListedEvent(suite.cast)).id;
      for (const [eventId, day] of [
        [hiddenId, 20],
        [listedId, 21],
      ] as const) {
        await entry({
          action: "guest.created",
          createdAt: new Date(Date.UTC(2026, 0, day, 12)),
          eventId,
          subjectType: "guest",
          subjectId: guestId,
          actorUserId: suite.cast.users.overseer.user.id,
          after: { email: `secret-${day}@example.org` },
        });
      }
    });

    /** Every filter of the route, each narrowed to the two events' entries. */
    const filters = () => [
      "action=guest.created",
      `eventId=${hiddenId}&action=guest.created`,
      `subjectId=${guestId}`,
      "subjectType=guest",
      `actorUserId=${suite.cast.users.overseer.user.id}&action=guest.created`,
      "from=2026-01-20T00:00:00Z&to=2026-01-22T00:00:00Z",
      "exclude=event.created,event.updated,event.viewed,team.created,team.updated,system.cleanup&subjectType=guest",
    ];

    it.each(CAST_MEMBERS)("shows its entries only to those who see it, whatever the filter, as %s", async (member) => {
      const seesEveryEvent = ["overseer", "administrator", "apiKey"].includes(member);
      for (const filter of filters()) {
        const response = await suite.cast.client(member).get(`${path}?${filter}`);
        expectAnswer(response, AUDIT_READERS[member]);
        if (response.status !== 200) continue;
        const events = response.body.data.map((row: { eventId: string }) => row.eventId);
        expect(events.includes(hiddenId), `${member}: ${filter}`).toBe(seesEveryEvent);
        if (!filter.startsWith("eventId")) expect(events, `${member}: ${filter}`).toContain(listedId);
        const total = response.body.pagination.total;
        expect(total, `${member}: ${filter}`).toBe(response.body.data.length);
      }
    });
  });
});
