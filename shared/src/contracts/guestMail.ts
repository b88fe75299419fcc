import { EventScopedIdParams, GuestSchema } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

/** A guest's email consent (spec §4: an unsubscribed guest's email can be unlocked). */
export const guestMailContracts = {
  unlockEmail: contract({
    method: "post",
    path: "/events/:a/:e/users/:id/unlock-email",
    summary: "Unlock an unsubscribed guest's email",
    description:
      "The guest gets the event's campaigns again (mail status none), recorded in the event's history " +
      "(guest.email_unlocked). A bounced or blocked address stays suppressed: that is the account's mail errors. " +
      "A guest who is not unsubscribed is answered unchanged. Editors and up (events.update); an event the " +
      "caller cannot see answers 404.",
    tags: ["guests"],
    params: EventScopedIdParams,
    response: GuestSchema,
    errors: [403, 404],
  }),
};
