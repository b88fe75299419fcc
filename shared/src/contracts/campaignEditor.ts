import { Type, type Static } from "@sinclair/typebox";
import { CampaignLanguageSchema, CampaignSchema, CampaignTypeSchema } from "../schemas/campaigns.ts";
import { EventScopedIdParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["campaigns"];

/** Which language version of a campaign to preview. */
export const CampaignPreviewBody = Type.Object({ language: CampaignLanguageSchema }, { additionalProperties: false });
export type CampaignPreviewBody = Static<typeof CampaignPreviewBody>;

/** A campaign's message as one recipient would get it. */
export const CampaignPreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
});
export type CampaignPreviewJson = Static<typeof CampaignPreviewSchema>;

/** "Template change": the template of a type in a language, put in place of that language's content. */
export const CampaignTemplateBody = Type.Object(
  { type: CampaignTypeSchema, language: CampaignLanguageSchema },
  { additionalProperties: false },
);
export type CampaignTemplateBody = Static<typeof CampaignTemplateBody>;

/** The editor's operations on a campaign (spec §2 Campaigns: editor, template change; issue 15 item 3). */
export const campaignEditorContracts = {
  preview: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id/preview",
    summary: "Preview a campaign's message in a language",
    description:
      "Its content in `language` rendered as an email (HTML and plain text) with the subject, personalised for a " +
      "sample recipient: the caller (their name and email), the event's facts, links as a recipient's would be " +
      "(no tracking). A draft is previewed as it is; with no version in that language: 422 at `content.{language}`. " +
      "Anyone who sees the event.",
    tags,
    params: EventScopedIdParams,
    body: CampaignPreviewBody,
    response: CampaignPreviewSchema,
    errors: [404, 422],
  }),
  changeTemplate: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id/template",
    summary: "Change a campaign's template",
    description:
      "The content in `language` becomes the template of `type` in that language (added when the campaign had no " +
      "version in it); the subject follows when it is empty or still a template's. A pending campaign only: 409 " +
      "campaign_already_sent otherwise. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    body: CampaignTemplateBody,
    response: CampaignSchema,
    errors: [403, 404, 409, 422],
  }),
};
