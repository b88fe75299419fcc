import type { CampaignJson, CampaignProgressJson, CampaignSummaryJson } from "@tessera/shared/schemas/campaigns";
import type { Campaign } from "../../models/Campaign.ts";
import type { TFunction } from "i18next";
import type { CampaignSummary } from "../../services/campaigns/campaigns.ts";

/** A campaign; `progress`: where its recipients stand, once its send started (progressOf). */
export function presentCampaign(campaign: Campaign, progress: CampaignProgressJson | null = null): CampaignJson {
  return {
    id: campaign.id,
    eventId: campaign.eventId,
    name: campaign.name,
    type: campaign.type,
    state: campaign.state,
    subject: campaign.subject,
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail,
    replyEmail: campaign.replyEmail,
    previewText: campaign.previewText,
    language: campaign.language,
    content: campaign.content,
    audience: campaign.audience,
    sendAt: campaign.sendAt?.toISOString() ?? null,
    sentAt: campaign.sentAt?.toISOString() ?? null,
    recipientsCount: campaign.recipientsCount,
    creditsRequired: campaign.creditsRequired,
    startedAt: campaign.startedAt?.toISOString() ?? null,
    finishedAt: campaign.finishedAt?.toISOString() ?? null,
    progress,
    sendError: campaign.sendError,
    createdBy: campaign.createdBy,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}

/** The summary, its issues worded in the request's language (as an error's details are). */
export function presentCampaignSummary(summary: CampaignSummary, t: TFunction): CampaignSummaryJson {
  return {
    matched: summary.matched,
    recipients: summary.recipients,
    excluded: summary.excluded,
    creditsRequired: summary.creditsRequired,
    issues: summary.issues.map((issue) => ({
      field: issue.field,
      code: issue.code,
      message: t(issue.code, { ns: "validation", ...issue.params }),
    })),
  };
}
