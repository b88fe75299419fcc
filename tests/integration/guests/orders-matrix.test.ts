import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import type { Guest } from "../../../api/src/models/Guest.ts";
import { type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildListedEvent, matrixFailures, READ } from "../../helpers/matrix.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * A guest's tickets and orders × every kind of caller (QUALITY.md, tenant isolation): the same right
 * as GET users/{id} — readers and up who see the event; outsiders 404; a refused call changes nothing.
 * Readers, editors and organizers see the event through its user list.
 */

const ROUTES = ["tickets", "orders"] as const;

describe.each(databaseKinds())("guest tickets and orders route matrix on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let hidden: Event;
  let guest: Guest;
  let base: string;

  beforeAll(async () => {
    event = await buildListedEvent(suite.cast);
    hidden = await buildEvent(suite.server.db, suite.cast.accountA.id);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    guest = await buildGuest(suite.server.db, event, {});
    const ticket = await buildTicket(suite.server.db, event, { caption: "Pass" });
    await buildOrder(suite.server.db, event, { guestId: guest.id, items: [{ ticket }] });
  });

  it("answers each route × caller as expected; refused calls change nothing", async () => {
    const cases = ROUTES.map((route) => ({
      route,
      name: `GET users/:id/${route}`,
      expect: READ,
      call: (member: CastMember) => suite.cast.client(member).get(`${base}/users/${guest.id}/${route}`),
    }));
    const failures = await matrixFailures(suite.server.db, cases, {
      check: ({ route }, member, response) =>
        READ[member] === 200 && response.body.data?.length !== 1 ? `${route} as ${member}: no data` : undefined,
    });
    expect(failures).toEqual([]);
  });

  it("publishes both routes in the OpenAPI document with their response schemas", async () => {
    const document = (await suite.server.http.get("/api/v1/openapi.json")).body;
    for (const route of ROUTES) {
      const operation = document.paths[`/api/v1/events/{a}/{e}/users/{id}/${route}`]?.get;
      expect(operation, route).toBeDefined();
      const schema = JSON.stringify(operation.responses["200"]);
      expect(schema).toContain(route === "tickets" ? "unitPriceInclTaxCents" : "totalInclTaxCents");
    }
  });

  it("an event the caller does not see, another event's guest, another account, an unknown guest: 404", async () => {
    const hiddenGuest = await buildGuest(suite.server.db, hidden, {});
    const hiddenBase = `/api/v1/events/${suite.cast.accountA.id}/${hidden.id}`;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const route of ROUTES) {
      expect((await suite.cast.client("organizer").get(`${hiddenBase}/users/${hiddenGuest.id}/${route}`)).status).toBe(
        404,
      );
      expect((await suite.cast.client("overseer").get(`${hiddenBase}/users/${hiddenGuest.id}/${route}`)).status).toBe(
        200,
      );
      expect((await suite.cast.client("overseer").get(`${base}/users/${hiddenGuest.id}/${route}`)).status).toBe(404);
      expect((await suite.cast.client("overseer").get(`${base}/users/${unknown}/${route}`)).status).toBe(404);
      const wrongAccount = `/api/v1/events/${suite.cast.accountB.id}/${event.id}/users/${guest.id}/${route}`;
      expect((await suite.cast.client("overseer").get(wrongAccount)).status).toBe(404);
      expect((await suite.cast.client("outsiderOverseer").get(wrongAccount)).status).toBe(404);
    }
  });
});
