import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { expectNoChange, type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import type { HttpResponse } from "../../helpers/http.ts";
import {
  buildListedEvent,
  EVERY_MEMBER,
  expectation,
  matrixFailures,
  READ,
  write,
  type MatrixCase,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every guests route × every kind of caller (QUALITY.md, tenant isolation): readers and up who see the
 * event may read; editors and up (events.update) write; outsiders always 404; a refused call changes
 * nothing. Readers, editors and organizers see the event through its user list; an unlisted event is
 * 404 for them.
 */

describe.each(databaseKinds())("guests route matrix on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let hidden: Event;
  let base: string;
  const cases: MatrixCase[] = [];

  beforeAll(async () => {
    event = await buildListedEvent(suite.cast);
    hidden = await buildEvent(suite.server.db, suite.cast.accountA.id);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    const guest = () => buildGuest(suite.server.db, event, {});
    const view = async () =>
      (await suite.cast.client("overseer").post(`${base}/guestviews`, { name: "v", query: {}, isShared: true })).body
        .id as string;
    cases.push(
      { name: "GET users", expect: READ, call: (m) => suite.cast.client(m).get(`${base}/users`) },
      { name: "GET users/count", expect: READ, call: (m) => suite.cast.client(m).get(`${base}/users/count`) },
      {
        name: "GET users/:id",
        expect: READ,
        call: async (m) => suite.cast.client(m).get(`${base}/users/${(await guest()).id}`),
      },
      { name: "GET guestviews", expect: READ, call: (m) => suite.cast.client(m).get(`${base}/guestviews`) },
      {
        name: "POST guestviews (personal)",
        expect: expectation(201, EVERY_MEMBER),
        call: (m) => suite.cast.client(m).post(`${base}/guestviews`, { name: "mine", query: { search: "x" } }),
      },
      {
        name: "POST guestviews (shared)",
        expect: write(201),
        call: (m) => suite.cast.client(m).post(`${base}/guestviews`, { name: "all", query: {}, isShared: true }),
      },
      {
        name: "DELETE guestviews/:id (shared)",
        expect: write(200),
        call: async (m) => suite.cast.client(m).delete(`${base}/guestviews/${await view()}`),
      },
      {
        name: "POST users",
        expect: write(201),
        call: (m) => suite.cast.client(m).post(`${base}/users`, { lastName: "New" }),
      },
      {
        name: "POST users/:id",
        expect: write(200),
        call: async (m) => suite.cast.client(m).post(`${base}/users/${(await guest()).id}`, { lastName: "Changed" }),
      },
      {
        name: "DELETE users/:id",
        expect: write(200),
        call: async (m) => suite.cast.client(m).delete(`${base}/users/${(await guest()).id}`),
      },
      {
        name: "POST deleteusers",
        expect: write(200),
        call: async (m) => suite.cast.client(m).post(`${base}/deleteusers`, { ids: [(await guest()).id] }),
      },
      {
        name: "POST users/customfields",
        expect: write(200),
        call: async (m) =>
          suite.cast.client(m).post(`${base}/users/customfields`, { ids: [(await guest()).id], answers: {} }),
      },
      {
        name: "POST deleteusers (query)",
        expect: write(200),
        call: async (m) =>
          suite.cast.client(m).post(`${base}/deleteusers`, { query: { search: (await guest()).email ?? "" } }),
      },
      {
        name: "POST users/customfields (query)",
        expect: write(200),
        call: async (m) =>
          suite.cast
            .client(m)
            .post(`${base}/users/customfields`, { query: { search: (await guest()).email ?? "" }, answers: {} }),
      },
    );
  });

  it("answers each route × caller as expected; refused calls change nothing", async () => {
    // Fixtures (guests, views) are made before the snapshot: only the call itself is checked.
    expect(await matrixFailures(suite.server.db, cases, { prepare })).toEqual([]);
  });

  /** Builds the route's fixtures first and returns the bare call (for expectNoChange). */
  async function prepare(route: MatrixCase, member: CastMember): Promise<() => Promise<HttpResponse>> {
    const paths = { guest: (await buildGuest(suite.server.db, event, {})).id };
    const client = suite.cast.client(member);
    const at = (path: string) => `${base}${path}`;
    switch (route.name) {
      case "GET users/:id":
        return () => client.get(at(`/users/${paths.guest}`));
      case "DELETE guestviews/:id (shared)": {
        const id = (
          await suite.cast.client("overseer").post(at("/guestviews"), { name: "v", query: {}, isShared: true })
        ).body.id;
        return () => client.delete(at(`/guestviews/${id}`));
      }
      case "POST users/:id":
        return () => client.post(at(`/users/${paths.guest}`), { lastName: "Changed" });
      case "DELETE users/:id":
        return () => client.delete(at(`/users/${paths.guest}`));
      case "POST deleteusers":
        return () => client.post(at("/deleteusers"), { ids: [paths.guest] });
      case "POST users/customfields":
        return () => client.post(at("/users/customfields"), { ids: [paths.guest], answers: {} });
      case "POST deleteusers (query)":
        return () => client.post(at("/deleteusers"), { query: {} });
      case "POST users/customfields (query)":
        return () => client.post(at("/users/customfields"), { query: {}, answers: {} });
      default:
        return () => route.call(member);
    }
  }

  it("an event the caller does not see is 404 even for its guests, and another event's guest is 404", async () => {
    const hiddenGuest = await buildGuest(suite.server.db, hidden, {});
    const hiddenBase = `/api/v1/events/${suite.cast.accountA.id}/${hidden.id}`;
    expect((await suite.cast.client("organizer").get(`${hiddenBase}/users`)).status).toBe(404);
    expect((await suite.cast.client("overseer").get(`${hiddenBase}/users`)).status).toBe(200);
    expect((await suite.cast.client("overseer").get(`${base}/users/${hiddenGuest.id}`)).status).toBe(404);
    const wrongAccount = `/api/v1/events/${suite.cast.accountB.id}/${event.id}/users`;
    expect((await suite.cast.client("overseer").get(wrongAccount)).status).toBe(404);
    expect((await suite.cast.client("overseer").get(`${wrongAccount}/count`)).status).toBe(404);
    expect((await suite.cast.client("organizer").get(`${hiddenBase}/users/count`)).status).toBe(404);
    const deleted = await expectNoChange(suite.server.db, () =>
      suite.cast.client("overseer").post(`${base}/deleteusers`, { ids: [hiddenGuest.id] }),
    );
    expect(deleted.body).toEqual({ deleted: [], refused: [] });
  });
});
