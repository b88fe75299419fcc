import { Type, type Static } from "@sinclair/typebox";
import { GUEST_CODE_KEY_ID_MAX, GUEST_CODE_SERIAL_MAX } from "../checkin/guestCode.ts";
import { Nullable, Timestamp, Uuid } from "./common.ts";

/** A guest's signed entry code (issue 12 item 2; checkin/guestCode.ts says what the text carries). */
export const EntryCodeSchema = Type.Object(
  {
    /** The signed text the QR code carries (T1.<payload>.<signature>). */
    code: Type.String(),
    serial: Type.Integer({ minimum: 1, maximum: GUEST_CODE_SERIAL_MAX }),
    /** The number of the event's key that signed it. */
    keyId: Type.Integer({ minimum: 1, maximum: GUEST_CODE_KEY_ID_MAX }),
    issuedAt: Timestamp,
    /** The QR code, an SVG document. */
    qrSvg: Type.String(),
  },
  { additionalProperties: false },
);
export type EntryCode = Static<typeof EntryCodeSchema>;

/** A guest's code in force; null once revoked, until one is re-issued. */
export const GuestEntryCodeAnswer = Type.Object(
  { entryCode: Nullable(EntryCodeSchema) },
  { additionalProperties: false },
);
export type GuestEntryCodeAnswer = Static<typeof GuestEntryCodeAnswer>;

/** The signed-in guest's own code, in the guest portal. */
export const PortalEntryCodeSchema = Type.Omit(EntryCodeSchema, ["keyId"], { additionalProperties: false });
export type PortalEntryCode = Static<typeof PortalEntryCodeSchema>;

/** One of an event's signing keys (never its private key). */
export const GuestCodeKeySchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: GUEST_CODE_KEY_ID_MAX }),
    /** base64url of the 32-byte Ed25519 public key. */
    publicKey: Type.String(),
    createdAt: Timestamp,
    /** Codes it signed stop verifying from then on. */
    retiredAt: Nullable(Timestamp),
    /** The key new codes are signed with. */
    isActive: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type GuestCodeKeyInfo = Static<typeof GuestCodeKeySchema>;
export const GuestCodeKeyList = Type.Object({ data: Type.Array(GuestCodeKeySchema) }, { additionalProperties: false });

export const GuestCodeKeyParams = Type.Object({
  a: Uuid,
  e: Uuid,
  number: Type.Integer({ minimum: 1, maximum: GUEST_CODE_KEY_ID_MAX }),
});
