import type { CampaignEventFacts } from "../../campaigns/values.ts";
import type { Knex } from "../../db/knex.ts";
import { Event } from "../../models/Event.ts";
import { Form } from "../../models/Form.ts";

/** What a campaign's messages say of their event: read once per send, preview or tracked click. */
export async function loadCampaignEventFacts(db: Knex, eventId: string): Promise<CampaignEventFacts> {
  const event = await Event.query(db).findById(eventId).throwIfNotFound();
  const form = await Form.query(db)
    .where({ eventId, type: "registration", state: "online" })
    .orderBy("createdAt")
    .orderBy("id")
    .first();
  return {
    name: event.name,
    slug: event.slug,
    startsAt: event.startsAt,
    isAllDay: event.isAllDay,
    timezone: event.timezone,
    registrationFormId: form?.id ?? null,
  };
}
