import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * The history names what its entries are about (issue 10, item 8): entries whose snapshots do not carry
 * the names their sentences need say them in `metadata`, as they were when written. Older entries have
 * none and still read (metadata null).
 */
describe.each(databaseKinds())("audit entries name their subjects on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let client: HttpClient;
  let accountId: string;
  let base: string;

  /** The event's entries of one action, newest first, as the audit log route returns them. */
  async function entriesOf(action: string): Promise<Array<Record<string, unknown>>> {
    const response = await client.get(`/api/v1/accounts/${accountId}/auditlogs?eventId=${event.id}&action=${action}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  beforeAll(async () => {
    client = suite.cast.client("overseer");
    accountId = suite.cast.accountA.id;
    event = await buildEvent(suite.server.db, accountId, { name: "Gala d'hiver" });
    base = `/api/v1/events/${accountId}/${event.id}`;
  });

  it("a guest's change names the guest and its godfather; a set-aside pair names both", async () => {
    const marie = await buildGuest(suite.server.db, event, { firstName: "Marie", lastName: "Dupont" });
    const jean = await buildGuest(suite.server.db, event, { firstName: "Jean", lastName: "Martin" });
    const noName = await buildGuest(suite.server.db, event, {
      firstName: null,
      lastName: null,
      email: "x@example.org",
    });
    expect((await client.post(`${base}/users/${jean.id}`, { company: "Lumière", godfatherId: marie.id })).status).toBe(
      200,
    );
    expect((await client.post(`${base}/users/${noName.id}`, { company: "Ombre" })).status).toBe(200);
    const updates = await entriesOf("guest.updated");
    expect(updates.map((entry) => entry.metadata)).toEqual([
      { subject: "x@example.org" },
      { subject: "Jean Martin", names: { [marie.id]: "Marie Dupont" } },
    ]);

    expect((await client.post(`${base}/duplicates/ignore`, { guestIds: [marie.id, jean.id] })).status).toBeLessThan(
      300,
    );
    const [ignored] = await entriesOf("guest.duplicate_ignored");
    expect(ignored!.metadata).toEqual({ names: { [marie.id]: "Marie Dupont", [jean.id]: "Jean Martin" } });
  });

  it("a recommendation names its recommender; a reordering its fields; a copy its source event", async () => {
    const recommender = await buildGuest(suite.server.db, event, { firstName: "Zoé", lastName: "Lefèvre" });
    const added = await client.post(`${base}/recommendations`, {
      guestId: recommender.id,
      recommendations: [{ firstName: "Paul", lastName: "Durand", email: "paul@example.org" }],
    });
    expect(added.status).toBe(201);
    const [recommended] = await entriesOf("recommendation.created");
    expect(recommended!.metadata).toEqual({ names: { [recommender.id]: "Zoé Lefèvre" } });

    const diet = await buildCustomField(suite.server.db, event, { label: "Diet" });
    const arrival = await buildCustomField(suite.server.db, event, { label: "Arrival" });
    expect((await client.post(`${base}/customfields/reorder`, { ids: [arrival.id, diet.id] })).status).toBe(200);
    const [reordered] = await entriesOf("custom_field.reordered");
    expect(reordered!.metadata).toEqual({ names: { [diet.id]: "Diet", [arrival.id]: "Arrival" } });

    const copy = await client.post(`/api/v1/accounts/${accountId}/events/${event.id}/duplicate`, {
      name: "Gala d'été",
      slug: `gala-ete-${kind}`,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const list = await client.get(`/api/v1/accounts/${accountId}/auditlogs?eventId=${copy.body.id}`);
    expect(list.body.data[0]).toMatchObject({
      action: "event.duplicated",
      metadata: { names: { [event.id]: "Gala d'hiver" } },
    });
  });

  it("an access grant and its revocation name the user; entries written before metadata read as null", async () => {
    const organizer = suite.cast.users.organizer.user;
    const path = `/api/v1/accounts/${accountId}/events/${event.id}/administrators/${organizer.id}`;
    expect((await client.put(path, {})).status).toBeLessThan(300);
    expect((await client.delete(path)).status).toBeLessThan(300);
    const name = `${organizer.firstName} ${organizer.lastName}`;
    expect((await entriesOf("event.access_granted"))[0]!.metadata).toEqual({ names: { [organizer.id]: name } });
    expect((await entriesOf("event.access_revoked"))[0]!.metadata).toEqual({ names: { [organizer.id]: name } });

    await AuditLog.query(suite.server.db).insert({
      accountId,
      eventId: event.id,
      action: "guest.updated",
      subjectType: "guest",
      subjectId: null,
      after: { ids: [] },
    });
    expect((await entriesOf("guest.updated"))[0]!.metadata).toBeNull();
  });
});
