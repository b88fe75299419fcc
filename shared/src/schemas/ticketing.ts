import { Type, type Static } from "@sinclair/typebox";
import { TAX_RATE_BP_MAX } from "../ticketing/money.ts";
import { Nullable, Timestamp, Uuid } from "./common.ts";

/*
 * Ticketing's catalogue (spec §3 Ticket and Category): categories (one level of subcategories, ordered by their
 * position), tickets and their price periods. Money is integer cents, a tax rate basis points (2000 = 20 %).
 */

export const TICKET_CATEGORY_NAME_MAX = 100;
export const TICKET_CAPTION_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_PRICE_CENTS_MAX = 100_000_000;
export const TICKET_PRICE_PERIODS_MAX = 50;
export const TICKET_MAX_QUANTITY_MAX = 1_000_000;

// ---- categories ---------------------------------------------------------------------------------

const CategoryName = Type.String({ minLength: 1, maxLength: TICKET_CATEGORY_NAME_MAX });
const Color = Type.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "#rrggbb" });

export const TicketCategorySchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  color: Type.String(),
  /** The category it is a subcategory of; null: a top-level category. */
  parentId: Nullable(Uuid),
  /** Its place among its siblings (0 first). */
  position: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TicketCategoryJson = Static<typeof TicketCategorySchema>;

/** Top-level categories first by position, each followed by its subcategories by position. */
export const TicketCategoryList = Type.Object({ data: Type.Array(TicketCategorySchema) });

export const TicketCategoryCreate = Type.Object(
  {
    name: CategoryName,
    color: Color,
    parentId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type TicketCategoryCreate = Static<typeof TicketCategoryCreate>;

export const TicketCategoryUpdate = Type.Partial(TicketCategoryCreate, { additionalProperties: false });
export type TicketCategoryUpdate = Static<typeof TicketCategoryUpdate>;

/** Every category of the event, once each, in the new order (a subcategory's order among its siblings). */
export const TicketCategoryPositions = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, uniqueItems: true, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type TicketCategoryPositions = Static<typeof TicketCategoryPositions>;

// ---- tickets ------------------------------------------------------------------------------------

const Cents = Type.Integer({ minimum: 0, maximum: TICKET_PRICE_CENTS_MAX });

export const TicketPricePeriodSchema = Type.Object({
  id: Uuid,
  startsAt: Timestamp,
  /** Null: open-ended. */
  endsAt: Nullable(Timestamp),
  priceExclTaxCents: Type.Integer(),
  priceInclTaxCents: Type.Integer(),
});
export type TicketPricePeriodJson = Static<typeof TicketPricePeriodSchema>;

/**
 * A price period as given: give the price before taxes or the one after taxes (not both); the other is derived
 * with the ticket's tax rate.
 */
export const TicketPricePeriodInput = Type.Object(
  {
    startsAt: Timestamp,
    endsAt: Type.Optional(Nullable(Timestamp)),
    priceExclTaxCents: Type.Optional(Cents),
    priceInclTaxCents: Type.Optional(Cents),
  },
  { additionalProperties: false },
);
export type TicketPricePeriodInput = Static<typeof TicketPricePeriodInput>;

export const TicketSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  caption: Type.String(),
  description: Nullable(Type.String()),
  /** Basis points (2000 = 20 %); null: no VAT. */
  taxRateBp: Nullable(Type.Integer()),
  /** Null: unlimited. */
  maxQuantity: Nullable(Type.Integer()),
  /** An option cannot be bought alone. */
  isOption: Type.Boolean(),
  isOnSale: Type.Boolean(),
  /** A category or a subcategory; null: none. */
  categoryId: Nullable(Uuid),
  position: Type.Integer(),
  /** By start. */
  pricePeriods: Type.Array(TicketPricePeriodSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TicketJson = Static<typeof TicketSchema>;

export const TicketList = Type.Object({ data: Type.Array(TicketSchema) });

const TicketFields = {
  caption: Type.String({ minLength: 1, maxLength: TICKET_CAPTION_MAX }),
  description: Type.Optional(Nullable(Type.String({ maxLength: TICKET_DESCRIPTION_MAX }))),
  taxRateBp: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: TAX_RATE_BP_MAX }))),
  maxQuantity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: TICKET_MAX_QUANTITY_MAX }))),
  isOption: Type.Optional(Type.Boolean()),
  isOnSale: Type.Optional(Type.Boolean()),
  categoryId: Type.Optional(Nullable(Uuid)),
  /** The whole list: an update replaces the ticket's periods with it. */
  pricePeriods: Type.Optional(Type.Array(TicketPricePeriodInput, { maxItems: TICKET_PRICE_PERIODS_MAX })),
};

export const TicketCreate = Type.Object(TicketFields, { additionalProperties: false });
export type TicketCreate = Static<typeof TicketCreate>;

export const TicketUpdate = Type.Partial(Type.Object(TicketFields), { additionalProperties: false });
export type TicketUpdate = Static<typeof TicketUpdate>;
