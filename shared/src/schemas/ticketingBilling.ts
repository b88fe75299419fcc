import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";

/*
 * Ticketing's billing and parameters (spec §3 Organizer/billing; §4 ticket office opened or closed, card
 * payment mode test or live; §7 `organizers` and `ticketingparams`).
 */

/** Spec §3: subject to VAT, or VAT on margin. */
export const VAT_STATUSES = ["subject", "margin"] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

/** Spec §4: the ticket office is opened (sales started) or closed. */
export const TICKET_OFFICE_STATES = ["opened", "closed"] as const;
export type TicketOfficeState = (typeof TICKET_OFFICE_STATES)[number];

/** Spec §4: card payments in test or live mode. */
export const TICKETING_MODES = ["test", "live"] as const;
export type TicketingMode = (typeof TICKETING_MODES)[number];

/** How buyers may pay: by card, by bank transfer, or at the desk. */
export const TICKETING_PAYMENT_METHODS = ["card", "transfer", "desk"] as const;
export type TicketingPaymentMethod = (typeof TICKETING_PAYMENT_METHODS)[number];

/** An event's parameters before anyone set them. */
export const DEFAULT_TICKETING_PAYMENT_METHODS: readonly TicketingPaymentMethod[] = ["card"];

export const ORGANIZER_CORPORATE_NAME_MAX = 200;
export const ORGANIZER_LEGAL_STRUCTURE_MAX = 100;
export const ORGANIZER_RCS_MAX = 100;
export const ORGANIZER_STREET_MAX = 300;
export const ORGANIZER_ZIP_MAX = 20;
export const ORGANIZER_CITY_MAX = 100;
export const ORGANIZER_VAT_NUMBER_MAX = 30;
export const ORGANIZER_LEGAL_MENTIONS_MAX = 5_000;
export const TICKETING_TERMS_MAX = 50_000;
/** Share capital in cents: up to a hundred billion euros. */
export const SHARE_CAPITAL_MAX_CENTS = 10_000_000_000_000;

const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const VatStatusSchema = literals(VAT_STATUSES);
export const TicketOfficeSchema = literals(TICKET_OFFICE_STATES);
export const TicketingModeSchema = literals(TICKETING_MODES);
export const TicketingPaymentMethodSchema = literals(TICKETING_PAYMENT_METHODS);

const organizerFields = {
  corporateName: Type.String({ minLength: 1, maxLength: ORGANIZER_CORPORATE_NAME_MAX }),
  legalStructure: Text(ORGANIZER_LEGAL_STRUCTURE_MAX),
  /** In cents. */
  shareCapitalCents: Nullable(Type.Integer({ minimum: 0, maximum: SHARE_CAPITAL_MAX_CENTS })),
  /** 14 digits whose Luhn checksum holds (spaces are dropped). */
  siret: Type.String({ minLength: 1, maxLength: 20 }),
  rcsNumber: Text(ORGANIZER_RCS_MAX),
  street: Text(ORGANIZER_STREET_MAX),
  zip: Text(ORGANIZER_ZIP_MAX),
  city: Text(ORGANIZER_CITY_MAX),
  vatStatus: VatStatusSchema,
  vatNumber: Text(ORGANIZER_VAT_NUMBER_MAX),
  legalMentions: Text(ORGANIZER_LEGAL_MENTIONS_MAX),
};

/**
 * POST organizers: without `id` creates an organizer of the account, with `id` changes that one (only the
 * fields sent). The corporate name, the SIRET and the VAT status are needed to create one.
 */
export const OrganizerSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    corporateName: Type.Optional(organizerFields.corporateName),
    legalStructure: Type.Optional(organizerFields.legalStructure),
    shareCapitalCents: Type.Optional(organizerFields.shareCapitalCents),
    siret: Type.Optional(organizerFields.siret),
    rcsNumber: Type.Optional(organizerFields.rcsNumber),
    street: Type.Optional(organizerFields.street),
    zip: Type.Optional(organizerFields.zip),
    city: Type.Optional(organizerFields.city),
    vatStatus: Type.Optional(organizerFields.vatStatus),
    vatNumber: Type.Optional(organizerFields.vatNumber),
    legalMentions: Type.Optional(organizerFields.legalMentions),
  },
  { additionalProperties: false },
);
export type OrganizerSave = Static<typeof OrganizerSave>;

export const OrganizerSchema = Type.Object({
  id: Uuid,
  ...organizerFields,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type OrganizerJson = Static<typeof OrganizerSchema>;

export const OrganizerList = Type.Object({ data: Type.Array(OrganizerSchema) });

export const TicketingParamsSchema = Type.Object({
  ticketOffice: TicketOfficeSchema,
  mode: TicketingModeSchema,
  terms: Nullable(Type.String()),
  paymentMethods: Type.Array(TicketingPaymentMethodSchema),
  /** The organizer that bills the event's sales. */
  organizerId: Nullable(Uuid),
  /** When the ticket office was last opened. */
  salesStartedAt: Nullable(Timestamp),
  updatedAt: Nullable(Timestamp),
});
export type TicketingParamsJson = Static<typeof TicketingParamsSchema>;

/**
 * POST ticketingparams: only the fields sent change. `ticketOffice: "opened"` starts sales, which needs billing
 * information (an organizer with its SIRET), at least one ticket on sale and an online registration form.
 */
export const TicketingParamsUpdate = Type.Object(
  {
    ticketOffice: Type.Optional(TicketOfficeSchema),
    mode: Type.Optional(TicketingModeSchema),
    terms: Type.Optional(Text(TICKETING_TERMS_MAX)),
    paymentMethods: Type.Optional(Type.Array(TicketingPaymentMethodSchema, { uniqueItems: true, maxItems: 3 })),
    organizerId: Type.Optional(Nullable(Uuid)),
    /**
     * With `ticketOffice: "closed"`: registrations stop with the sales (spec §4), the event's online
     * registration forms taken offline in the same change.
     */
    stopRegistrations: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TicketingParamsUpdate = Static<typeof TicketingParamsUpdate>;
