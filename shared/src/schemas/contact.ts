import { Type, type Static } from "@sinclair/typebox";
import { Email, Uuid } from "./common.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";

/** Longest sender name, subject and message a guest's message to the organizer may have (the web form uses them too). */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
/** Longest proof-of-work payload accepted (an ALTCHA payload is about 700 characters). */
export const CAPTCHA_PAYLOAD_MAX = 4000;

export const ContactParams = Type.Object({
  event: Type.String({ minLength: 1, maxLength: 100, description: "the event's URL slug" }),
});

/**
 * An ALTCHA proof-of-work challenge (altcha-lib v2), signed by the server: the browser finds the counter whose
 * derived key starts with `keyPrefix` and sends the challenge back with it. Passed on as altcha-lib makes it
 * (its signature covers every parameter).
 */
export const CaptchaChallengeSchema = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String({ description: "the key derivation, e.g. PBKDF2/SHA-256" }),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer({ description: "the key derivation's cost (PBKDF2's iterations)" }),
    keyLength: Type.Integer(),
    keyPrefix: Type.String({ description: "hex: the derived key of the solution starts with it" }),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer({ description: "seconds since 1970" })),
    memoryCost: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer()),
    data: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    ),
  }),
  signature: Type.String(),
});
export type CaptchaChallenge = Static<typeof CaptchaChallengeSchema>;

/** A guest's message to the event's organizer. */
export const ContactMessageBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CONTACT_NAME_MAX }),
    email: Email,
    subject: Type.Optional(Type.String({ maxLength: CONTACT_SUBJECT_MAX })),
    message: Type.String({ minLength: 1, maxLength: CONTACT_MESSAGE_MAX }),
    acceptsPrivacyPolicy: Type.Literal(true, {
      description: "the guest accepted the privacy policy: must be true",
      [MESSAGE_KEYWORD]: "privacy_policy_required",
    }),
    captcha: Type.String({
      minLength: 1,
      maxLength: CAPTCHA_PAYLOAD_MAX,
      description:
        "the solved challenge as ALTCHA sends it: base64 of the JSON {challenge, solution: {counter, derivedKey}}",
    }),
  },
  { additionalProperties: false },
);
export type ContactMessageBody = Static<typeof ContactMessageBody>;

export const ContactMessageResult = Type.Object({
  id: Uuid,
  /** The signed-in guest the message was attached to, if any. */
  guestId: Type.Union([Uuid, Type.Null()]),
});
export type ContactMessageResult = Static<typeof ContactMessageResult>;
