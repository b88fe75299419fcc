import { Type, type Static } from "@sinclair/typebox";
import { RECOMMENDATION_STATUSES } from "../rules/guests.ts";
import { Email, Nullable, Page, Timestamp, Uuid, literals } from "./common.ts";
import { GuestSchema } from "./guests.ts";

// ---- duplicates ---------------------------------------------------------------------------------

export const DUPLICATE_REASONS = ["email", "name"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DuplicatePairSchema = Type.Object({
  /** The two guests, smaller id first. */
  guests: Type.Tuple([GuestSchema, GuestSchema]),
  /** "email" when the normalized emails match (it wins when both match), else "name". */
  reason: literals(DUPLICATE_REASONS),
  reasons: Type.Array(literals(DUPLICATE_REASONS)),
});
export type DuplicatePairJson = Static<typeof DuplicatePairSchema>;
export const DuplicatePage = Page(DuplicatePairSchema);

export const DuplicateListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const DuplicateIgnoreBody = Type.Object({ guestIds: Type.Tuple([Uuid, Uuid]) }, { additionalProperties: false });
export const DuplicateMergeBody = Type.Object({ keepId: Uuid, mergeId: Uuid }, { additionalProperties: false });

// ---- recommendations ----------------------------------------------------------------------------

export const RecommendationStatusSchema = literals(RECOMMENDATION_STATUSES);

export const RecommendationJsonSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  recommenderGuestId: Uuid,
  recommenderName: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Type.String(),
  company: Nullable(Type.String()),
  status: RecommendationStatusSchema,
  guestId: Nullable(Uuid),
  decidedAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
export type RecommendationJson = Static<typeof RecommendationJsonSchema>;
export const RecommendationPage = Page(RecommendationJsonSchema);
export const RecommendationList = Type.Object({ data: Type.Array(RecommendationJsonSchema) });

export const RecommendationListQuery = Type.Object({
  status: Type.Optional(RecommendationStatusSchema),
  recommenderGuestId: Type.Optional(Uuid),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const RecommendedPerson = Type.Object(
  {
    firstName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    lastName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    email: Email,
    company: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);
export type RecommendedPerson = Static<typeof RecommendedPerson>;

/**
 * Guest-side recommendations. Until guests log in (emailed link, a later issue) the recommending guest
 * is named by id and the caller is an organizer or an API key of the account.
 */
export const AddRecommendationsBody = Type.Object(
  { guestId: Uuid, recommendations: Type.Array(RecommendedPerson, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
