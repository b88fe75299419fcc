import { creditExpiryDay } from "@tessera/shared/rules/credits";
import type { CreditMovementJson, CreditPackJson } from "@tessera/shared/schemas/credits";
import type { CreditMovementView, CreditPackView } from "../../services/credits/credits.ts";

export function presentCreditPack({ pack, author, isExpired }: CreditPackView): CreditPackJson {
  return {
    id: pack.id,
    kind: pack.kind,
    amount: Number(pack.amount),
    remaining: Number(pack.remaining),
    expiresOn: creditExpiryDay(pack.expiresAt),
    expiresAt: pack.expiresAt.toISOString(),
    isExpired,
    author,
    createdAt: pack.createdAt.toISOString(),
  };
}

export function presentCreditMovement({ movement, author, packExpiresAt }: CreditMovementView): CreditMovementJson {
  return {
    id: movement.id,
    kind: movement.kind,
    packId: movement.packId,
    operationId: movement.operationId,
    delta: Number(movement.delta),
    reason: movement.reason,
    note: movement.note,
    campaignId: movement.campaignId,
    recipientId: movement.recipientId,
    packExpiresOn: creditExpiryDay(packExpiresAt),
    author,
    createdAt: movement.createdAt.toISOString(),
  };
}
