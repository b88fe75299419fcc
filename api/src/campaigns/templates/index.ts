import { CAMPAIGN_LANGUAGES, CAMPAIGN_TYPES } from "@tessera/shared/rules/campaigns";
import type { CampaignLanguage, CampaignType } from "@tessera/shared/rules/campaigns";
import {
  BUTTON_DEFAULT_COLORS,
  mergeTag,
  type CampaignBlock,
  type CampaignContent,
  type LinkMergeTag,
} from "@tessera/shared/campaigns/content";
import type { LanguageCopy } from "./copy.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";

/**
 * The default content of each campaign type in each language (issue 15 item 3): what the editor starts from,
 * and what "template change" puts in place. Each passes checkCampaignContent (tested).
 */
const COPY: Readonly<Record<CampaignLanguage, LanguageCopy>> = { en, fr, es };

/** A template's button to one of the links the merge tags give, in the default colours. */
export function buttonBlock(number: number, label: string, link: LinkMergeTag): CampaignBlock {
  return { id: `button-${number}`, type: "button", label, url: mergeTag(link), ...BUTTON_DEFAULT_COLORS };
}

/** A fresh copy of a type's default content in a language (the caller may edit it freely). */
export function templateFor(type: CampaignType, language: CampaignLanguage): CampaignContent {
  const copy = COPY[language];
  const words = copy.templates[type];
  const blocks: CampaignBlock[] = [{ id: "message", type: "text", html: words.body }];
  words.buttons.forEach((button, index) => blocks.push(buttonBlock(index + 1, button.label, button.link)));
  blocks.push({ id: "closing", type: "text", html: words.closing });
  blocks.push({ id: "footer", type: "footer", html: copy.footer });
  return { blocks };
}

/** A type's default subject in a language (merge tags in it). */
export function defaultSubject(type: CampaignType, language: CampaignLanguage): string {
  return COPY[language].templates[type].subject;
}

/** Whether a subject is one of the default ones (so a template change may replace it). */
export function isDefaultSubject(subject: string): boolean {
  const trimmed = subject.trim();
  return CAMPAIGN_LANGUAGES.some((language) =>
    CAMPAIGN_TYPES.some((type) => defaultSubject(type, language) === trimmed),
  );
}

/**
 * "Template change": the content becomes another type's or language's template. The subject follows when
 * the author had not written their own (it is empty or still a default one); otherwise it is kept.
 */
export function changeTemplate(
  campaign: { subject: string },
  to: { type: CampaignType; language: CampaignLanguage },
): { subject: string; content: CampaignContent } {
  const keepsSubject = campaign.subject.trim() !== "" && !isDefaultSubject(campaign.subject);
  return {
    subject: keepsSubject ? campaign.subject : defaultSubject(to.type, to.language),
    content: templateFor(to.type, to.language),
  };
}
