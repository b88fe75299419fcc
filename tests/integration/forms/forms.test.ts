import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { pngImage } from "../../helpers/imageFixtures.ts";
import { buildWorkshopField, morningDietGroup } from "../../helpers/forms.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { PDF } from "../../helpers/zipFixtures.ts";

/**
 * The event's forms through the API: created as drafts, changed, put online, duplicated, deleted; every
 * save keeps the builder's rules and answers their messages in the caller's language; nothing half-saved.
 */
describe.each(databaseKinds())("forms on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { token, http } = await listedUser(suite.server, event, { role: "editor" });
    const workshop = await buildWorkshopField(db, event, { morningQuota: 20 });
    const diet = await buildCustomField(db, event, { label: "Diet" });
    const base = `/api/v1/events/${account.id}/${event.id}/forms`;
    const items = [
      { kind: "text", id: "welcome", title: "Welcome", description: "Tell us about you." },
      { kind: "question", id: "q-workshop", fieldId: workshop.id },
      morningDietGroup(workshop.id, diet.id),
      { kind: "participation", id: "attend", title: "Will you attend?" },
    ];
    return { db, http, token, account, event, workshop, diet, base, items };
  }

  it("creates a draft, changes it, puts it online, duplicates and deletes it", async () => {
    const { http, base, items } = await setUp();
    const created = await http.post(base, { type: "registration", title: "  Registration ", items });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: "registration", state: "draft", title: "Registration", items });
    expect(created.body.abilities).toEqual({ update: true, delete: true });
    const path = `${base}/${created.body.id}`;

    const online = await http.post(path, { state: "online", title: "Sign up" });
    expect(online.status).toBe(200);
    expect(online.body).toMatchObject({ state: "online", title: "Sign up", items });
    expect((await http.get(path)).body).toMatchObject({ state: "online", title: "Sign up" });

    const copy = await http.post(`${path}/duplicate`, undefined, { lang: "fr" });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ state: "draft", title: "Sign up (copie)", items });
    const listed = await http.get(base);
    expect(listed.body.data.map((form: { id: string }) => form.id)).toEqual([copy.body.id, created.body.id]);

    expect((await http.delete(path)).status).toBe(200);
    expect((await http.get(path)).status).toBe(404);
    expect((await http.get(base)).body.data).toHaveLength(1);
  });

  it("refuses a form that breaks the builder's rules with their messages, in the caller's language", async () => {
    const { db, http, base, workshop, diet } = await setUp();
    const before = await db("forms").count({ n: "*" }).first();
    const refused = await http.post(
      base,
      {
        type: "registration",
        title: "",
        items: [
          { kind: "question", id: "q1", fieldId: workshop.id },
          { kind: "group", id: "g1", condition: { fieldId: null, answers: [] }, items: [] },
          {
            kind: "group",
            id: "g2",
            condition: { fieldId: workshop.id, answers: [] },
            items: [{ kind: "question", id: "q2", fieldId: diet.id }],
          },
        ],
      },
      { lang: "fr" },
    );
    expect(refused.status).toBe(422);
    const messages = Object.fromEntries(
      (refused.body.error.details as { field: string; message: string }[]).map((issue) => [issue.field, issue.message]),
    );
    expect(messages).toMatchObject({
      title: "Le titre est obligatoire.",
      "items.1.items": expect.any(String),
      "items.1.condition.fieldId": expect.any(String),
      "items.2.condition.answers": expect.any(String),
    });
    const english = await http.post(base, { type: "registration", title: "Ok", items: [] }, { lang: "en" });
    expect(english.body.error.details).toEqual([
      expect.objectContaining({ field: "items", message: "You must add at least one item." }),
    ]);
    expect(await db("forms").count({ n: "*" }).first()).toEqual(before);
  });

  it("keeps a form unchanged when a change would break the rules, and takes no question of another event", async () => {
    const { db, http, account, base, items } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Registration", items });
    const path = `${base}/${created.body.id}`;
    const withoutQuestion = items.filter((item) => item.id !== "q-workshop");
    const refused = await http.post(path, { items: withoutQuestion, title: "Changed" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: "items.1.condition.fieldId", code: "question_not_in_form" }),
    ]);
    expect((await http.get(path)).body).toMatchObject({ title: "Registration", items });

    const elsewhere = await buildCustomField(db, await buildEvent(db, account.id), { label: "Elsewhere" });
    const foreign = await http.post(path, { items: [...items, { kind: "question", id: "x", fieldId: elsewhere.id }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details).toEqual([
      expect.objectContaining({ field: "items.4.fieldId", code: "field_not_in_event" }),
    ]);
  });

  it("refuses a group inside a group and a malformed item", async () => {
    const { http, base, workshop, diet } = await setUp();
    const nested = {
      kind: "group",
      id: "outer",
      condition: { fieldId: workshop.id, answers: ["pm"] },
      items: [{ kind: "group", id: "inner", condition: { fieldId: workshop.id, answers: ["am"] }, items: [] }],
    };
    const items = [{ kind: "question", id: "q", fieldId: workshop.id }, nested];
    const refused = await http.post(base, { type: "registration", title: "Nested", items }, { lang: "es" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: "items.1.items.0", message: "Un grupo no puede ir dentro de otro grupo." }),
    ]);
    const malformed = await http.post(base, {
      type: "registration",
      title: "Bad",
      items: [{ kind: "question", id: "q", fieldId: diet.id, extra: true }],
    });
    expect(malformed.status).toBe(422);
  });

  it("keeps a form's options: approval, its dates, a confirmation message per language", async () => {
    const { http, base, items } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Registration", items });
    const options = `${base}/${created.body.id}/options`;
    expect((await http.get(options)).body).toEqual({
      requiresApproval: false,
      opensAt: null,
      closesAt: null,
      confirmationMessage: {},
      publishAttendees: false,
      waitingList: true,
    });
    const set = await http.post(
      options,
      { params: { requiresApproval: true, confirmationMessage: "  Merci !  " } },
      { lang: "fr" },
    );
    expect(set.status).toBe(200);
    const spanish = await http.post(options, { params: { confirmationMessage: "¡Gracias!" }, language: "es" });
    expect(spanish.body).toEqual({
      requiresApproval: true,
      opensAt: null,
      closesAt: null,
      confirmationMessage: { fr: "Merci !", es: "¡Gracias!" },
      publishAttendees: false,
      waitingList: true,
    });
    const reversed = await http.post(options, {
      params: { opensAt: "2027-03-02T10:00:00.000Z", closesAt: "2027-03-01T10:00:00.000Z" },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.details).toEqual([expect.objectContaining({ field: "params.closesAt" })]);
    expect((await http.get(options)).body.opensAt).toBeNull();
    const copy = await http.post(`${base}/${created.body.id}/duplicate`);
    expect((await http.get(`${base}/${copy.body.id}/options`)).body.requiresApproval).toBe(true);
  });

  it("tells the builder what the linter finds, quotas counted: a group nobody can reach", async () => {
    const { db, http, base, items, workshop, event } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Registration", items });
    expect((await http.get(`${base}/${created.body.id}`)).body.warnings).toEqual([]);
    await db("customFields")
      .where({ id: workshop.id })
      .update({
        options: JSON.stringify([
          { id: "am", label: "Morning", quota: 1 },
          { id: "pm", label: "Afternoon", quota: null },
        ]),
      });
    await buildGuest(db, event, { status: "confirmed", answers: { [workshop.id]: "am" } as never });
    expect((await http.get(`${base}/${created.body.id}`)).body.warnings).toEqual([
      { field: "items.2.items.0.fieldId", code: "unreachable_question" },
    ]);
  });

  it("keeps a form's terms as a PDF judged from its content, served to the organizer and, online, to guests", async () => {
    const { http, token, base, items, event } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Registration", items });
    const path = `${base}/${created.body.id}`;
    const upload = (bytes: Uint8Array, fileName: string) =>
      postMultipart(suite.server.baseUrl, `${path}/terms`, {
        token,
        files: [{ bytes, fileName, contentType: "application/pdf" }],
      });
    const png = await upload(pngImage(2, 2), "terms.pdf");
    expect(png.status).toBe(422);
    const set = await upload(PDF, "Conditions générales");
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    expect((set.body as { terms: unknown }).terms).toEqual({ name: "Conditions générales.pdf", size: PDF.length });
    const download = await fetch(`${suite.server.baseUrl}${path}/terms`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const publicTerms = `${suite.server.baseUrl}/api/v1/public/events/${event.slug}/forms/${created.body.id}/terms`;
    expect((await fetch(publicTerms)).status).toBe(404);
    await http.post(path, { state: "online" });
    const served = await fetch(publicTerms);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const view = await suite.server.http.get(`/api/v1/public/events/${event.slug}/forms/${created.body.id}`);
    expect(view.body.terms).toEqual({ name: "Conditions générales.pdf", size: PDF.length });
  });
});
