import { formOptionsOf, walkFormItems, type FormType } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { rememberedRead } from "../../db/rememberedReads.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Event } from "../../models/Event.ts";
import { Form } from "../../models/Form.ts";

/** An event's online registration form and the questions it asks, as guests registering read them. */
export interface OnlineForm {
  event: Event;
  form: Form;
  fields: CustomField[];
}

/** What a form's guests read; any write to these makes the next registration read the form again. */
const FORM_TABLES = ["events", "forms", "custom_fields"];

const formNotSet = () => new AppError("form_not_set", 404);

/** Which online form is read: one of this type, or "any" type. */
type WantedType = FormType | "any";

async function readOnlineForm(db: Knex, slug: string, formId: string, type: WantedType): Promise<OnlineForm | null> {
  const event = await Event.query(db).findOne({ slug, isArchived: false });
  if (!event) return null;
  const form = await Form.query(db).findOne({ id: formId, eventId: event.id });
  if (!form || form.state !== "online" || (type !== "any" && form.type !== type)) return null;
  const ids = [...walkFormItems(form.items)].flatMap(({ item }) => (item.kind === "question" ? [item.fieldId] : []));
  const fields = ids.length ? await CustomField.query(db).where({ eventId: event.id }).whereIn("id", ids) : [];
  return { event, form, fields };
}

/**
 * The event of the slug (not archived) and its online form of this type (a registration form unless said;
 * "any": a registration form, a satisfaction survey or a companion form), with the questions it asks; 404
 * form_not_set otherwise. Read once for the registrations of a moment (rememberedRead): what is returned
 * holds the models' values, not their methods.
 */
export async function onlineForm(
  db: Knex,
  slug: string,
  formId: string,
  type: WantedType = "registration",
): Promise<OnlineForm> {
  const key = `${type}:${slug.toLowerCase()}/${formId}`;
  const found = await rememberedRead(db, FORM_TABLES, key, () => readOnlineForm(db, slug.toLowerCase(), formId, type));
  if (!found) throw formNotSet();
  return found;
}

/** Whether the form takes no answer at `now`: before its opening, after its or the event's closing date. */
export function isClosed({ event, form }: Pick<OnlineForm, "event" | "form">, now: Date): boolean {
  const { opensAt, closesAt } = formOptionsOf(form.options);
  const past = (instant: Date | string | null) => instant !== null && new Date(instant).getTime() <= now.getTime();
  return past(event.registrationClosesAt) || past(closesAt) || (opensAt !== null && !past(opensAt));
}
