import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField } from "../../helpers/guests.ts";
import { buildWorkshopField, morningDietGroup } from "../../helpers/forms.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { PDF } from "../../helpers/zipFixtures.ts";

/**
 * Form changes in the audit trail and the event's history (issue 11): each operation of the forms API
 * writes its entry in the same transaction as the change, by its actor, about the event and the form,
 * with the changed values before and after (items summarised) and the form's title in its metadata; a
 * refused change writes none.
 */
describe.each(databaseKinds())("form changes in the audit trail on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { user, token, http } = await listedUser(suite.server, event, { role: "editor" });
    const workshop = await buildWorkshopField(db, event);
    const diet = await buildCustomField(db, event, { label: "Diet" });
    const base = `/api/v1/events/${account.id}/${event.id}/forms`;
    const items = [
      { kind: "text", id: "welcome", title: "Welcome", description: "Tell us about you." },
      { kind: "question", id: "q-workshop", fieldId: workshop.id },
      morningDietGroup(workshop.id, diet.id),
      { kind: "participation", id: "attend", title: "Will you attend?" },
    ];
    /**
     * The form's entries (of one action), oldest first, as the model reads them. Entries of one request share
     * their instant (ids are random): a test reads them by action, not by place.
     */
    const entriesOf = async (formId: string, action?: string) =>
      AuditLog.query(db)
        .where({ subjectType: "form", subjectId: formId })
        .where((query) => (action ? query.where({ action }) : query))
        .orderBy("createdAt")
        .orderBy("id");
    const actionsOf = async (formId: string) => (await entriesOf(formId)).map((entry) => entry.action).sort();
    const countEntries = async () =>
      Number((await db("auditLogs").where({ eventId: event.id }).count({ n: "*" }))[0]!.n);
    return { db, http, token, user, account, event, workshop, diet, base, items, entriesOf, actionsOf, countEntries };
  }

  it("records a creation, a change of title and items, the online switch, a copy and a deletion", async () => {
    const { http, user, account, event, workshop, diet, base, items, entriesOf, actionsOf } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Register", items });
    expect(created.status).toBe(201);
    const formId = created.body.id as string;
    const path = `${base}/${formId}`;
    const [creation] = await entriesOf(formId);
    expect(creation).toMatchObject({
      action: "form.created",
      accountId: account.id,
      eventId: event.id,
      actorUserId: user.id,
      subjectType: "form",
      subjectId: formId,
      before: null,
      after: { id: formId, type: "registration", state: "draft", title: "Register", terms: null },
      metadata: {
        subject: "Register",
        names: { [workshop.id]: "Workshop", am: "Morning", [diet.id]: "Diet" },
      },
    });
    // The items summarised: no text, a digest; a group's rule and its place.
    expect(creation!.after!.items).toEqual([
      { id: "welcome", kind: "text", title: "Welcome", digest: expect.stringMatching(/^[0-9a-f]{12}$/) },
      { id: "q-workshop", kind: "question", fieldId: workshop.id, digest: expect.any(String) },
      { id: "g-morning", kind: "group", condition: { fieldId: workshop.id, answers: ["am"] } },
      { id: "q-diet", kind: "question", group: "g-morning", fieldId: diet.id, digest: expect.any(String) },
      { id: "attend", kind: "participation", title: "Will you attend?", digest: expect.any(String) },
    ]);
    expect(JSON.stringify(creation!.after)).not.toContain("Tell us about you.");

    // Title and items changed: only those, with the type to name the form; the state is its own entry.
    const changedItems = [
      items[3],
      { ...items[0], description: "Tell us more." },
      items[1],
      { ...(items[2] as object), condition: { fieldId: workshop.id, answers: ["am", "pm"] } },
    ];
    const updated = await http.post(path, { title: "Sign up", items: changedItems, state: "online" });
    expect(updated.status).toBe(200);
    const [change] = await entriesOf(formId, "form.updated");
    const [online] = await entriesOf(formId, "form.put_online");
    expect(change).toMatchObject({
      action: "form.updated",
      actorUserId: user.id,
      eventId: event.id,
      before: { type: "registration", title: "Register" },
      after: { type: "registration", title: "Sign up" },
      metadata: { subject: "Sign up", names: { [workshop.id]: "Workshop", am: "Morning", pm: "Afternoon" } },
    });
    expect(Object.keys(change!.after!).sort()).toEqual(["items", "title", "type"]);
    const welcome = (entry: typeof change) =>
      (entry!.after!.items as Array<{ id: string; digest?: string }>).find((item) => item.id === "welcome");
    expect(welcome(change)!.digest).not.toBe((creation!.after!.items as Array<{ digest?: string }>)[0]!.digest);
    expect(online).toMatchObject({
      action: "form.put_online",
      actorUserId: user.id,
      before: { type: "registration", state: "draft" },
      after: { type: "registration", state: "online" },
      metadata: { subject: "Sign up" },
    });

    // The same content again: no entry; back to draft: only the state's.
    expect((await http.post(path, { title: "Sign up", items: changedItems })).status).toBe(200);
    expect(await entriesOf(formId)).toHaveLength(3);
    expect((await http.post(path, { state: "draft" })).status).toBe(200);
    expect(await actionsOf(formId)).toEqual(["form.created", "form.put_online", "form.taken_offline", "form.updated"]);

    const copy = await http.post(`${path}/duplicate`);
    expect(copy.status).toBe(201);
    const [duplication] = await entriesOf(copy.body.id);
    expect(duplication).toMatchObject({
      action: "form.duplicated",
      actorUserId: user.id,
      eventId: event.id,
      subjectId: copy.body.id,
      after: { id: copy.body.id, type: "registration", state: "draft", duplicatedFrom: formId },
      metadata: { subject: copy.body.title, names: { [formId]: "Sign up" } },
    });

    expect((await http.delete(path)).status).toBe(200);
    const [deletion] = await entriesOf(formId, "form.deleted");
    expect(deletion).toMatchObject({
      action: "form.deleted",
      actorUserId: user.id,
      eventId: event.id,
      subjectId: formId,
      before: { id: formId, type: "registration", state: "draft", title: "Sign up" },
      after: null,
      metadata: { subject: "Sign up" },
    });
  });

  it("records the options that changed and the terms uploaded, by name and size", async () => {
    const { http, token, user, base, items, entriesOf } = await setUp();
    // A survey asks no participation.
    const created = await http.post(base, { type: "survey", title: "Feedback", items: items.slice(0, 3) });
    expect(created.status).toBe(201);
    const formId = created.body.id as string;
    const options = `${base}/${formId}/options`;
    const set = await http.post(
      options,
      { params: { requiresApproval: true, closesAt: "2027-06-01T16:00:00.000Z", confirmationMessage: "Merci !" } },
      { lang: "fr" },
    );
    expect(set.status).toBe(200);
    const [optionsEntry] = await entriesOf(formId, "form.options_updated");
    expect(optionsEntry).toMatchObject({
      action: "form.options_updated",
      actorUserId: user.id,
      before: { type: "survey", requiresApproval: false, closesAt: null, confirmationMessage: {} },
      after: {
        type: "survey",
        requiresApproval: true,
        closesAt: "2027-06-01T16:00:00.000Z",
        confirmationMessage: { fr: "Merci !" },
      },
      metadata: { subject: "Feedback" },
    });
    expect(Object.keys(optionsEntry!.after!).sort()).toEqual([
      "closesAt",
      "confirmationMessage",
      "requiresApproval",
      "type",
    ]);
    // Nothing changed: no entry.
    expect((await http.post(options, { params: { requiresApproval: true } })).status).toBe(200);
    expect(await entriesOf(formId)).toHaveLength(2);

    const upload = (fileName: string) =>
      postMultipart(suite.server.baseUrl, `${base}/${formId}/terms`, {
        token,
        files: [{ bytes: PDF, fileName, contentType: "application/pdf" }],
      });
    expect((await upload("Conditions")).status).toBe(201);
    expect((await upload("Conditions 2027.pdf")).status).toBe(201);
    const uploads = await entriesOf(formId, "form.terms_uploaded");
    const named = (name: string) => uploads.find((entry) => (entry.after!.terms as { name: string }).name === name);
    const [first, second] = [named("Conditions.pdf"), named("Conditions 2027.pdf")];
    expect(first).toMatchObject({
      action: "form.terms_uploaded",
      actorUserId: user.id,
      before: { type: "survey", terms: null },
      after: { type: "survey", terms: { name: "Conditions.pdf", size: PDF.length } },
      metadata: { subject: "Feedback" },
    });
    expect(second).toMatchObject({
      before: { terms: { name: "Conditions.pdf", size: PDF.length } },
      after: { terms: { name: "Conditions 2027.pdf", size: PDF.length } },
    });
  });

  it("writes nothing for a refused change: invalid builder input, dates in the wrong order, a file not a PDF", async () => {
    const { http, token, base, items, workshop, actionsOf, countEntries } = await setUp();
    const before = await countEntries();
    const invalid = await http.post(base, { type: "registration", title: "", items: [] });
    expect(invalid.status).toBe(422);
    expect(await countEntries()).toBe(before);

    const created = await http.post(base, { type: "registration", title: "Register", items });
    const formId = created.body.id as string;
    const path = `${base}/${formId}`;
    // Removing the question a group's rule reads breaks the builder's rules: neither the change nor the state.
    const withoutQuestion = items.filter((item) => item.id !== "q-workshop");
    const refused = await http.post(path, { items: withoutQuestion, title: "Changed", state: "online" });
    expect(refused.status).toBe(422);
    const nested = {
      kind: "group",
      id: "outer",
      condition: { fieldId: workshop.id, answers: ["pm"] },
      items: [{ kind: "group", id: "inner", condition: { fieldId: workshop.id, answers: ["am"] }, items: [] }],
    };
    expect((await http.post(path, { items: [items[1], nested] })).status).toBe(422);
    const reversed = await http.post(`${path}/options`, {
      params: { opensAt: "2027-03-02T10:00:00.000Z", closesAt: "2027-03-01T10:00:00.000Z" },
    });
    expect(reversed.status).toBe(422);
    const notPdf = await postMultipart(suite.server.baseUrl, `${path}/terms`, {
      token,
      files: [{ bytes: Buffer.from("not a pdf"), fileName: "terms.pdf", contentType: "application/pdf" }],
    });
    expect(notPdf.status).toBe(422);
    expect(await actionsOf(formId)).toEqual(["form.created"]);
  });

  it("lists the form's entries in the event's history, for those who read it", async () => {
    const { http, account, event, base, items } = await setUp();
    const created = await http.post(base, { type: "registration", title: "Register", items });
    await http.post(`${base}/${created.body.id}`, { state: "online" });
    const { http: reader } = await listedUser(suite.server, event, { role: "organizer" });
    const history = await reader.get(`/api/v1/accounts/${account.id}/auditlogs?eventId=${event.id}`);
    expect(history.status).toBe(200);
    const forms = (history.body.data as Array<Record<string, unknown>>).filter((entry) => entry.subjectType === "form");
    expect(forms).toHaveLength(2);
    // In either order: the two requests may share their instant.
    expect(forms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "form.put_online",
          eventId: event.id,
          subjectId: created.body.id,
          actor: expect.objectContaining({ type: "user" }),
          metadata: { subject: "Register" },
        }),
        expect.objectContaining({ action: "form.created", subjectId: created.body.id }),
      ]),
    );
  });
});
