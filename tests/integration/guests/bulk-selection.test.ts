import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import type { CustomField } from "../../../api/src/models/CustomField.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { addHook } from "../../../api/src/services/hooks.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildListedEvent } from "../../helpers/matrix.ts";
import { buildCustomField, buildGuests } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * "Select all N matching": the bulk routes (`deleteusers`, `users/customfields`) take either `ids` or
 * `query` — the list's view, filters and search — and act on every guest of the event it matches,
 * in chunks (more guests than one statement's chunk), never on another event's guests.
 */

describe.each(databaseKinds())("bulk actions on a list query on %s", (kind) => {
  const suite = useCastServer(kind);
  let client: HttpClient;
  let event: Event;
  let other: Event;
  let base: string;
  let color: CustomField;
  let note: CustomField;
  let attachment: CustomField;
  /** 1,300 guests: 1,100 of company "Acme" (of which 600 confirmed), 200 of "Other". */
  let acme: string[];
  let confirmedAcme: string[];
  let rest: string[];
  let foreign: string[];

  beforeAll(async () => {
    client = suite.cast.client("overseer");
    event = await buildListedEvent(suite.cast);
    other = await buildEvent(suite.server.db, suite.cast.accountA.id);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    color = await buildCustomField(suite.server.db, event, {
      type: "unique_choice",
      options: [
        { id: "red", label: "Red" },
        { id: "blue", label: "Blue" },
      ],
    });
    note = await buildCustomField(suite.server.db, event, { type: "short_text" });
    attachment = await buildCustomField(suite.server.db, event, { type: "file" });
    const ids = await buildGuests(suite.server.db, event, 1_300, (index) => ({
      company: index < 1_100 ? "Acme" : "Other",
      status: index < 600 ? "confirmed" : "unanswered",
      answers: { [note.id]: `n${index}` },
    }));
    acme = ids.slice(0, 1_100);
    confirmedAcme = ids.slice(0, 600);
    rest = ids.slice(1_100);
    foreign = await buildGuests(suite.server.db, other, 50, () => ({ company: "Acme" }));
  });

  const answersOf = async (ids: string[]) => {
    const rows = await Guest.query(suite.server.db).whereIn("id", ids.slice(0, 400)).select("id", "answers");
    return rows.map((row) => row.answers);
  };

  it("sets a field on every guest matching a search, past one chunk, and on no other guest", async () => {
    const response = await client.post(`${base}/users/customfields`, {
      query: { search: "acme" },
      answers: { [color.id]: "Red" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.updated).toHaveLength(1_100);
    expect(new Set(response.body.updated)).toEqual(new Set(acme));
    const count = async (ids: string[]) => {
      let red = 0;
      for (let start = 0; start < ids.length; start += 400) {
        const rows = await Guest.query(suite.server.db).whereIn("id", ids.slice(start, start + 400));
        red += rows.filter((row) => row.answers[color.id] === "red").length;
      }
      return red;
    };
    expect(await count(acme.slice(0, 500))).toBe(500);
    expect(await count(acme.slice(500))).toBe(600);
    expect(await count(rest)).toBe(0);
    expect(await count(foreign)).toBe(0);
    // Answers are merged: the other answer stays.
    for (const answers of await answersOf(acme))
      expect(Object.keys(answers).sort()).toEqual([color.id, note.id].sort());
    const audit = await AuditLog.query(suite.server.db).where({ eventId: event.id, action: "guest.updated" });
    expect(audit).toHaveLength(1);
    expect((audit[0]!.after as { ids: string[] }).ids).toHaveLength(1_100);
  });

  it("combines status, custom-field filters and search like the list does", async () => {
    const query = {
      status: "confirmed",
      search: "acme",
      filters: JSON.stringify([{ field: color.id, op: "eq", value: "red" }]),
    };
    const listed = await client.get(`${base}/users?${new URLSearchParams({ ...query, perPage: "1" }).toString()}`);
    expect(listed.body.pagination.total).toBe(600);
    const response = await client.post(`${base}/users/customfields`, { query, answers: { [color.id]: "blue" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(new Set(response.body.updated)).toEqual(new Set(confirmedAcme));
    expect(new Set((await answersOf(confirmedAcme)).map((answers) => answers[color.id]))).toEqual(new Set(["blue"]));
    expect(new Set((await answersOf(acme.slice(600))).map((answers) => answers[color.id]))).toEqual(new Set(["red"]));
  });

  it("takes a date range: nothing created in the future matches", async () => {
    const response = await client.post(`${base}/users/customfields`, {
      query: { createdFrom: new Date(Date.now() + 86_400_000).toISOString() },
      answers: { [note.id]: "late" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.updated).toEqual([]);
  });

  it("refuses both or neither of ids and query, a bad filter and a file answer, changing nothing", async () => {
    const calls = [
      { ids: [acme[0]], query: {}, answers: { [note.id]: "x" } },
      { answers: { [note.id]: "x" } },
      { query: { filters: JSON.stringify([{ field: "nope", op: "eq", value: 1 }]) }, answers: { [note.id]: "x" } },
      { query: { page: 2 }, answers: { [note.id]: "x" } },
      { query: {}, answers: { [attachment.id]: null } },
      { query: {}, answers: { [attachment.id]: { fileId: "f", name: "a.pdf", size: 3 } } },
    ];
    for (const body of calls) {
      const refused = await expectNoChange(suite.server.db, () => client.post(`${base}/users/customfields`, body));
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    const deletion = await expectNoChange(suite.server.db, () => client.post(`${base}/deleteusers`, {}));
    expect(deletion.status).toBe(422);
  });

  it("a reader is refused (403) and an outsider does not see the event (404), nothing changes", async () => {
    const body = { query: {}, answers: { [note.id]: "x" } };
    const reader = await expectNoChange(suite.server.db, () =>
      suite.cast.client("reader").post(`${base}/users/customfields`, body),
    );
    expect(reader.status).toBe(403);
    const outsider = await expectNoChange(suite.server.db, () =>
      suite.cast.client("outsider").post(`${base}/deleteusers`, { query: {} }),
    );
    expect(outsider.status).toBe(404);
  });

  it("deletes every guest matching a query except those a guard keeps; other events untouched", async () => {
    const kept = rest[0]!;
    const unregister = addHook(
      suite.server.deps.hooks.guestDeletionGuards,
      async (_trx, ids) =>
        new Map(ids.filter((id) => id === kept).map((id) => [id, "guests_with_tickets_not_deleted" as const])),
    );
    try {
      const response = await client.post(`${base}/deleteusers`, { query: { search: "other" } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.deleted).toHaveLength(199);
      expect(response.body.refused).toEqual([
        { id: kept, reason: "Guests could not be deleted: they may have a ticket." },
      ]);
    } finally {
      unregister();
    }
    const everything = await client.post(`${base}/deleteusers`, { query: {} });
    expect(everything.body.deleted).toHaveLength(1_101);
    expect(
      Number(
        (
          (await suite.server.db("guests").where({ eventId: event.id }).count({ n: "*" }).first()) as {
            n: number | string;
          }
        ).n,
      ),
    ).toBe(0);
    expect(
      Number(
        (
          (await suite.server.db("guests").where({ eventId: other.id }).count({ n: "*" }).first()) as {
            n: number | string;
          }
        ).n,
      ),
    ).toBe(50);
  });
});
