import type { SenderJson } from "@tessera/shared/schemas/senders";
import type { SenderEmail } from "../../models/SenderEmail.ts";
import { verificationExpiresAt } from "../../services/senders/verification.ts";

export function presentSender(sender: SenderEmail): SenderJson {
  return {
    id: sender.id,
    email: sender.email,
    name: sender.name,
    isVerified: sender.verifiedAt !== null,
    verifiedAt: sender.verifiedAt?.toISOString() ?? null,
    verificationSentAt: sender.verificationSentAt?.toISOString() ?? null,
    verificationExpiresAt: verificationExpiresAt(sender)?.toISOString() ?? null,
    createdAt: sender.createdAt.toISOString(),
  };
}
