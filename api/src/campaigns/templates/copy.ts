import type { CampaignType } from "@tessera/shared/rules/campaigns";
import type { LinkMergeTag } from "@tessera/shared/campaigns/content";

/** The words of one default template: HTML where the blocks take HTML, merge tags where a guest's value goes. */
export interface TemplateCopy {
  subject: string;
  /** The opening text's HTML (a heading, the greeting, the message). */
  body: string;
  buttons: ReadonlyArray<{ label: string; link: LinkMergeTag }>;
  /** The closing text's HTML (the signature). */
  closing: string;
}

export interface LanguageCopy {
  templates: Readonly<Record<CampaignType, TemplateCopy>>;
  /** The footer's HTML, with the unsubscribe link. */
  footer: string;
}
