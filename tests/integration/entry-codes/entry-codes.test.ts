import jsQR from "jsqr";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import {
  fromBase64Url,
  GUEST_CODE_LENGTH,
  guestCodePublicKey,
  parseGuestCode,
  verifyGuestCode,
  type GuestCodeVerification,
} from "@tessera/shared";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { GuestCode } from "../../../api/src/models/GuestCode.ts";
import { GuestCodeKey } from "../../../api/src/models/GuestCodeKey.ts";
import { openPrivateKey } from "../../../api/src/services/checkin-codes/keyVault.ts";
import { checkGuestCode, verificationMaterial } from "../../../api/src/services/checkin-codes/verification.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { decodePng } from "../../helpers/png.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Signed entry codes end to end (issue 12 item 2): keys encrypted at rest, a code that verifies offline
 * from the desk's material and online against the database, rotation and retirement, revocation and
 * re-issue, the portal's own code, and the confirmation email's QR image read back by a real decoder.
 */
describe.each(databaseKinds())("entry codes on %s", (kind) => {
  const suite = useCastServer(kind);
  const organizer = () => suite.cast.client("overseer");

  async function event(): Promise<Event> {
    return buildEvent(suite.server.db, suite.cast.accountA.id);
  }
  const base = (event: Event) => `/api/v1/events/${event.accountId}/${event.id}`;

  async function codeOf(event: Event, guestId: string) {
    const answer = await organizer().get(`${base(event)}/users/${guestId}/entry-code`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entryCode as { code: string; serial: number; keyId: number; qrSvg: string } | null;
  }

  /** The desk's answer: shared's verifier over the material the desk endpoints serve, JSON round-tripped. */
  async function atDesk(event: Event, text: string): Promise<GuestCodeVerification> {
    const material = JSON.parse(JSON.stringify(await verificationMaterial(suite.server.db, event.id)));
    return verifyGuestCode(text, {
      eventId: event.id,
      keys: material.keys,
      revokedSerials: material.revokedSerials,
    });
  }
  const online = (event: Event, text: string) => checkGuestCode(suite.server.db, event.id, text);

  it("issues a code on first need that verifies at a desk and online; the same text every time", async () => {
    const ev = await event();
    const guest = await buildGuest(suite.server.db, ev, { status: "confirmed" });
    const first = await codeOf(ev, guest.id);
    expect(first!.code).toHaveLength(GUEST_CODE_LENGTH);
    expect(first!.keyId).toBe(1);
    expect(first!.qrSvg).toContain("<svg");
    expect(QRCode.create(first!.code, { errorCorrectionLevel: "M" }).version).toBeLessThanOrEqual(8);
    expect((await codeOf(ev, guest.id))!.code).toBe(first!.code);
    const expected = { ok: true, guestId: guest.id, keyId: 1, serial: first!.serial };
    expect(await atDesk(ev, first!.code)).toMatchObject(expected);
    expect(await online(ev, first!.code)).toMatchObject(expected);
    // another event's desk refuses it
    const other = await event();
    expect(await online(other, first!.code)).toEqual({ ok: false, reason: "other_event" });
    const tampered = first!.code.slice(0, 60) + (first!.code[60] === "A" ? "B" : "A") + first!.code.slice(61);
    expect((await atDesk(ev, tampered)).ok).toBe(false);
    expect((await online(ev, tampered)).ok).toBe(false);
  });

  it("keeps the private key encrypted at rest with a key derived from the server's secret", async () => {
    const ev = await event();
    const guest = await buildGuest(suite.server.db, ev);
    await codeOf(ev, guest.id);
    const [row] = await suite.server.db("guestCodeKeys").where({ eventId: ev.id });
    const key = row as { number: number; publicKey: string; privateKeyEncrypted: string };
    const seed = openPrivateKey(suite.server.config.secret, ev.id, key.number, key.privateKeyEncrypted);
    expect(guestCodePublicKey(seed)).toBe(key.publicKey);
    const stored = JSON.stringify(row);
    for (const form of [
      Buffer.from(seed).toString("base64url"),
      Buffer.from(seed).toString("base64"),
      Buffer.from(seed).toString("hex"),
    ]) {
      expect(stored).not.toContain(form);
    }
    expect(() =>
      openPrivateKey("another-secret-another-secret-0123", ev.id, key.number, key.privateKeyEncrypted),
    ).toThrow();
    // bound to its row: the same ciphertext under another event or number does not open
    expect(() => openPrivateKey(suite.server.config.secret, ev.id, key.number + 1, key.privateKeyEncrypted)).toThrow();
    // and the keys route never shows it
    const keys = await organizer().get(`${base(ev)}/entry-code-keys`);
    expect(keys.body.data).toEqual([
      { id: 1, publicKey: key.publicKey, createdAt: expect.any(String), retiredAt: null, isActive: true },
    ]);
  });

  it("rotation keeps the old key's codes valid until it is retired; retiring re-signs the codes in force", async () => {
    const ev = await event();
    const ada = await buildGuest(suite.server.db, ev);
    const bob = await buildGuest(suite.server.db, ev);
    const adaCode = (await codeOf(ev, ada.id))!;

    const rotated = await organizer().post(`${base(ev)}/entry-code-keys`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.data.map((key: { id: number; isActive: boolean }) => [key.id, key.isActive])).toEqual([
      [1, false],
      [2, true],
    ]);
    const bobCode = (await codeOf(ev, bob.id))!;
    expect(bobCode.keyId).toBe(2);
    expect((await codeOf(ev, ada.id))!.code).toBe(adaCode.code);
    for (const text of [adaCode.code, bobCode.code]) {
      expect((await atDesk(ev, text)).ok).toBe(true);
      expect((await online(ev, text)).ok).toBe(true);
    }

    const retired = await organizer().post(`${base(ev)}/entry-code-keys/1/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.data[0]).toMatchObject({ id: 1, retiredAt: expect.any(String), isActive: false });
    expect(await atDesk(ev, adaCode.code)).toEqual({ ok: false, reason: "unknown_key" });
    expect(await online(ev, adaCode.code)).toEqual({ ok: false, reason: "unknown_key" });
    const adaNow = (await codeOf(ev, ada.id))!;
    expect(adaNow).toMatchObject({ keyId: 2, serial: adaCode.serial });
    expect(adaNow.code).not.toBe(adaCode.code);
    expect(await atDesk(ev, adaNow.code)).toMatchObject({ ok: true, guestId: ada.id });
    expect((await online(ev, bobCode.code)).ok).toBe(true);

    // retiring the active key makes a new one and re-signs with it
    await organizer().post(`${base(ev)}/entry-code-keys/2/retire`);
    const adaLast = (await codeOf(ev, ada.id))!;
    expect(adaLast.keyId).toBe(3);
    expect(await online(ev, adaNow.code)).toEqual({ ok: false, reason: "unknown_key" });
    expect(await online(ev, adaLast.code)).toMatchObject({ ok: true, guestId: ada.id });
    expect((await organizer().post(`${base(ev)}/entry-code-keys/9/retire`)).status).toBe(404);

    // retiring the active key while an older one still verifies: a new key signs, never the older one
    await organizer().post(`${base(ev)}/entry-code-keys`);
    const keys = await organizer().post(`${base(ev)}/entry-code-keys/4/retire`);
    expect(keys.body.data.map((key: { id: number; isActive: boolean }) => [key.id, key.isActive])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
    ]);
    expect((await codeOf(ev, ada.id))!.keyId).toBe(3);
    expect((await codeOf(ev, (await buildGuest(suite.server.db, ev)).id))!.keyId).toBe(5);
  });

  it("revokes a code, re-issues a new serial, and counts a deleted guest's code as revoked", async () => {
    const ev = await event();
    const guest = await buildGuest(suite.server.db, ev);
    const first = (await codeOf(ev, guest.id))!;

    const revoked = await organizer().post(`${base(ev)}/users/${guest.id}/entry-code/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ entryCode: null });
    expect(await codeOf(ev, guest.id)).toBeNull();
    expect(await atDesk(ev, first.code)).toEqual({ ok: false, reason: "revoked" });
    expect(await online(ev, first.code)).toEqual({ ok: false, reason: "revoked" });
    const stored = await GuestCode.query(suite.server.db).findOne({ serial: first.serial, eventId: ev.id });
    expect(stored).toMatchObject({ guestId: guest.id, revokedByUserId: suite.cast.userId("overseer") });
    expect(stored!.revokedAt).toBeInstanceOf(Date);

    const reissued = await organizer().post(`${base(ev)}/users/${guest.id}/entry-code/reissue`);
    expect(reissued.status).toBe(201);
    const second = reissued.body.entryCode;
    expect(second.serial).not.toBe(first.serial);
    expect(await atDesk(ev, second.code)).toMatchObject({ ok: true, guestId: guest.id, serial: second.serial });
    expect((await codeOf(ev, guest.id))!.code).toBe(second.code);
    // re-issuing again revokes the second one
    const third = (await organizer().post(`${base(ev)}/users/${guest.id}/entry-code/reissue`)).body.entryCode;
    expect(await atDesk(ev, second.code)).toEqual({ ok: false, reason: "revoked" });
    expect((await atDesk(ev, third.code)).ok).toBe(true);

    await suite.server.db("guests").where({ id: guest.id }).delete();
    expect(await atDesk(ev, third.code)).toEqual({ ok: false, reason: "revoked" });
    expect(await online(ev, third.code)).toEqual({ ok: false, reason: "revoked" });
    expect((await organizer().get(`${base(ev)}/users/${guest.id}/entry-code`)).status).toBe(404);
  });

  /** The event's history entries of the entry codes and their keys, oldest first. */
  async function codeHistory(event: Event): Promise<AuditLog[]> {
    return AuditLog.query(suite.server.db)
      .where({ eventId: event.id })
      .whereIn("action", [
        "entry_code_key.rotated",
        "entry_code_key.retired",
        "guest.entry_code_revoked",
        "guest.entry_code_reissued",
      ])
      .orderBy("createdAt")
      .orderBy("id");
  }

  it("records each key and code change once in the event's history, by its actor, without a code or key", async () => {
    const ev = await event();
    const ada = await buildGuest(suite.server.db, ev, { firstName: "Ada", lastName: "Lovelace" });
    const bob = await buildGuest(suite.server.db, ev, { firstName: null, lastName: null, email: "bob@example.org" });
    const adaFirst = (await codeOf(ev, ada.id))!;
    const overseer = suite.cast.userId("overseer");
    const byOverseer = { accountId: ev.accountId, actorUserId: overseer, actorApiKeyId: null };
    expect(await codeHistory(ev)).toEqual([]); // issuing on first need is no one's action

    // a rotation: the new key by its number
    expect((await organizer().post(`${base(ev)}/entry-code-keys`)).status).toBe(201);
    const [key1, key2] = await GuestCodeKey.query(suite.server.db).where({ eventId: ev.id }).orderBy("number");
    let entries = await codeHistory(ev);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byOverseer,
      action: "entry_code_key.rotated",
      subjectType: "guestCodeKey",
      subjectId: key2!.id,
      before: null,
      after: { number: 2 },
    });

    // a revocation: the guest by name, the code by serial
    expect((await organizer().post(`${base(ev)}/users/${ada.id}/entry-code/revoke`)).status).toBe(200);
    entries = await codeHistory(ev);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      ...byOverseer,
      action: "guest.entry_code_revoked",
      subjectType: "guest",
      subjectId: ada.id,
      before: { serial: adaFirst.serial },
      after: null,
      metadata: { subject: "Ada Lovelace" },
    });
    // revoking again revokes nothing and records nothing
    expect((await organizer().post(`${base(ev)}/users/${ada.id}/entry-code/revoke`)).status).toBe(200);
    expect(await codeHistory(ev)).toHaveLength(2);

    // a re-issue (by the API key): one entry, the serial revoked (none here) and the new one
    const reissued = await suite.cast.client("apiKey").post(`${base(ev)}/users/${ada.id}/entry-code/reissue`);
    expect(reissued.status).toBe(201);
    const adaSecond = reissued.body.entryCode as { code: string; serial: number };
    entries = await codeHistory(ev);
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({
      accountId: ev.accountId,
      actorUserId: null,
      actorApiKeyId: suite.cast.apiKey.apiKey.id,
      action: "guest.entry_code_reissued",
      subjectType: "guest",
      subjectId: ada.id,
      before: { serial: null },
      after: { serial: adaSecond.serial },
      metadata: { subject: "Ada Lovelace" },
    });
    // re-issuing a code in force names the one it revoked; a guest without a name by their email
    const bobFirst = (await codeOf(ev, bob.id))!;
    const bobReissued = await organizer().post(`${base(ev)}/users/${bob.id}/entry-code/reissue`);
    entries = await codeHistory(ev);
    expect(entries).toHaveLength(4);
    expect(entries[3]).toMatchObject({
      ...byOverseer,
      action: "guest.entry_code_reissued",
      subjectId: bob.id,
      before: { serial: bobFirst.serial },
      after: { serial: bobReissued.body.entryCode.serial },
      metadata: { subject: "bob@example.org" },
    });

    // key 1 signs no code in force (Ada's was revoked): retiring it re-signs none
    expect((await organizer().post(`${base(ev)}/entry-code-keys/1/retire`)).status).toBe(200);
    entries = await codeHistory(ev);
    expect(entries).toHaveLength(5);
    expect(entries[4]).toMatchObject({
      ...byOverseer,
      action: "entry_code_key.retired",
      subjectType: "guestCodeKey",
      subjectId: key1!.id,
      before: { number: 1, retiredAt: null },
      after: { number: 1, retiredAt: expect.any(String), resignedCodes: 0, resignedWithKey: null },
    });
    // retiring key 2 (the active one, signing both codes in force) makes key 3 and signs them again with it;
    // retiring it again changes and records nothing
    expect((await organizer().post(`${base(ev)}/entry-code-keys/2/retire`)).status).toBe(200);
    expect((await organizer().post(`${base(ev)}/entry-code-keys/2/retire`)).status).toBe(200);
    entries = await codeHistory(ev);
    expect(entries).toHaveLength(6);
    expect(entries[5]).toMatchObject({
      ...byOverseer,
      action: "entry_code_key.retired",
      subjectId: key2!.id,
      after: { number: 2, resignedCodes: 2, resignedWithKey: 3 },
    });
    expect((await codeOf(ev, ada.id))!.keyId).toBe(3);

    // refused and failed calls record nothing: an unknown key, a guest of another event, a reader, an outsider
    const elsewhere = await buildGuest(suite.server.db, await event());
    const failed = [
      await organizer().post(`${base(ev)}/entry-code-keys/9/retire`),
      await organizer().post(`${base(ev)}/users/${elsewhere.id}/entry-code/revoke`),
      await organizer().post(`${base(ev)}/users/${elsewhere.id}/entry-code/reissue`),
      await suite.cast.client("outsiderOverseer").post(`${base(ev)}/entry-code-keys`),
      await suite.cast.client("outsiderOverseer").post(`${base(ev)}/users/${ada.id}/entry-code/revoke`),
    ];
    expect(failed.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await codeHistory(ev)).toHaveLength(6);
    expect(await AuditLog.query(suite.server.db).where({ subjectId: elsewhere.id })).toEqual([]);

    // no code text, signature or key material anywhere in the trail
    const trail = JSON.stringify(await AuditLog.query(suite.server.db).where({ eventId: ev.id }));
    const keys = await GuestCodeKey.query(suite.server.db).where({ eventId: ev.id });
    const texts = [adaFirst.code, adaSecond.code, bobFirst.code, bobReissued.body.entryCode.code];
    for (const text of texts) expect(trail).not.toContain(text.split(".").at(-1));
    for (const key of keys) {
      expect(trail).not.toContain(key.publicKey);
      expect(trail).not.toContain(key.privateKeyEncrypted.slice(3, 40));
    }

    // the event's history reads them (the account's audit log route, as the History tab does)
    const history = await organizer().get(`/api/v1/accounts/${ev.accountId}/auditlogs?eventId=${ev.id}`);
    expect(history.status).toBe(200);
    const actions = (history.body.data as Array<{ action: string }>).map((entry) => entry.action);
    expect(actions.filter((action) => action.includes("entry_code")).sort()).toEqual([
      "entry_code_key.retired",
      "entry_code_key.retired",
      "entry_code_key.rotated",
      "guest.entry_code_reissued",
      "guest.entry_code_reissued",
      "guest.entry_code_revoked",
    ]);
  });

  it("shows another account's user nothing (404) and changes nothing", async () => {
    const ev = await event();
    const guest = await buildGuest(suite.server.db, ev);
    const outsider = suite.cast.client("outsiderOverseer");
    for (const [method, path] of [
      ["GET", `${base(ev)}/users/${guest.id}/entry-code`],
      ["POST", `${base(ev)}/users/${guest.id}/entry-code/reissue`],
      ["POST", `${base(ev)}/entry-code-keys`],
      ["GET", `${base(ev)}/entry-code-keys`],
    ] as const) {
      expect((await outsider.request(method, path)).status, `${method} ${path}`).toBe(404);
    }
    expect(await GuestCodeKey.query(suite.server.db).where({ eventId: ev.id }).resultSize()).toBe(0);
    // a guest of another event through this event's address
    const elsewhere = await buildGuest(suite.server.db, await event());
    expect((await organizer().get(`${base(ev)}/users/${elsewhere.id}/entry-code`)).status).toBe(404);
  });

  it("gives the signed-in guest their own code in the portal, only when confirmed", async () => {
    const ev = await event();
    const portal = `/api/v1/public/events/${ev.slug}/portal`;
    const email = `gus.${ev.id.slice(0, 8)}@example.org`;
    const guest = await buildGuest(suite.server.db, ev, { email, status: "confirmed" });
    const pendingEmail = `pat.${ev.id.slice(0, 8)}@example.org`;
    await buildGuest(suite.server.db, ev, { email: pendingEmail, status: "pending_approval" });
    const other = await buildGuest(suite.server.db, ev, { status: "confirmed" });
    await codeOf(ev, other.id);

    expect((await suite.server.http.get(`${portal}/entry-code`)).status).toBe(401);
    const gus = await signedInGuestClient(suite.server, portal, email);
    const own = await gus.get(`${portal}/entry-code`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect(Object.keys(own.body).sort()).toEqual(["code", "issuedAt", "qrSvg", "serial"]);
    expect(await atDesk(ev, own.body.code)).toMatchObject({ ok: true, guestId: guest.id });
    expect(own.body.code).toBe((await codeOf(ev, guest.id))!.code);
    // their session is for this event only
    const elsewhere = await event();
    expect((await gus.get(`/api/v1/public/events/${elsewhere.slug}/portal/entry-code`)).status).toBe(401);

    const pat = await signedInGuestClient(suite.server, portal, pendingEmail);
    expect((await pat.get(`${portal}/entry-code`)).status).toBe(404);
    await organizer().post(`${base(ev)}/users/${guest.id}/entry-code/revoke`);
    expect((await gus.get(`${portal}/entry-code`)).status).toBe(404);
  });

  it("sends a confirmed guest their code as an inline QR image that a real reader decodes", async () => {
    const ev = await event();
    const form = await buildForm(suite.server.db, ev, {
      items: [{ kind: "text", id: "welcome", title: "Welcome", description: "" }],
    });
    const email = `ada.${ev.id.slice(0, 8)}@example.org`;
    const sent = await suite.server.http.post(`/en/${ev.slug}/forms/sendForm/${form.id}`, {
      formId: form.id,
      mail: email,
      items: { firstName: "Ada", lastName: "Lovelace", answers: {} },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.status).toBe("confirmed");
    const mail = await suite.server.mailbox.waitFor(email, { subjectIncludes: "confirmed" });
    const image = mail.attachments.find((attachment) => attachment.contentType === "image/png");
    expect(image?.contentId).toBe("<entry-code@tessera>");
    expect(image?.related).toBe(true); // inline, shown by the HTML (mailparser turns the cid: link into a data URI)
    expect(mail.html).toMatch(/<img[^>]+alt="QR code to enter [^"]+"/);

    const { width, height, data } = decodePng(image!.content);
    const read = jsQR(data, width, height);
    expect(read?.data).toHaveLength(GUEST_CODE_LENGTH);
    const guestRow = await suite.server.db("guests").where({ eventId: ev.id, email }).first();
    expect(await atDesk(ev, read!.data)).toMatchObject({ ok: true, guestId: guestRow.id });
    // the plain part carries the text, for a desk that types it in
    expect(mail.text).toContain(read!.data);
    expect(parseGuestCode(read!.data)!.guestId).toBe(guestRow.id);
    expect(fromBase64Url(read!.data.split(".")[2]!)).toHaveLength(64);
  });

  it("sends no code to a guest who declines", async () => {
    const ev = await event();
    const form = await buildForm(suite.server.db, ev, {
      items: [{ kind: "participation", id: "attend", title: "Will you attend?" }],
    });
    const email = `cy.${ev.id.slice(0, 8)}@example.org`;
    const sent = await suite.server.http.post(`/en/${ev.slug}/forms/sendForm/${form.id}`, {
      formId: form.id,
      mail: email,
      items: { firstName: "Cy", lastName: "Absent", answers: {}, participation: false },
    });
    expect(sent.status).toBe(201);
    const mail = await suite.server.mailbox.waitFor(email);
    expect(mail.attachments).toHaveLength(0);
    expect(await GuestCode.query(suite.server.db).where({ eventId: ev.id }).resultSize()).toBe(0);
  });
});
