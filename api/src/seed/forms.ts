import { checkFormBuilder, type FormItem, type FormOptions } from "@tessera/shared";
import type { Knex } from "../db/knex.ts";
import { CustomField } from "../models/CustomField.ts";
import type { Event } from "../models/Event.ts";
import { Form } from "../models/Form.ts";

const question = (id: string, field: CustomField): FormItem => ({ kind: "question", id, fieldId: field.id });

/**
 * The demo event's forms: an online registration form (a question with a quota'd answer, a conditional
 * group on it, a companions question through the companion form), that companion form, and a satisfaction
 * survey that opens when the event ends. Each keeps the builder's rules.
 */
export async function seedDemoForms(trx: Knex.Transaction, event: Event, createdBy: string): Promise<void> {
  const fields = await CustomField.query(trx).where({ eventId: event.id });
  const byName = (name: string) => fields.find((field) => field.name === name)!;
  const [diet, workshops, size, rating] = [
    byName("Dietary requirements"),
    byName("Workshops"),
    byName("Company size"),
    byName("Rating of last edition"),
  ];
  const base = { accountId: event.accountId, eventId: event.id, createdBy };
  const companion = await insertForm(trx, fields, {
    ...base,
    type: "companion",
    state: "online",
    title: "Your companion",
    items: [question("companion-diet", diet)],
    options: {},
  });
  await insertForm(trx, fields, {
    ...base,
    type: "registration",
    state: "online",
    title: "Register for the conference",
    items: [
      { kind: "text", id: "welcome", title: "Welcome", description: "Two days of talks and workshops in Paris." },
      { kind: "participation", id: "attend", title: "Will you attend?" },
      question("workshops", workshops),
      {
        kind: "group",
        id: "ai-workshop",
        condition: { fieldId: workshops.id, answers: ["ws-ai"] },
        items: [
          { kind: "text", id: "ai-note", title: "AI for events", description: "Places are limited to 60." },
          question("company-size", size),
        ],
      },
      question("diet", diet),
      { kind: "companions", id: "companions", title: "Will someone come with you?", companionFormId: companion.id },
    ],
    options: { confirmationMessage: { en: "See you in Paris!", fr: "À bientôt à Paris !" } },
  });
  await insertForm(trx, fields, {
    ...base,
    type: "survey",
    state: "online",
    title: "How was the conference?",
    items: [question("rating", rating)],
    options: { opensAt: event.endsAt?.toISOString() ?? null },
  });
}

async function insertForm(
  trx: Knex.Transaction,
  fields: readonly CustomField[],
  values: Pick<Form, "accountId" | "eventId" | "createdBy" | "type" | "state" | "title" | "items"> & {
    options: Partial<FormOptions>;
  },
): Promise<Form> {
  const issues = checkFormBuilder(values, new Map(fields.map((field) => [field.id, field])));
  if (issues.length)
    throw new Error(`the demo form "${values.title}" breaks the builder's rules: ${JSON.stringify(issues)}`);
  return Form.query(trx).insertAndFetch(values);
}
