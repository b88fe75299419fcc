/**
 * Property tests over seeded random codes (no fast-check in the repo: loops over a fixed-seed generator):
 * a signed code reads back as signed; any changed character or byte is refused; another event's code,
 * an unknown key and a revoked serial are refused; rotation keeps both keys' codes valid.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../random.ts";
import {
  createGuestCodeKeyPair,
  decodeRevokedSerials,
  encodeRevokedSerials,
  fromBase64Url,
  GUEST_CODE_LENGTH,
  GUEST_CODE_SERIAL_MAX,
  guestCodeEventTag,
  guestCodePublicKey,
  parseGuestCode,
  signGuestCode,
  toBase64Url,
  verifyGuestCode,
  type GuestCodeFields,
} from "./guestCode.ts";

function generator(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const fields = (eventId: string, keyId: number): GuestCodeFields => ({
    eventId,
    guestId: uuid(),
    keyId,
    issuedAt: int(1_600_000_000, 2_100_000_000),
    serial: int(1, GUEST_CODE_SERIAL_MAX),
  });
  return { next, int, uuid, fields };
}

const RUNS = 150;
const eventId = "7c0c7c5e-2f5a-4d0b-9a57-3b1c1c0f2a11";
const otherEventId = "7c0c7c5e-2f5a-4d0b-9a57-3b1c1c0f2a12";
const key1 = createGuestCodeKeyPair();
const key2 = createGuestCodeKeyPair();
const keys = [{ id: 1, publicKey: key1.publicKey }];
const none = new Set<number>();

describe("guest codes", () => {
  it("round trip: a signed code parses and verifies to its fields", () => {
    const random = generator(1);
    for (let run = 0; run < RUNS; run++) {
      const fields = random.fields(eventId, 1);
      const text = signGuestCode(fields, key1.privateKey);
      expect(text).toHaveLength(GUEST_CODE_LENGTH);
      expect(text).toMatch(/^T1\.[A-Za-z0-9_-]{40}\.[A-Za-z0-9_-]{86}$/);
      const parsed = parseGuestCode(text);
      expect(parsed).toMatchObject({
        eventTag: guestCodeEventTag(eventId),
        guestId: fields.guestId,
        keyId: 1,
        issuedAt: fields.issuedAt,
        serial: fields.serial,
      });
      expect(verifyGuestCode(text, { eventId, keys, revokedSerials: none })).toEqual({
        ok: true,
        guestId: fields.guestId,
        keyId: 1,
        serial: fields.serial,
        issuedAt: fields.issuedAt,
      });
      // what a keyboard-wedge scanner types: the code and a newline
      expect(verifyGuestCode(`${text}\r\n`, { eventId, keys, revokedSerials: none }).ok).toBe(true);
    }
  });

  it("signatures are deterministic: the same fields and key give the same text", () => {
    const fields = generator(2).fields(eventId, 1);
    expect(signGuestCode(fields, key1.privateKey)).toBe(signGuestCode(fields, key1.privateKey));
  });

  it("any changed character of the text is refused", () => {
    const random = generator(3);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    for (let run = 0; run < RUNS; run++) {
      const text = signGuestCode(random.fields(eventId, 1), key1.privateKey);
      const position = random.int(0, text.length - 1);
      let replacement = text[position]!;
      while (replacement === text[position]) replacement = alphabet[random.int(0, alphabet.length - 1)]!;
      const tampered = text.slice(0, position) + replacement + text.slice(position + 1);
      const result = verifyGuestCode(tampered, { eventId, keys, revokedSerials: none });
      expect(result.ok, `position ${position}: ${text} → ${tampered}`).toBe(false);
    }
  });

  it("any flipped bit of the payload or signature bytes is refused", () => {
    const random = generator(4);
    for (let run = 0; run < RUNS; run++) {
      const text = signGuestCode(random.fields(eventId, 1), key1.privateKey);
      const [prefix, payloadText, signatureText] = text.split(".") as [string, string, string];
      const bytes = [...fromBase64Url(payloadText)!, ...fromBase64Url(signatureText)!];
      const index = random.int(0, bytes.length - 1);
      bytes[index] = bytes[index]! ^ (1 << random.int(0, 7));
      const tampered = `${prefix}.${toBase64Url(Uint8Array.from(bytes.slice(0, 30)))}.${toBase64Url(Uint8Array.from(bytes.slice(30)))}`;
      const result = verifyGuestCode(tampered, { eventId, keys, revokedSerials: none });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(["malformed", "other_event", "unknown_key", "bad_signature"]).toContain(result.reason);
      // a flip in the event tag reads as another event's code, in the key id as an unknown key, elsewhere as a bad signature
      if (index < 4 && !result.ok) expect(result.reason).toBe("other_event");
    }
  });

  it("another event's code is refused, even signed with a key the desk knows", () => {
    const random = generator(5);
    for (let run = 0; run < RUNS; run++) {
      const text = signGuestCode(random.fields(random.uuid(), 1), key1.privateKey);
      expect(verifyGuestCode(text, { eventId, keys, revokedSerials: none })).toEqual({
        ok: false,
        reason: "other_event",
      });
    }
    // ids differing in their last hex digit have unrelated tags
    expect(guestCodeEventTag(eventId)).not.toBe(guestCodeEventTag(otherEventId));
  });

  it("a code whose key the desk does not know is refused; one signed by another key under a known id fails its signature", () => {
    const random = generator(6);
    for (let run = 0; run < RUNS; run++) {
      const keyId = random.int(2, 65535);
      const text = signGuestCode(random.fields(eventId, keyId), key2.privateKey);
      expect(verifyGuestCode(text, { eventId, keys, revokedSerials: none })).toEqual({
        ok: false,
        reason: "unknown_key",
      });
      const forged = signGuestCode(random.fields(eventId, 1), key2.privateKey);
      expect(verifyGuestCode(forged, { eventId, keys, revokedSerials: none })).toEqual({
        ok: false,
        reason: "bad_signature",
      });
    }
  });

  it("revoked serials are refused, as a set, a list or the packed text", () => {
    const random = generator(7);
    const revoked = Array.from({ length: 200 }, () => random.int(1, GUEST_CODE_SERIAL_MAX));
    const packed = encodeRevokedSerials(revoked);
    expect(decodeRevokedSerials(packed)).toEqual(new Set(revoked));
    for (let run = 0; run < RUNS; run++) {
      const fields = random.fields(eventId, 1);
      const isRevoked = random.next() < 0.5;
      if (isRevoked) fields.serial = revoked[random.int(0, revoked.length - 1)]!;
      const text = signGuestCode(fields, key1.privateKey);
      for (const revokedSerials of [new Set(revoked), revoked, packed]) {
        const result = verifyGuestCode(text, { eventId, keys, revokedSerials });
        if (isRevoked) expect(result).toEqual({ ok: false, reason: "revoked" });
        else expect(result.ok).toBe(true);
      }
    }
  });

  it("rotation: codes of the old key and of the new one both verify while both keys are given", () => {
    const random = generator(8);
    const bothKeys = [
      { id: 1, publicKey: key1.publicKey },
      { id: 2, publicKey: key2.publicKey },
    ];
    const old = signGuestCode(random.fields(eventId, 1), key1.privateKey);
    const fresh = signGuestCode(random.fields(eventId, 2), key2.privateKey);
    expect(verifyGuestCode(old, { eventId, keys: bothKeys, revokedSerials: none }).ok).toBe(true);
    expect(verifyGuestCode(fresh, { eventId, keys: bothKeys, revokedSerials: none }).ok).toBe(true);
    // key 1 retired
    expect(verifyGuestCode(old, { eventId, keys: [bothKeys[1]!], revokedSerials: none })).toEqual({
      ok: false,
      reason: "unknown_key",
    });
  });

  it("malformed texts are refused without throwing", () => {
    const random = generator(9);
    const text = signGuestCode(random.fields(eventId, 1), key1.privateKey);
    const samples = [
      "",
      "hello",
      text.slice(0, -1),
      `${text}A`,
      text.replace("T1.", "T2."),
      text.replace(/\.(?=[^.]*$)/, "_"),
      `${text.slice(0, 3)}${"A".repeat(40)}.${text.slice(44)}`, // key id 0 and serial 0
      "T1." + "=".repeat(127),
    ];
    for (let run = 0; run < RUNS; run++) {
      samples.push(Array.from({ length: random.int(0, 200) }, () => String.fromCharCode(random.int(32, 126))).join(""));
    }
    for (const sample of samples) {
      expect(() => verifyGuestCode(sample, { eventId, keys, revokedSerials: none })).not.toThrow();
      expect(verifyGuestCode(sample, { eventId, keys, revokedSerials: none }).ok).toBe(false);
    }
    expect(verifyGuestCode("hello", { eventId, keys, revokedSerials: none })).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("keys: the public key derives from the private one; base64url is strict", () => {
    expect(guestCodePublicKey(key1.privateKey)).toBe(key1.publicKey);
    expect(fromBase64Url(key1.publicKey)).toHaveLength(32);
    // a trailing character whose unused bits are set decodes to nothing
    expect(fromBase64Url("AB")).toBeNull();
    expect(fromBase64Url("AA")).toEqual(new Uint8Array([0]));
    expect(toBase64Url(Uint8Array.from([0xfb, 0xff, 0xbf, 0x66]))).toBe("-_-_Zg"); // RFC 4648 alphabet, URL-safe
    const random = generator(11);
    for (let run = 0; run < RUNS; run++) {
      const bytes = Uint8Array.from({ length: random.int(0, 70) }, () => random.int(0, 255));
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(text).toHaveLength(Math.ceil((bytes.length * 4) / 3));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });
});
