import type { CampaignContent } from "@tessera/shared/campaigns/content";
import { CAMPAIGN_LANGUAGES, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { CampaignJson, CampaignUpdateBody } from "@/queries/campaigns.ts";

/** What the editor changes before it is saved: the settings and each language's content. */
export interface CampaignDraft {
  name: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  replyEmail: string;
  previewText: string;
  content: Partial<Record<CampaignLanguage, CampaignContent>>;
}

export function draftOf(campaign: CampaignJson): CampaignDraft {
  return {
    name: campaign.name,
    subject: campaign.subject,
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail ?? "",
    replyEmail: campaign.replyEmail ?? "",
    previewText: campaign.previewText ?? "",
    content: campaign.content,
  };
}

/** The update a draft makes (empty optional fields sent as null). */
export function updateOf(draft: CampaignDraft): CampaignUpdateBody {
  const orNull = (value: string) => (value.trim() ? value.trim() : null);
  return {
    name: draft.name.trim(),
    subject: draft.subject,
    fromName: draft.fromName.trim(),
    fromEmail: orNull(draft.fromEmail),
    replyEmail: orNull(draft.replyEmail),
    previewText: orNull(draft.previewText),
    content: draft.content,
  };
}

/** The languages a draft is written in, in the campaigns' order. */
export function languagesOf(draft: Pick<CampaignDraft, "content">): CampaignLanguage[] {
  return CAMPAIGN_LANGUAGES.filter((language) => draft.content[language]);
}

export function isSameDraft(a: CampaignDraft, b: CampaignDraft): boolean {
  return JSON.stringify(updateOf(a)) === JSON.stringify(updateOf(b));
}
