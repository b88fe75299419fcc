import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, uniqueSlug } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";

/** Custom fields through the API: definition rules and messages, reorder, delete, chosen options, copy. */
describe.each(databaseKinds())("custom fields API on %s", (kind) => {
  const suite = useCastServer(kind);
  let client: HttpClient;
  let event: Event;
  let base: string;

  beforeAll(async () => {
    client = suite.cast.client("organizer");
  });

  beforeEach(async () => {
    event = await buildEvent(suite.server.db, suite.cast.accountA.id, {
      createdBy: suite.cast.users.organizer.user.id,
    });
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}/customfields`;
  });

  const create = (body: Record<string, unknown>, lang?: string) =>
    client.request("POST", base, { body: { label: "Question", ...body }, lang });
  const detailsOf = (response: { body: { error: { details: { field: string; code: string; message: string }[] } } }) =>
    response.body.error.details.map(({ field, code }) => ({ field, code }));

  it("creates fields at the end, with option ids and only the rules of their type", async () => {
    const first = await create({ name: "Company size", type: "number", rules: { min: 1, max: 10, exact: 3 } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      name: "Company size",
      type: "number",
      position: 0,
      isRequired: false,
      isReadOnly: false,
      options: [],
      rules: { min: 1, max: 10 },
      abilities: { update: true, delete: true },
    });
    expect(first.body.rules.exact).toBeUndefined();
    const second = await create({
      name: "Diet",
      type: "dropdown",
      options: [{ label: " Vegan " }, { label: "None", quota: 3 }],
    });
    expect(second.status).toBe(201);
    expect(second.body.position).toBe(1);
    expect(second.body.options).toMatchObject([
      { label: "Vegan", quota: null },
      { label: "None", quota: 3 },
    ]);
    expect(second.body.options[0].id).toEqual(expect.any(String));
    const rating = await create({ name: "Rating", type: "rating" });
    expect(rating.body.rules).toEqual({ maxRating: 5 });
    const list = await client.get(base);
    expect(list.body.data.map((f: { name: string }) => f.name)).toEqual(["Company size", "Diet", "Rating"]);
    const audit = await suite.server.db("auditLogs").where({ eventId: event.id, action: "custom_field.created" });
    expect(audit).toHaveLength(3);
  });

  it("refuses a field both required and read-only, in the caller's language", async () => {
    const en = await expectNoChange(suite.server.db, () =>
      create({ name: "x", type: "short_text", isRequired: true, isReadOnly: true }),
    );
    expect(en.status).toBe(422);
    expect(en.body.error.message).toBe("A question cannot be both required and read-only.");
    expect(detailsOf(en)).toEqual([{ field: "isReadOnly", code: "required_read_only_exclusive" }]);
    const fr = await create({ name: "x", type: "short_text", isRequired: true, isReadOnly: true }, "fr");
    expect(fr.body.error.message).toBe("Une question ne peut pas être à la fois obligatoire et en lecture seule.");
    // Also when the update makes it so.
    const field = await buildCustomField(suite.server.db, event, { isRequired: true });
    const update = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${field.id}`, { isReadOnly: true }),
    );
    expect(detailsOf(update)).toEqual([{ field: "isReadOnly", code: "required_read_only_exclusive" }]);
  });

  it("checks options, quotas, bounds, selections and the rating scale", async () => {
    const cases: [Record<string, unknown>, { field: string; code: string }[], string][] = [
      [
        { type: "unique_choice" },
        [{ field: "options", code: "answer_per_question" }],
        "You must have at least one answer by question.",
      ],
      [
        { type: "multiple_choice", options: [{ label: "A" }, { label: "a" }] },
        [{ field: "options.1.label", code: "option_label_taken" }],
        "Two answers cannot have the same title.",
      ],
      [
        { type: "dropdown", options: [{ label: "A" }, { label: "   " }] },
        [{ field: "options.1.label", code: "option_title_required" }],
        "Option title is required.",
      ],
      [
        { type: "number", rules: { min: 5, max: 2 } },
        [{ field: "rules.max", code: "min_greater_than_max" }],
        "The minimum cannot be greater than the maximum.",
      ],
      [
        { type: "multiple_choice", options: [{ label: "A" }, { label: "B" }], rules: { exact: 3 } },
        [{ field: "rules.exact", code: "not_enough_options" }],
        "This question has only 2 answers.",
      ],
      [
        { type: "short_text", options: [{ label: "A" }] },
        [{ field: "options", code: "invalid_value" }],
        "This value is not valid.",
      ],
    ];
    for (const [body, details, message] of cases) {
      const response = await expectNoChange(suite.server.db, () => create({ name: "q", ...body }));
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(detailsOf(response)).toEqual(details);
      expect(response.body.error.message).toBe(message);
    }
    const quota = await create({ name: "q", type: "dropdown", options: [{ label: "A", quota: 0 }] });
    expect(quota.status).toBe(422);
    expect(detailsOf(quota)).toEqual([{ field: "options.0.quota", code: "quota_positive" }]);
    expect(quota.body.error.message).toBe("The quota must be a number greater than 0.");
    const scale = await create({ name: "q", type: "rating", rules: { maxRating: 11 } });
    expect(scale.status).toBe(422);
    expect(scale.body.error.details[0].field).toBe("rules.maxRating");
    const fr = await create({ name: "q", type: "dropdown", options: [] }, "fr");
    expect(fr.body.error.message).toBe("Vous devez avoir au moins une réponse par question.");
  });

  it("keeps names unique per event whatever their case (409), also on rename and on a race", async () => {
    expect((await create({ name: "Diet", type: "short_text" })).status).toBe(201);
    const taken = await expectNoChange(suite.server.db, () => create({ name: " diet ", type: "long_text" }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: "custom_field_name_taken",
      message: "A field with this name already exists.",
    });
    const other = await create({ name: "Other", type: "short_text" });
    const rename = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${other.body.id}`, { name: "DIET" }),
    );
    expect(rename.status).toBe(409);
    expect((await client.post(`${base}/${other.body.id}`, { name: "OTHER" })).status).toBe(200);
    // Another event may use the name.
    const elsewhere = await buildEvent(suite.server.db, suite.cast.accountA.id, {
      createdBy: suite.cast.users.organizer.user.id,
    });
    const url = `/api/v1/events/${suite.cast.accountA.id}/${elsewhere.id}/customfields`;
    expect((await client.post(url, { name: "Diet", label: "Diet", type: "short_text" })).status).toBe(201);
    const race = await Promise.all(
      [1, 2, 3].map(() => client.post(base, { name: "Raced", label: "Raced", type: "short_text" })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("never changes the type", async () => {
    const field = await buildCustomField(suite.server.db, event, { type: "number" });
    const response = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${field.id}`, { type: "short_text" }),
    );
    expect(response.status).toBe(422);
    expect((await client.get(`${base}/${field.id}`)).body.type).toBe("number");
  });

  it("reorders with the full list of ids", async () => {
    const [a, b, c] = [
      await buildCustomField(suite.server.db, event),
      await buildCustomField(suite.server.db, event),
      await buildCustomField(suite.server.db, event),
    ];
    const response = await client.post(`${base}/reorder`, { ids: [c.id, a.id, b.id] });
    expect(response.status).toBe(200);
    expect(response.body.data.map((f: { id: string; position: number }) => [f.id, f.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const foreign = await buildCustomField(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id));
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, foreign.id],
      [c.id, a.id, b.id, foreign.id],
    ]) {
      const refused = await expectNoChange(suite.server.db, () => client.post(`${base}/reorder`, { ids }));
      expect(refused.status).toBe(422);
      expect(detailsOf(refused)).toEqual([{ field: "ids", code: "invalid_value" }]);
    }
    const audit = await suite.server.db("auditLogs").where({ eventId: event.id, action: "custom_field.reordered" });
    expect(audit).toHaveLength(1);
  });

  it("deleting a field removes its answers from every guest of the event, and closes the positions", async () => {
    const doomed = await buildCustomField(suite.server.db, event);
    const kept = await buildCustomField(suite.server.db, event);
    const guests = [
      await buildGuest(suite.server.db, event, { answers: { [doomed.id]: "x", [kept.id]: "keep" } }),
      await buildGuest(suite.server.db, event, { answers: { [doomed.id]: ["a", "b"] } }),
      await buildGuest(suite.server.db, event, { answers: {} }),
    ];
    const otherEvent = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const outsider = await buildGuest(suite.server.db, otherEvent, { answers: { [doomed.id]: "untouched" } });
    const response = await client.delete(`${base}/${doomed.id}`);
    expect(response.status).toBe(200);
    const answers = async (id: string) => (await Guest.query(suite.server.db).findById(id))!.answers;
    expect(await answers(guests[0]!.id)).toEqual({ [kept.id]: "keep" });
    expect(await answers(guests[1]!.id)).toEqual({});
    expect(await answers(guests[2]!.id)).toEqual({});
    expect(await answers(outsider.id)).toEqual({ [doomed.id]: "untouched" });
    expect((await client.get(`${base}/${kept.id}`)).body.position).toBe(0);
    expect((await client.get(`${base}/${doomed.id}`)).status).toBe(404);
    expect(
      await suite.server.db("auditLogs").where({ subjectId: doomed.id, action: "custom_field.deleted" }),
    ).toHaveLength(1);
  });

  it("protects options guests already chose: no removal, no retitle; quotas may change", async () => {
    const options = [
      { id: "veg", label: "Vegetarian", quota: null },
      { id: "vgn", label: "Vegan", quota: null },
      { id: "none", label: "None", quota: null },
    ];
    const single = await buildCustomField(suite.server.db, event, { type: "dropdown", options });
    const multi = await buildCustomField(suite.server.db, event, { type: "multiple_choice", options });
    await buildGuest(suite.server.db, event, { answers: { [single.id]: "veg", [multi.id]: ["vgn", "none"] } });

    const removed = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${single.id}`, { options: [options[1], options[2]] }),
    );
    expect(removed.status).toBe(422);
    expect(detailsOf(removed)).toEqual([{ field: "options", code: "option_already_chosen" }]);
    expect(removed.body.error.message).toBe("An answer already chosen by guests cannot be edited.");
    const retitled = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${multi.id}`, {
        options: [options[0], { ...options[1], label: "Plant-based" }, options[2]],
      }),
    );
    expect(detailsOf(retitled)).toEqual([{ field: "options.1.label", code: "option_already_chosen" }]);
    const idChanged = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${multi.id}`, { options: [options[0], { id: "other", label: "Vegan" }, options[2]] }),
    );
    expect(idChanged.status).toBe(422);

    // Sent by title only, an option keeps its id; a change of case is still a retitle.
    const recased = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/${single.id}`, { options: [{ label: "vegetarian", quota: 5 }] }),
    );
    expect(detailsOf(recased)).toEqual([{ field: "options.0.label", code: "option_already_chosen" }]);
    // Unchosen options may go; chosen ones may get a quota.
    const ok = await client.post(`${base}/${single.id}`, { options: [{ id: "veg", label: "Vegetarian", quota: 5 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.options).toEqual([{ id: "veg", label: "Vegetarian", quota: 5 }]);
    const byTitle = await client.post(`${base}/${multi.id}`, {
      options: [{ label: "Vegetarian" }, { label: "Vegan" }, { label: "None" }, { label: "Fish" }],
    });
    expect(byTitle.status).toBe(200);
    expect(byTitle.body.options.slice(0, 3).map((o: { id: string }) => o.id)).toEqual(["veg", "vgn", "none"]);
  });

  it("copies the fields when the event is duplicated (new ids, same positions)", async () => {
    const overseer = suite.cast.client("overseer");
    await overseer.post(base, { name: "A", label: "A", type: "dropdown", options: [{ label: "One" }] });
    await overseer.post(base, { name: "B", label: "B", type: "rating", rules: { maxRating: 7 } });
    const copy = await overseer.post(`/api/v1/accounts/${suite.cast.accountA.id}/events/${event.id}/duplicate`, {
      name: "Copy",
      slug: uniqueSlug("copy"),
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const original = (await overseer.get(base)).body.data;
    const copied = (await overseer.get(`/api/v1/events/${suite.cast.accountA.id}/${copy.body.id}/customfields`)).body
      .data;
    expect(copied).toHaveLength(2);
    const strip = (f: Record<string, unknown>) => ({
      ...f,
      id: undefined,
      eventId: undefined,
      createdAt: undefined,
      updatedAt: undefined,
    });
    expect(copied.map(strip)).toEqual(original.map(strip));
    expect(copied[0].id).not.toBe(original[0].id);
    expect(copied[0].eventId).toBe(copy.body.id);
  });
});
