import { describe, expect, it } from "vitest";
import { autoMailVocabulary } from "@tessera/shared/campaigns/autoMails";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { mergeTagsIn } from "@tessera/shared/campaigns/content";
import { AUTO_MAIL_KINDS, CAMPAIGN_LANGUAGES } from "@tessera/shared/rules/campaigns";
import { defaultAutoMail } from "./defaults.ts";
import { renderAutoMail } from "./render.ts";

const cases = AUTO_MAIL_KINDS.flatMap((kind) => CAMPAIGN_LANGUAGES.map((language) => ({ kind, language })));

describe("automatic mails' default wording", () => {
  it.each(cases)("$kind in $language follows the content rules with its kind's merge tags", ({ kind, language }) => {
    const wording = defaultAutoMail(kind, language);
    expect(checkCampaignContent(wording, autoMailVocabulary(kind))).toEqual([]);
  });

  it.each(cases)("$kind in $language renders with no unsubscribe link and no tag left", async ({ kind, language }) => {
    const wording = defaultAutoMail(kind, language);
    const values = Object.fromEntries(autoMailVocabulary(kind).tags.map((tag) => [tag, `https://x.test/${tag}`]));
    const mail = await renderAutoMail({ kind, language, wording, values });
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.html).not.toMatch(/unsubscribe|désinscri|darse de baja/i);
    expect(mergeTagsIn(mail.text)).toEqual([]);
    expect(mergeTagsIn(mail.subject)).toEqual([]);
  });

  it("puts the sign-in link as the button's target, and a tag of another kind nowhere", () => {
    const magic = defaultAutoMail("magic_link", "en").content.blocks.find((block) => block.type === "button");
    expect(magic).toMatchObject({ url: "{{signInLink}}" });
    const issues = checkCampaignContent(
      { subject: "{{signInCode}}", content: defaultAutoMail("order_refund", "en").content },
      autoMailVocabulary("order_refund"),
    );
    expect(issues).toEqual([
      { field: "subject", code: "campaign_unknown_merge_tag", params: { tag: "{{signInCode}}" } },
    ]);
  });
});
