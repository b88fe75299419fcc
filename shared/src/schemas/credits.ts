import { Type, type Static } from "@sinclair/typebox";
import { CREDIT_KINDS } from "../rules/campaigns.ts";
import { CREDIT_AMOUNT_MAX, CREDIT_EXPIRY_PATTERN, CREDIT_NOTE_MAX, CREDIT_REASONS } from "../rules/credits.ts";
import { literals, Nullable, Page, Timestamp, Uuid } from "./common.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";

/*
 * Credits (issue 15 item 4; spec §3, §5, §7): an account's packs of event or campaign credits, what is left of
 * them and the movements of its ledger. Adding and debiting are the platform administrators'; the account's
 * organizers and overseers read.
 */

export const CreditKindSchema = literals(CREDIT_KINDS);
export const CreditReasonSchema = literals(CREDIT_REASONS);

/**
 * A number of credits (spec §5: required, numeric, positive, not 0): a negative number is refused as such
 * (`number_negative`), 0 with its own message (`credits_not_zero`).
 */
export const CreditAmount = Type.Integer({
  minimum: 0,
  maximum: CREDIT_AMOUNT_MAX,
  allOf: [{ not: { const: 0 }, [MESSAGE_KEYWORD]: "credits_not_zero" }],
  description: "a whole number of credits, above 0",
});

const Author = Nullable(Type.Object({ id: Uuid, name: Type.String() }));

export const CreditPackSchema = Type.Object({
  id: Uuid,
  kind: CreditKindSchema,
  amount: Type.Integer({ description: "credits added" }),
  remaining: Type.Integer({ description: "credits left to spend (0 once spent; kept after expiry)" }),
  expiresOn: Type.String({ format: "date", description: "the last day the pack can be used (YYYY-MM-DD, UTC)" }),
  expiresAt: Timestamp,
  isExpired: Type.Boolean(),
  author: Author,
  createdAt: Timestamp,
});
export type CreditPackJson = Static<typeof CreditPackSchema>;
export const CreditPackPage = Page(CreditPackSchema);

export const CREDIT_PACK_STATUSES = ["usable", "spent", "expired"] as const;

/** The packs' list: newest first, narrowed by status (usable: credits left and not expired). */
export const CreditPackQuery = Type.Object({
  status: Type.Optional(literals(CREDIT_PACK_STATUSES)),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type CreditPackQuery = Static<typeof CreditPackQuery>;

export const CreditsRemainingSchema = Type.Object({
  kind: CreditKindSchema,
  remaining: Type.Integer({ description: "credits the account can spend now (its packs not expired)" }),
  abilities: Type.Object({ add: Type.Boolean(), debit: Type.Boolean() }),
});
export type CreditsRemainingJson = Static<typeof CreditsRemainingSchema>;

export const CreditMovementSchema = Type.Object({
  id: Uuid,
  kind: CreditKindSchema,
  packId: Uuid,
  operationId: Type.String({ description: "shared by the movements of one operation over several packs" }),
  delta: Type.Integer({ description: "credits added (+) or taken (-)" }),
  reason: CreditReasonSchema,
  note: Nullable(Type.String()),
  campaignId: Nullable(Uuid),
  recipientId: Nullable(Uuid),
  packExpiresOn: Type.String({ format: "date" }),
  author: Author,
  createdAt: Timestamp,
});
export type CreditMovementJson = Static<typeof CreditMovementSchema>;
export const CreditMovementPage = Page(CreditMovementSchema);

export const CreditMovementQuery = Type.Object({
  reason: Type.Optional(CreditReasonSchema),
  packId: Type.Optional(Uuid),
  campaignId: Type.Optional(Uuid),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type CreditMovementQuery = Static<typeof CreditMovementQuery>;

/** POST add: a pack of `amount` credits usable through `expiresAt` (DD/MM/YYYY, not in the past). */
export const CreditAdd = Type.Object(
  {
    amount: CreditAmount,
    expiresAt: Type.String({
      pattern: CREDIT_EXPIRY_PATTERN,
      [MESSAGE_KEYWORD]: "date_format",
      description: "DD/MM/YYYY: the last day the credits can be used (UTC), today or later",
    }),
  },
  { additionalProperties: false },
);
export type CreditAdd = Static<typeof CreditAdd>;

/** POST debit: takes `amount` credits, the packs expiring soonest first; `reason` says why (kept in the ledger). */
export const CreditDebit = Type.Object(
  {
    amount: CreditAmount,
    reason: Type.Optional(Type.String({ maxLength: CREDIT_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type CreditDebit = Static<typeof CreditDebit>;

export const CreditDebitResultSchema = Type.Object({
  kind: CreditKindSchema,
  debited: Type.Integer(),
  remaining: Type.Integer({ description: "credits left to spend after the debit" }),
  packs: Type.Array(Type.Object({ packId: Uuid, amount: Type.Integer() })),
});
export type CreditDebitResultJson = Static<typeof CreditDebitResultSchema>;
