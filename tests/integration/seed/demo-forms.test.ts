import { beforeAll, describe, expect, it } from "vitest";
import { checkFormBuilder, walkFormItems } from "@tessera/shared";
import { CustomField } from "../../../api/src/models/CustomField.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { Form } from "../../../api/src/models/Form.ts";
import { DEMO_EVENT_SLUG, seedDemo } from "../../../api/src/seed/demo.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** The demo event's forms (issue 11 item 8): registration with a condition, a quota and companions; a survey. */
describe.each(databaseKinds())("demo forms on %s", (kind) => {
  const suite = useTestServer(kind);
  let event: Event;
  let forms: Form[];
  let fields: CustomField[];

  beforeAll(async () => {
    await seedDemo(suite.server.db, "Demo-Password-2026", {
      passwordHashCost: suite.server.config.passwordHashCost,
      now: new Date("2026-11-21T10:00:00Z"),
    });
    event = (await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    forms = await Form.query(suite.server.db).where({ eventId: event.id });
    fields = await CustomField.query(suite.server.db).where({ eventId: event.id });
  });

  it("has an online registration form with a conditional group, a quota'd answer and a companion form", () => {
    const registration = forms.find((form) => form.type === "registration")!;
    const companion = forms.find((form) => form.type === "companion")!;
    expect(registration.state).toBe("online");
    const items = [...walkFormItems(registration.items)].map(({ item }) => item);
    const group = items.find((item) => item.kind === "group");
    expect(group).toBeDefined();
    const conditioned = fields.find((field) => group?.kind === "group" && field.id === group.condition.fieldId)!;
    expect(conditioned.options.some((option) => option.quota)).toBe(true);
    expect(items).toContainEqual(expect.objectContaining({ kind: "companions", companionFormId: companion.id }));
    const byId = new Map(fields.map((field) => [field.id, field]));
    for (const form of forms) expect(checkFormBuilder(form, byId), form.title).toEqual([]);
  });

  it("has a satisfaction survey that opens when the event ends", () => {
    const survey = forms.find((form) => form.type === "survey")!;
    expect(new Date(survey.options.opensAt!).getTime()).toBe(event.endsAt!.getTime());
  });

  it("takes a guest's registration in French", async () => {
    const registration = forms.find((form) => form.type === "registration")!;
    const workshops = fields.find((field) => field.name === "Workshops")!;
    const sent = await suite.server.http.post(`/fr/${DEMO_EVENT_SLUG}/forms/sendForm/${registration.id}`, {
      formId: registration.id,
      mail: "nouvelle.invitee@example.org",
      items: {
        firstName: "Nina",
        lastName: "Nouvelle",
        answers: { [workshops.id]: ["ws-green"] },
        participation: true,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.status).toBe("confirmed");
  });
});
