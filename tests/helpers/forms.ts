import { randomUUID } from "node:crypto";
import type { Db } from "../../api/src/db/knex.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Form } from "../../api/src/models/Form.ts";

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
