import { Type } from "@sinclair/typebox";
import {
  AutoMailEnabledBody,
  AutoMailKindParams,
  AutoMailKindSummarySchema,
  AutoMailList,
  AutoMailParams,
  AutoMailPreviewBody,
  AutoMailSave,
  AutoMailSchema,
  AutoMailTestBody,
} from "../schemas/autoMails.ts";
import { EventScopedParams } from "../schemas/guests.ts";
import { CampaignPreviewSchema } from "./campaignEditor.ts";
import { contract } from "./contract.ts";

const tags = ["campaigns"];
const path = "/events/:a/:e/auto-mails";

/** An event's automatic mails (issue 15 item 7): their wording per kind and language, on or off. */
export const autoMailContracts = {
  list: contract({
    method: "get",
    path,
    summary: "List an event's automatic mails",
    description:
      "Every kind (registration confirmation, approval, rejection, cancellation, sign-in link, order " +
      "confirmation, refund) with whether it is sent and, per language, whether the event has its own wording. " +
      "Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: AutoMailList,
    errors: [404],
  }),
  get: contract({
    method: "get",
    path: `${path}/:kind/:language`,
    summary: "Read an automatic mail in a language",
    description: "The event's own wording, or the default one. Anyone who sees the event.",
    tags,
    params: AutoMailParams,
    response: AutoMailSchema,
    errors: [404],
  }),
  save: contract({
    method: "put",
    path: `${path}/:kind/:language`,
    summary: "Save an automatic mail's wording in a language",
    description:
      "The campaign rules apply: a subject of at most 80 characters, a footer, a target url on buttons and " +
      "images, only the kind's merge tags (422 with each issue). Editors and up (events.update).",
    tags,
    params: AutoMailParams,
    body: AutoMailSave,
    response: AutoMailSchema,
    errors: [403, 404, 422],
  }),
  reset: contract({
    method: "delete",
    path: `${path}/:kind/:language`,
    summary: "Reset an automatic mail to its default wording",
    description: "The event's own wording in that language is dropped. Editors and up (events.update).",
    tags,
    params: AutoMailParams,
    response: AutoMailSchema,
    errors: [403, 404],
  }),
  setEnabled: contract({
    method: "post",
    path: `${path}/:kind/enabled`,
    summary: "Turn an automatic mail on or off for the event",
    description:
      "Off: that kind is no longer sent for the event, in any language. The sign-in link cannot be turned off " +
      "(422 auto_mail_always_enabled). Editors and up (events.update).",
    tags,
    params: AutoMailKindParams,
    body: AutoMailEnabledBody,
    response: AutoMailKindSummarySchema,
    errors: [403, 404, 422],
  }),
  preview: contract({
    method: "post",
    path: `${path}/:kind/:language/preview`,
    summary: "Preview an automatic mail",
    description:
      "The wording given (a draft) or the saved one, rendered as an email (HTML and plain text) for a guest of " +
      "the event (`guestId`) or a sample guest (the caller), with sample values for the order, refund or " +
      "sign-in link. Anyone who sees the event.",
    tags,
    params: AutoMailParams,
    body: AutoMailPreviewBody,
    response: CampaignPreviewSchema,
    errors: [404, 422],
  }),
  test: contract({
    method: "post",
    path: `${path}/:kind/:language/test`,
    summary: "Send an automatic mail to yourself",
    description:
      "The wording given or the saved one, with sample values, sent at once to the caller (or the address " +
      "given); the content rules apply (422). Editors and up (events.update).",
    tags,
    params: AutoMailParams,
    body: AutoMailTestBody,
    response: Type.Object({ sentTo: Type.String() }),
    errors: [403, 404, 422],
  }),
};
