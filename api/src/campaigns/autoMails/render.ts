import { createI18n } from "@tessera/shared";
import { autoMailVocabulary } from "@tessera/shared/campaigns/autoMails";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { escapeHtml } from "../../mail/templates/escapeHtml.ts";
import { QR_CID } from "../../mail/templates/htmlLayout.ts";
import { compileCampaign, type MergeValues, type PersonalisedCampaign } from "../render.ts";
import type { AutoMailWording } from "./defaults.ts";

export interface AutoMailRenderInput {
  kind: AutoMailKind;
  language: CampaignLanguage;
  wording: AutoMailWording;
  values: MergeValues;
  /**
   * The guest's entry code (a confirmed registration): its QR image (attached by Content-ID) under the content,
   * and the code's text in the plain part, for a desk that types it in.
   */
  entryCode?: string;
}

/**
 * An automatic mail as the guest gets it: its wording rendered like a campaign (MJML and a plain-text part,
 * user HTML sanitised), with its kind's merge tags, no tracking and no unsubscribe link (it is transactional).
 */
export async function renderAutoMail(input: AutoMailRenderInput): Promise<PersonalisedCampaign> {
  const t = createI18n(input.language).getFixedT(input.language, "mail");
  const eventName = input.values.eventName ?? "";
  const trailer = input.entryCode
    ? {
        mjml: `<mj-text align="center">${escapeHtml(t("registration_confirmation.entry_code"))}</mj-text>
        <mj-image src="cid:${QR_CID}" alt="${escapeHtml(t("registration_confirmation.entry_code_alt", { eventName }))}" width="228px" padding="0 25px 8px" />`,
        text: `${t("registration_confirmation.entry_code")}\n${input.entryCode}`,
      }
    : undefined;
  const compiled = await compileCampaign(
    { subject: input.wording.subject, content: input.wording.content, language: input.language },
    { vocabulary: autoMailVocabulary(input.kind), unsubscribe: false, ...(trailer ? { trailer } : {}) },
  );
  return compiled.personalise(input.values);
}
