import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Companions on the guest screen: the list of a guest's companions (`godfatherId` list parameter) and
 * adding one (a guest created with `godfatherId`) within the event's maximum of companions per guest.
 */
describe.each(databaseKinds())("guest companions on %s", (kind) => {
  const suite = useCastServer(kind);
  let client: HttpClient;
  let event: Event;
  let base: string;

  beforeAll(async () => {
    client = suite.cast.client("overseer");
    event = await buildEvent(suite.server.db, suite.cast.accountA.id, { maxCompanions: 2 });
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
  });

  it("lists a guest's companions only, and adds companions up to the event's maximum", async () => {
    const host = await buildGuest(suite.server.db, event, { lastName: "Host" });
    const other = await buildGuest(suite.server.db, event, { lastName: "Other" });
    await buildGuest(suite.server.db, event, { lastName: "Elsewhere", godfatherId: other.id });
    const first = await client.post(`${base}/users`, { firstName: "Ann", lastName: "One", godfatherId: host.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await client.post(`${base}/users`, { lastName: "Two", godfatherId: host.id });
    expect(second.status).toBe(201);

    const listed = await client.get(`${base}/users?godfatherId=${host.id}&sort=createdAt`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((guest: { id: string }) => guest.id)).toEqual([first.body.id, second.body.id]);
    expect((await client.get(`${base}/users/${host.id}`)).body.companionsCount).toBe(2);

    const third = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/users`, { lastName: "Three", godfatherId: host.id }),
    );
    expect(third.status).toBe(422);
    expect(third.body.error.details).toEqual([
      {
        field: "godfatherId",
        code: "companions_too_many",
        message: "This guest already has the most companions the event allows (2).",
      },
    ]);
    const fr = await client.post(`${base}/users`, { lastName: "Trois", godfatherId: host.id }, { lang: "fr" });
    expect(fr.body.error.details[0].message).toBe(
      "Cet invité a déjà le nombre maximal d'accompagnants permis par l'événement (2).",
    );
    // Moving an existing guest under a full godfather is refused too; keeping one's own link is not.
    const moved = await client.post(`${base}/users/${other.id}`, { godfatherId: host.id });
    expect(moved.status).toBe(422);
    expect((await client.post(`${base}/users/${first.body.id}`, { godfatherId: host.id })).status).toBe(200);
  });

  it("a bad godfatherId in the list is 422; an event without a maximum takes any number", async () => {
    expect((await client.get(`${base}/users?godfatherId=nope`)).status).toBe(422);
    const open = await buildEvent(suite.server.db, suite.cast.accountA.id, { maxCompanions: null });
    const openBase = `/api/v1/events/${suite.cast.accountA.id}/${open.id}`;
    const host = await buildGuest(suite.server.db, open, {});
    for (let i = 0; i < 4; i++) {
      expect((await client.post(`${openBase}/users`, { lastName: `C${i}`, godfatherId: host.id })).status).toBe(201);
    }
  });
});
