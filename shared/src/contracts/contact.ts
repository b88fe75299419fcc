import { CaptchaChallengeSchema, ContactMessageBody, ContactMessageResult, ContactParams } from "../schemas/contact.ts";
import { contract } from "./contract.ts";

const tags = ["contact"];

/** /public/events/{event}/contact: a guest writes to the event's organizer (spec §5: privacy policy and captcha). */
export const contactContracts = {
  challenge: contract({
    method: "get",
    path: "/public/events/:event/contact/challenge",
    auth: "public",
    summary: "A proof-of-work challenge for the contact form",
    description:
      "A signed ALTCHA challenge (PBKDF2/SHA-256), valid 10 minutes and for one message; the browser solves it " +
      "in a fraction of a second. Self-hosted: no third-party service is involved. Too many challenges asked " +
      "for from one address within the throttle's window: 429 with Retry-After.",
    tags,
    params: ContactParams,
    response: CaptchaChallengeSchema,
    errors: [404, 429],
  }),
  send: contract({
    method: "post",
    path: "/public/events/:event/contact",
    auth: "public",
    summary: "Send the event's organizer a message",
    description:
      "Needs the privacy policy accepted and a solved challenge, each used once (a wrong, expired or reused one: " +
      "422 with a detail at `captcha`). The message is stored, then emailed to the organizer with the guest's " +
      "address to reply to. A guest signed in to the event's portal has it attached. Too many messages per " +
      "address or email: 429.",
    tags,
    params: ContactParams,
    body: ContactMessageBody,
    response: ContactMessageResult,
    status: 201,
    errors: [404, 422, 429],
  }),
};
