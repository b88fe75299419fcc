import { createI18n } from "@tessera/shared";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { compileCampaign } from "../../../campaigns/render.ts";
import { recipientMergeValues } from "../../../campaigns/values.ts";
import { AppError } from "../../../errors.ts";
import { createCampaignTransport } from "../../../mail/campaignTransport.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { contentIssues, findCampaign } from "../campaigns.ts";
import { loadCampaignEventFacts } from "../eventFacts.ts";
import { fromEmailIssues } from "../fromEmail.ts";

/**
 * A test message of a campaign (issue 15 item 3: "a test send to yourself"): its content in one language,
 * personalised with the caller's name, sent at once to the caller or the address given. No credits, no tracking
 * (its links go straight to their targets), nothing in the ledger. Returns the address it went to.
 */
export async function sendTestMessage(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  body: { language?: CampaignLanguage; email?: string },
): Promise<string> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  const language = body.language ?? campaign.language;
  const content = campaign.content[language];
  if (!content) throw AppError.invalid([{ field: "language", code: "required" }]);
  const issues = contentIssues({ subject: campaign.subject, content: { [language]: content } });
  // No sender yet: the platform's address; one that is not a verified sender of the account is never used.
  if (campaign.fromEmail) issues.push(...(await fromEmailIssues(scope.db, campaign)));
  if (issues.length) throw AppError.invalid(issues);
  const user = scope.actor?.kind === "user" ? scope.actor.user : null;
  const to = body.email ?? user?.email;
  if (!to) throw AppError.invalid([{ field: "email", code: "required" }]);
  const template = await compileCampaign({
    subject: campaign.subject,
    content,
    language,
    ...(campaign.previewText ? { previewText: campaign.previewText } : {}),
  });
  const message = template.personalise(
    recipientMergeValues(scope.deps.config.publicUrl, await loadCampaignEventFacts(scope.db, event.id), {
      firstName: user?.firstName ?? null,
      lastName: user?.lastName ?? null,
      company: null,
      email: to,
      language,
      token: "test",
    }),
  );
  const transport = createCampaignTransport(scope.deps.config, scope.logger);
  try {
    await transport.sendMail({
      from: campaign.fromEmail ? { name: campaign.fromName, address: campaign.fromEmail } : scope.deps.config.mailFrom,
      ...(campaign.replyEmail ? { replyTo: campaign.replyEmail } : {}),
      to,
      subject: `[${createI18n(language).getFixedT(language, "mail")("campaign.test_prefix")}] ${message.subject}`,
      html: message.html,
      text: message.text,
    });
  } finally {
    transport.close();
  }
  return to;
}
