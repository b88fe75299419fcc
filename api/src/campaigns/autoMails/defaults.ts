import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { BUTTON_DEFAULT_COLORS, type CampaignBlock, type CampaignContent } from "@tessera/shared/campaigns/content";
import type { AutoMailLanguageCopy } from "./copy.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";

/**
 * The default wording of each automatic mail in each language (issue 15 item 7), in the campaign editor's
 * blocks: what an event sends until it saves its own, and what "reset to default" gives back. Each passes
 * checkCampaignContent with its kind's merge tags (tested).
 */
const COPY: Readonly<Record<CampaignLanguage, AutoMailLanguageCopy>> = { en, fr, es };

export interface AutoMailWording {
  subject: string;
  content: CampaignContent;
}

/** A fresh copy of a kind's default wording in a language. */
export function defaultAutoMail(kind: AutoMailKind, language: CampaignLanguage): AutoMailWording {
  const copy = COPY[language];
  const words = copy.mails[kind];
  const blocks: CampaignBlock[] = [{ id: "message", type: "text", html: words.body }];
  if (words.button) {
    blocks.push({
      id: "button",
      type: "button",
      label: words.button.label,
      url: `{{${words.button.link}}}`,
      ...BUTTON_DEFAULT_COLORS,
    });
  }
  blocks.push({ id: "closing", type: "text", html: words.closing });
  blocks.push({ id: "footer", type: "footer", html: copy.footer });
  return { subject: words.subject, content: { blocks } };
}
