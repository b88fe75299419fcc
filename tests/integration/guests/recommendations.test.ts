import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { Recommendation } from "../../../api/src/models/Recommendation.ts";
import { CAST_MEMBERS, expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildListedEvent, READ, sendGuarded, write, type Expectation } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Recommendations: guest side (legacy), organizer side (legacy and REST), state rules, audit, matrix. */
describe.each(databaseKinds())("recommendations on %s", (kind) => {
  const suite = useCastServer(kind);

  async function setup(): Promise<{ event: Event; recommender: Guest; rest: string }> {
    const event = await buildListedEvent(suite.cast);
    const recommender = await buildGuest(suite.server.db, event, {
      firstName: "Inès",
      lastName: "Moreau",
      email: "ines@example.fr",
    });
    return { event, recommender, rest: `/api/v1/events/${suite.cast.accountA.id}/${event.id}/recommendations` };
  }

  async function recommend(event: Event, guestId: string, people: object[]) {
    return suite.cast.client("organizer").post(`/${event.slug}/recommendations/addRecommendationsJson`, {
      guestId,
      recommendations: people,
    });
  }

  it("a guest recommends people; they list per guest and for the organizer, with a status filter", async () => {
    const { event, recommender, rest } = await setup();
    const added = await recommend(event, recommender.id, [
      { firstName: "Paul", lastName: "Durand", email: "paul@example.fr", company: "Durand SARL" },
      { email: "anon@example.com" },
    ]);
    expect(added.status).toBe(201);
    expect(added.body.data).toHaveLength(2);
    expect(added.body.data[0]).toMatchObject({
      recommenderGuestId: recommender.id,
      recommenderName: "Inès Moreau",
      firstName: "Paul",
      status: "pending",
      guestId: null,
    });
    const mine = await suite.cast
      .client("reader")
      .get(`/${event.slug}/recommendations/getRecommendationsJson/${recommender.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { email: string }) => r.email)).toEqual(["paul@example.fr", "anon@example.com"]);
    const unknown = await suite.cast
      .client("reader")
      .get(`/${event.slug}/recommendations/getRecommendationsJson/${event.id}`);
    expect(unknown.status).toBe(404);
    const all = await suite.cast.client("reader").get(`/${event.slug}/admin/recommendations/getAllRecommendationsJson`);
    expect(all.body.pagination.total).toBe(2);
    expect((await suite.cast.client("reader").get(`${rest}?status=accepted`)).body.data).toEqual([]);
    expect((await suite.cast.client("reader").get(`${rest}?status=pending`)).body.pagination.total).toBe(2);
    expect(
      await AuditLog.query(suite.server.db).where({ action: "recommendation.created", eventId: event.id }),
    ).toHaveLength(2);

    // The recommender must be a guest of this event.
    const stranger = await buildGuest(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id), {});
    await expectNoChange(suite.server.db, async () => {
      const refused = await recommend(event, stranger.id, [{ email: "x@example.com" }]);
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0]).toMatchObject({ field: "guestId", code: "guest_not_in_event" });
      expect((await recommend(event, recommender.id, [{ email: "not-an-email" }])).status).toBe(422);
    });
  });

  it("accepting creates the guest (source recommendation, prescriber the recommender) or links the existing one", async () => {
    const { event, recommender } = await setup();
    const existing = await buildGuest(suite.server.db, event, { email: "Known@Example.com" });
    const [fresh, known] = (
      await recommend(event, recommender.id, [
        { firstName: "Paul", lastName: "Durand", email: "paul@example.fr", company: "Durand SARL" },
        { firstName: "K", lastName: "Nown", email: "KNOWN@example.com" },
      ])
    ).body.data;

    const accepted = await suite.cast
      .client("editor")
      .get(`/${event.slug}/admin/recommendations/acceptRecommendationJson/${fresh.id}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", guestId: expect.any(String) });
    expect(accepted.body.decidedAt).not.toBeNull();
    const guest = (await Guest.query(suite.server.db).findById(accepted.body.guestId))!;
    expect(guest).toMatchObject({
      firstName: "Paul",
      lastName: "Durand",
      email: "paul@example.fr",
      emailNormalized: "paul@example.fr",
      company: "Durand SARL",
      createdSource: "recommendation",
      prescriber: "Inès Moreau",
      status: "unanswered",
    });
    expect(guest.nameKey).toBe("paul|durand");
    expect(
      await AuditLog.query(suite.server.db).findOne({ action: "guest.created", subjectId: guest.id }),
    ).toBeDefined();
    expect(
      await AuditLog.query(suite.server.db).findOne({ action: "recommendation.accepted", subjectId: fresh.id }),
    ).toBeDefined();

    const linked = await suite.cast
      .client("editor")
      .post(`/api/v1/events/${suite.cast.accountA.id}/${event.id}/recommendations/${known.id}/accept`);
    expect(linked.status).toBe(200);
    expect(linked.body.guestId).toBe(existing.id);
    expect(await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(3);
  });

  it("pending → accepted or refused, once: anything else is 409 and changes nothing", async () => {
    const { event, recommender, rest } = await setup();
    const [first, second] = (
      await recommend(event, recommender.id, [{ email: "one@example.com" }, { email: "two@example.com" }])
    ).body.data;
    const refused = await suite.cast
      .client("editor")
      .get(`/${event.slug}/admin/recommendations/refuseRecommendationJson/${first.id}`);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "refused", guestId: null });
    expect(
      await AuditLog.query(suite.server.db).findOne({ action: "recommendation.refused", subjectId: first.id }),
    ).toBeDefined();
    expect((await suite.cast.client("editor").post(`${rest}/${second.id}/accept`)).status).toBe(200);

    await expectNoChange(suite.server.db, async () => {
      for (const [id, verb] of [
        [first.id, "accept"],
        [first.id, "refuse"],
        [second.id, "accept"],
        [second.id, "refuse"],
      ] as const) {
        const response = await suite.cast.client("editor").post(`${rest}/${id}/${verb}`);
        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe("recommendation_already_decided");
      }
      const legacy = await suite.cast
        .client("editor")
        .get(`/${event.slug}/admin/recommendations/acceptRecommendationJson/${first.id}`);
      expect(legacy.status).toBe(409);
    });
    expect((await Recommendation.query(suite.server.db).findById(first.id))!.status).toBe("refused");

    // A recommendation of another event is not found through this one.
    const other = await setup();
    const foreign = (await recommend(other.event, other.recommender.id, [{ email: "f@example.com" }])).body.data[0];
    await expectNoChange(suite.server.db, async () => {
      expect((await suite.cast.client("editor").post(`${rest}/${foreign.id}/accept`)).status).toBe(404);
    });
  });

  // ---- role × route matrix ------------------------------------------------------------------------

  type Context = { event: Event; recommender: Guest; rest: string; pendingId: string };

  const ROWS: {
    name: string;
    expect: Expectation;
    isWrite: boolean;
    call(c: Context): { method: "GET" | "POST"; path: string; body?: unknown };
  }[] = [
    {
      name: "GET recommendations",
      expect: READ,
      isWrite: false,
      call: (c) => ({ method: "GET", path: c.rest }),
    },
    {
      name: "POST recommendations",
      expect: write(201),
      isWrite: true,
      call: (c) => ({
        method: "POST",
        path: c.rest,
        body: { guestId: c.recommender.id, recommendations: [{ email: "m@example.com" }] },
      }),
    },
    {
      name: "POST recommendations/{id}/accept",
      expect: write(200),
      isWrite: true,
      call: (c) => ({ method: "POST", path: `${c.rest}/${c.pendingId}/accept` }),
    },
    {
      name: "POST recommendations/{id}/refuse",
      expect: write(200),
      isWrite: true,
      call: (c) => ({ method: "POST", path: `${c.rest}/${c.pendingId}/refuse` }),
    },
    {
      name: "legacy getAllRecommendationsJson",
      expect: READ,
      isWrite: false,
      call: (c) => ({ method: "GET", path: `/${c.event.slug}/admin/recommendations/getAllRecommendationsJson` }),
    },
    {
      name: "legacy acceptRecommendationJson",
      expect: write(200),
      isWrite: true,
      call: (c) => ({
        method: "GET",
        path: `/${c.event.slug}/admin/recommendations/acceptRecommendationJson/${c.pendingId}`,
      }),
    },
    {
      name: "legacy refuseRecommendationJson",
      expect: write(200),
      isWrite: true,
      call: (c) => ({
        method: "GET",
        path: `/${c.event.slug}/admin/recommendations/refuseRecommendationJson/${c.pendingId}`,
      }),
    },
    {
      name: "legacy addRecommendationsJson",
      expect: write(201),
      isWrite: true,
      call: (c) => ({
        method: "POST",
        path: `/${c.event.slug}/recommendations/addRecommendationsJson`,
        body: { guestId: c.recommender.id, recommendations: [{ email: "m@example.com" }] },
      }),
    },
    {
      name: "legacy getRecommendationsJson/{id}",
      expect: READ,
      isWrite: false,
      call: (c) => ({
        method: "GET",
        path: `/${c.event.slug}/recommendations/getRecommendationsJson/${c.recommender.id}`,
      }),
    },
  ];

  for (const row of ROWS) {
    it(`matrix: ${row.name}`, async () => {
      for (const member of CAST_MEMBERS) {
        const { event, recommender, rest } = await setup();
        const pending = await Recommendation.query(suite.server.db).insertAndFetch({
          accountId: event.accountId,
          eventId: event.id,
          recommenderGuestId: recommender.id,
          firstName: null,
          lastName: null,
          email: "pending@example.com",
          company: null,
          status: "pending",
          guestId: null,
          decidedAt: null,
        });
        const call = row.call({ event, recommender, rest, pendingId: pending.id });
        const send = () => suite.cast.client(member).request(call.method, call.path, { body: call.body });
        const expected = row.expect[member];
        const response = await sendGuarded(suite.server.db, expected, send, row.isWrite);
        expect({ member, status: response.status }).toEqual({ member, status: expected });
      }
    });
  }
});
