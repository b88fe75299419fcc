import { SUPPRESSING_MAIL_ERRORS } from "@tessera/shared/rules/campaigns";
import type { MailErrorJson } from "@tessera/shared/schemas/mailErrors";
import type { MailError } from "../../models/MailError.ts";

export function presentMailError(row: MailError): MailErrorJson {
  return {
    id: row.id,
    email: row.email,
    kind: row.kind,
    reason: row.reason,
    source: row.source,
    campaignId: row.campaignId,
    occurrences: Number(row.occurrences),
    isSuppressing: SUPPRESSING_MAIL_ERRORS.includes(row.kind),
    lastSeenAt: row.lastSeenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
