/**
 * A guest's signed entry code (issue 12, item 2): the text a QR code carries, signed with the event's
 * Ed25519 key so a desk verifies it with no server and no copy of that guest (a guest registered after
 * the desk's last sync still gets in). The same code runs in the browser (the desk screen, offline) and
 * in Node (the server signs, and verifies online scans): pure TypeScript over @noble/ed25519 with a
 * synchronous SHA-512, so browsers without WebCrypto Ed25519 verify too.
 *
 * Text: `T1.<payload>.<signature>`, both parts base64url without padding (130 characters: a version 8
 * QR code at error correction M, 49 × 49 modules).
 *
 * Payload, 30 bytes, big-endian:
 *   0..3    event tag: the first 4 bytes of SHA-512("tessera-event" ‖ event id); tells a code of
 *           another event apart at once (the full event id is in the signed message below)
 *   4..19   guest id (UUID, 16 bytes)
 *   20..21  signing key id: the key's number within its event (1, 2, … one per rotation)
 *   22..25  issued at, Unix seconds
 *   26..29  serial, 1 … 2^31 − 1, unique within the event: revoking a code revokes its serial
 * Signature: Ed25519 (RFC 8032, strict) over "tessera-guest-code-v1" ‖ event id (16 bytes) ‖ payload.
 */
import * as ed from "@noble/ed25519";
import { sha512 } from "@noble/hashes/sha2.js";

ed.hashes.sha512 = sha512;

export const GUEST_CODE_PREFIX = "T1.";
/** The length of every code's text. */
export const GUEST_CODE_LENGTH = 130;
export const GUEST_CODE_SERIAL_MAX = 0x7fffffff;
export const GUEST_CODE_KEY_ID_MAX = 0xffff;

const PAYLOAD_BYTES = 30;
const SIGNATURE_BYTES = 64;
const PAYLOAD_CHARS = 40;
const SIGNATURE_CHARS = 86;
const SIGNED_DOMAIN = asciiBytes("tessera-guest-code-v1");
const TAG_DOMAIN = asciiBytes("tessera-event");

/** What a code says, before its signature is checked. */
export interface GuestCodeFields {
  eventId: string;
  guestId: string;
  /** The signing key's number within the event. */
  keyId: number;
  /** Unix seconds. */
  issuedAt: number;
  serial: number;
}

export interface ParsedGuestCode {
  /** The event's tag: compare with guestCodeEventTag(eventId). */
  eventTag: string;
  guestId: string;
  keyId: number;
  issuedAt: number;
  serial: number;
  payload: Uint8Array;
  signature: Uint8Array;
}

/** One verifying key: a number within the event and its 32-byte public key (base64url, or the bytes). */
export interface GuestCodeKey {
  id: number;
  publicKey: string | Uint8Array;
}

export type GuestCodeRefusal = "malformed" | "other_event" | "unknown_key" | "bad_signature" | "revoked";

/**
 * What a scan answers for a code that lets no one in, at the server and at an offline desk alike: a revoked
 * code, another event's, else unknown (a forged or unreadable code says no more than a stranger's).
 */
export const SCAN_RESULT_OF_REFUSAL: Readonly<Record<GuestCodeRefusal, "unknown" | "revoked" | "other_event">> = {
  malformed: "unknown",
  unknown_key: "unknown",
  bad_signature: "unknown",
  revoked: "revoked",
  other_event: "other_event",
};

export type GuestCodeVerification =
  | { ok: true; guestId: string; keyId: number; serial: number; issuedAt: number }
  | { ok: false; reason: GuestCodeRefusal };

export interface GuestCodeVerifyOptions {
  eventId: string;
  /** The event's keys that still verify (not retired). */
  keys: readonly GuestCodeKey[];
  /** Revoked serials of this event: a set, a list, or the packed text of encodeRevokedSerials. */
  revokedSerials: ReadonlySet<number> | readonly number[] | string;
  /**
   * Optional faster verifier (the server can pass Node's crypto); the default is @noble/ed25519,
   * RFC 8032 strict, which every browser runs.
   */
  verifySignature?: (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean;
}

/** A new signing key pair, base64url: the private key is the 32-byte RFC 8032 seed. */
export function createGuestCodeKeyPair(): { privateKey: string; publicKey: string } {
  const secret = ed.utils.randomSecretKey();
  return { privateKey: toBase64Url(secret), publicKey: toBase64Url(ed.getPublicKey(secret)) };
}

export function guestCodePublicKey(privateKey: string | Uint8Array): string {
  return toBase64Url(ed.getPublicKey(keyBytes(privateKey, "private key")));
}

/** The 4-byte tag of an event carried by its codes, base64url. */
export function guestCodeEventTag(eventId: string): string {
  return toBase64Url(eventTagBytes(uuidBytes(eventId)));
}

export function signGuestCode(fields: GuestCodeFields, privateKey: string | Uint8Array): string {
  checkField(fields.keyId, 1, GUEST_CODE_KEY_ID_MAX, "keyId");
  checkField(fields.issuedAt, 0, 0xffffffff, "issuedAt");
  checkField(fields.serial, 1, GUEST_CODE_SERIAL_MAX, "serial");
  const event = uuidBytes(fields.eventId);
  const payload = new Uint8Array(PAYLOAD_BYTES);
  const view = new DataView(payload.buffer);
  payload.set(eventTagBytes(event), 0);
  payload.set(uuidBytes(fields.guestId), 4);
  view.setUint16(20, fields.keyId);
  view.setUint32(22, fields.issuedAt);
  view.setUint32(26, fields.serial);
  const signature = ed.sign(signedMessage(event, payload), keyBytes(privateKey, "private key"));
  return `${GUEST_CODE_PREFIX}${toBase64Url(payload)}.${toBase64Url(signature)}`;
}

/** Reads a code's text (surrounding whitespace, as a keyboard-wedge scanner may add, is ignored); null when it is not one. */
export function parseGuestCode(text: string): ParsedGuestCode | null {
  const trimmed = text.trim();
  if (trimmed.length !== GUEST_CODE_LENGTH || !trimmed.startsWith(GUEST_CODE_PREFIX)) return null;
  const payloadText = trimmed.slice(GUEST_CODE_PREFIX.length, GUEST_CODE_PREFIX.length + PAYLOAD_CHARS);
  if (trimmed[GUEST_CODE_PREFIX.length + PAYLOAD_CHARS] !== ".") return null;
  const signatureText = trimmed.slice(GUEST_CODE_PREFIX.length + PAYLOAD_CHARS + 1);
  if (signatureText.length !== SIGNATURE_CHARS) return null;
  const payload = fromBase64Url(payloadText);
  const signature = fromBase64Url(signatureText);
  if (!payload || payload.length !== PAYLOAD_BYTES || !signature || signature.length !== SIGNATURE_BYTES) return null;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const keyId = view.getUint16(20);
  const serial = view.getUint32(26);
  if (keyId < 1 || serial < 1 || serial > GUEST_CODE_SERIAL_MAX) return null;
  return {
    eventTag: toBase64Url(payload.subarray(0, 4)),
    guestId: uuidText(payload.subarray(4, 20)),
    keyId,
    issuedAt: view.getUint32(22),
    serial,
    payload,
    signature,
  };
}

export function verifyGuestCode(text: string, options: GuestCodeVerifyOptions): GuestCodeVerification {
  const code = parseGuestCode(text);
  if (!code) return { ok: false, reason: "malformed" };
  const event = uuidBytes(options.eventId);
  const tag = eventTagBytes(event);
  if (!tag.every((byte, index) => code.payload[index] === byte)) return { ok: false, reason: "other_event" };
  const key = options.keys.find((candidate) => candidate.id === code.keyId);
  if (!key) return { ok: false, reason: "unknown_key" };
  const publicKey = keyBytes(key.publicKey, "public key");
  const message = signedMessage(event, code.payload);
  let isValid: boolean;
  try {
    isValid = options.verifySignature
      ? options.verifySignature(code.signature, message, publicKey)
      : ed.verify(code.signature, message, publicKey, { zip215: false });
  } catch {
    isValid = false; // a public key or signature that is no curve point
  }
  if (!isValid) return { ok: false, reason: "bad_signature" };
  if (isRevoked(options.revokedSerials, code.serial)) return { ok: false, reason: "revoked" };
  return { ok: true, guestId: code.guestId, keyId: code.keyId, serial: code.serial, issuedAt: code.issuedAt };
}

// ---- revoked serials, packed for desks --------------------------------------------------------------

/** Revoked serials as compact text for desks: sorted, 4 bytes each, base64url (about 5.3 characters a serial). */
export function encodeRevokedSerials(serials: Iterable<number>): string {
  const sorted = [...new Set(serials)].sort((a, b) => a - b);
  const bytes = new Uint8Array(sorted.length * 4);
  const view = new DataView(bytes.buffer);
  sorted.forEach((serial, index) => {
    checkField(serial, 1, GUEST_CODE_SERIAL_MAX, "serial");
    view.setUint32(index * 4, serial);
  });
  return toBase64Url(bytes);
}

export function decodeRevokedSerials(text: string): Set<number> {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length % 4 !== 0) throw new TypeError("not a packed list of revoked serials");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const serials = new Set<number>();
  for (let offset = 0; offset < bytes.length; offset += 4) serials.add(view.getUint32(offset));
  return serials;
}

const decodedLists = new Map<string, Set<number>>();

function isRevoked(revoked: GuestCodeVerifyOptions["revokedSerials"], serial: number): boolean {
  if (typeof revoked === "string") {
    let set = decodedLists.get(revoked);
    if (!set) {
      set = decodeRevokedSerials(revoked);
      if (decodedLists.size > 16) decodedLists.clear();
      decodedLists.set(revoked, set);
    }
    return set.has(serial);
  }
  if ("has" in revoked) return revoked.has(serial);
  return revoked.includes(serial);
}

// ---- bytes ------------------------------------------------------------------------------------------

function signedMessage(event: Uint8Array, payload: Uint8Array): Uint8Array {
  const message = new Uint8Array(SIGNED_DOMAIN.length + 16 + payload.length);
  message.set(SIGNED_DOMAIN, 0);
  message.set(event, SIGNED_DOMAIN.length);
  message.set(payload, SIGNED_DOMAIN.length + 16);
  return message;
}

function eventTagBytes(event: Uint8Array): Uint8Array {
  const input = new Uint8Array(TAG_DOMAIN.length + event.length);
  input.set(TAG_DOMAIN, 0);
  input.set(event, TAG_DOMAIN.length);
  return sha512(input).subarray(0, 4);
}

function checkField(value: number, min: number, max: number, name: string): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} out of range: ${value}`);
}

function keyBytes(key: string | Uint8Array, what: string): Uint8Array {
  const bytes = typeof key === "string" ? fromBase64Url(key) : key;
  if (!bytes || bytes.length !== 32) throw new TypeError(`a ${what} is 32 bytes`);
  return bytes;
}

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(id: string): Uint8Array {
  if (!UUID.test(id)) throw new TypeError(`not a UUID: ${id}`);
  const hex = id.replaceAll("-", "");
  const bytes = new Uint8Array(16);
  for (let index = 0; index < 16; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ALPHABET_INDEX = new Map(Array.from(ALPHABET, (char, index) => [char, index]));

export function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index]!;
    const b = bytes[index + 1] ?? 0;
    const c = bytes[index + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    const chars = index + 2 < bytes.length ? 4 : index + 1 < bytes.length ? 3 : 2;
    for (let char = 0; char < chars; char++) text += ALPHABET[(triple >> (18 - char * 6)) & 63];
  }
  return text;
}

/** Strict base64url without padding: null for any other character, a length no bytes give, or unused bits that are not zero (so one byte string has exactly one text). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (const char of text) {
    const value = ALPHABET_INDEX.get(char);
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}
