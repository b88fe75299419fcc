import { contactContracts as contact } from "@tessera/shared/contracts/contact";
import { contactChallenge, sendContactMessage } from "../../../services/contact/contactOrganizer.ts";
import { requireSameOrigin } from "../../middleware/antiForgery.ts";
import { guestSessionCookie } from "../../middleware/cookies.ts";
import { route, type Route } from "../define.ts";

/** /public/events/{event}/contact: anyone writes to the event's organizer, with a proof-of-work captcha. */
export const contactRoutes: Route[] = [
  route(contact.challenge, (scope, { params }) => contactChallenge(scope, params.event)),
  route(contact.send, (scope, { params, body }, ctx) => {
    // The guest's session cookie, when there is one, says who wrote: only this site's pages may send it.
    requireSameOrigin(ctx);
    return sendContactMessage(scope, params.event, guestSessionCookie(ctx), body);
  }),
];
