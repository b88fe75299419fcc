import { randomUUID } from "node:crypto";
import type { Db } from "../../api/src/db/knex.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Form } from "../../api/src/models/Form.ts";
import { buildCustomField } from "./guests.ts";

type EventRef = Pick<Event, "id" | "accountId">;

/**
 * Inserts a form of the event straight into the database (the builder's rules are the API's tests' business):
 * an online registration form titled "Register" with no options unless `values` says otherwise.
 */
export async function buildForm(db: Db, event: EventRef, values: Partial<Form> & Pick<Form, "items">): Promise<Form> {
  return Form.query(db).insertAndFetch({
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    type: "registration",
    state: "online",
    title: "Register",
    options: {},
    createdBy: null,
    ...values,
  });
}

/**
 * The choice most form tests ask, "Workshop": Morning ("am", `morningQuota` places, no limit unless said) or
 * Afternoon ("pm", no limit).
 */
export function buildWorkshopField(
  db: Db,
  event: EventRef,
  { morningQuota = null, isRequired = false }: { morningQuota?: number | null; isRequired?: boolean } = {},
): Promise<CustomField> {
  return buildCustomField(db, event, {
    label: "Workshop",
    type: "unique_choice",
    isRequired,
    options: [
      { id: "am", label: "Morning", quota: morningQuota },
      { id: "pm", label: "Afternoon", quota: null },
    ],
  });
}

/** The group "g-morning" asking the question `dietFieldId` ("q-diet") to those who answer Morning to the workshop. */
export const morningDietGroup = (workshopFieldId: string, dietFieldId: string) => ({
  kind: "group" as const,
  id: "g-morning",
  condition: { fieldId: workshopFieldId, answers: ["am"] },
  items: [{ kind: "question" as const, id: "q-diet", fieldId: dietFieldId }],
});
