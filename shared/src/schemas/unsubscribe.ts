import { Type, type Static } from "@sinclair/typebox";
import { LanguageSchema } from "./common.ts";

/** A campaign recipient's token, as their message's unsubscribe link carries it (an unknown one: 404). */
export const UnsubscribeParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: "the recipient token of the message's link" }),
});

/** What the unsubscribe page shows: whose mail it is about, never the whole address. */
export const UnsubscribeStateSchema = Type.Object({
  eventName: Type.String(),
  email: Type.String({ description: "the address, masked: j***@example.org" }),
  unsubscribed: Type.Boolean({ description: "whether the guest no longer receives the event's campaigns" }),
  language: LanguageSchema,
});
export type UnsubscribeStateJson = Static<typeof UnsubscribeStateSchema>;
