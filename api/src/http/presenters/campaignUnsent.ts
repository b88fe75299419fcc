import type { UnsentRecipientsJson } from "@tessera/shared/schemas/campaignUnsent";
import type { UnsentRecipient } from "../../services/campaigns/send/unsent.ts";

export function presentUnsentRecipients(unsent: {
  total: number;
  recipients: UnsentRecipient[];
}): UnsentRecipientsJson {
  return {
    total: unsent.total,
    data: unsent.recipients.map((recipient) => ({ ...recipient, at: recipient.at.toISOString() })),
  };
}
