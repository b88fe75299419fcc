import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { SenderEmail } from "../../../api/src/models/SenderEmail.ts";
import { signedInUser } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Sender emails (spec §3 sender email, §5 unique, §8 'sender email already exists'; issue 15 item 1): an overseer
 * adds an address, a mail to it (through the real SMTP sink) carries the link whose page verifies it; the link
 * works once and for 48 hours; the address is unique per account whatever its case; each step in the account's
 * trail; a platform administrator may mark one verified without its mail.
 */
describe.each(databaseKinds())("sender emails on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db, { name: "Acme Events" });
    const { http, user } = await signedInUser(suite.server, { accountId: account.id, role: "overseer" });
    return { db, http, user, account, senders: `/api/v1/accounts/${account.id}/senders` };
  }

  /** The token of the verification link the last mail to `email` carried. */
  async function tokenMailedTo(email: string, subjectIncludes?: string) {
    const mail = await suite.server.mailbox.waitFor(email, subjectIncludes ? { subjectIncludes } : {});
    const link = linksIn(mail).find((candidate) => candidate.includes("/senders/verify/"));
    expect(link, mail.text).toBeDefined();
    return { mail, link: link!, token: decodeURIComponent(link!.slice(link!.lastIndexOf("/") + 1)) };
  }

  it("adds a pending sender, mails it a link, and the link's page verifies it once", async () => {
    const { db, http, senders, account } = await setUp();
    const created = await http.post(senders, { email: "Events@Acme.example", name: " Acme events " }, { lang: "fr" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      email: "events@acme.example",
      name: "Acme events",
      isVerified: false,
      verifiedAt: null,
    });
    const sentAt = Date.parse(created.body.verificationSentAt);
    expect(Date.parse(created.body.verificationExpiresAt) - sentAt).toBe(48 * 60 * 60_000);

    // The mail, in the language of the request, to the address itself, with the page's link in that language.
    const { mail, link, token } = await tokenMailedTo("events@acme.example");
    expect(mail.subject).toBe("Confirmez events@acme.example comme expéditeur de Acme Events");
    expect(link.startsWith(`${suite.server.baseUrl}/fr/senders/verify/`)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only the token's hash is kept.
    const row = (await SenderEmail.query(db).findById(created.body.id))!;
    expect(row.verificationTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.verificationTokenHash).not.toContain(token);

    // Reading the page verifies nothing; its button does, and the link then stops working.
    const page = `/api/v1/public/senders/verify/${encodeURIComponent(token)}`;
    const anonymous = suite.server.http;
    const viewed = await anonymous.get(page);
    expect(viewed.status).toBe(200);
    expect(viewed.body).toEqual({ email: "events@acme.example", accountName: "Acme Events", isVerified: false });
    expect((await SenderEmail.query(db).findById(created.body.id))!.verifiedAt).toBeNull();
    const verified = await anonymous.post(page, {});
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email: "events@acme.example", accountName: "Acme Events", isVerified: true });
    expect((await anonymous.post(page, {})).status).toBe(404);
    expect((await anonymous.get(page)).status).toBe(404);

    const listed = await http.get(senders);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ email: "events@acme.example", isVerified: true, verificationExpiresAt: null }),
    ]);
    const trail = await AuditLog.query(db).where({ accountId: account.id, subjectId: created.body.id }).orderBy("id");
    expect(trail.map((entry) => entry.action).sort()).toEqual(["sender.created", "sender.verified"]);
    expect(trail.find((entry) => entry.action === "sender.verified")!.after).toMatchObject({
      email: "events@acme.example",
      how: "link",
    });
    // The trail never holds the token or its hash.
    expect(JSON.stringify(trail)).not.toContain(row.verificationTokenHash!);
  });

  it("refuses an address the account already has, whatever its case, in the caller's language", async () => {
    const { db, http, senders, account } = await setUp();
    expect((await http.post(senders, { email: "team@acme.example" })).status).toBe(201);
    const english = await http.post(senders, { email: "Team@ACME.example" });
    expect(english.status).toBe(409);
    expect(english.body.error).toMatchObject({
      code: "sender_email_exists",
      message: "This sender email already exists.",
    });
    const french = await http.post(senders, { email: "team@acme.example" }, { lang: "fr" });
    expect(french.status).toBe(409);
    expect(french.body.error.message).toBe("Cet email d'expéditeur existe déjà.");
    expect(await SenderEmail.query(db).where({ accountId: account.id })).toHaveLength(1);
    // Another account may have the same address.
    const other = await setUp();
    expect((await other.http.post(other.senders, { email: "team@acme.example" })).status).toBe(201);
    // Not an address: 422 at the field.
    const invalid = await http.post(senders, { email: "not an address" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details[0]).toMatchObject({ field: "email" });
  });

  it("answers 404 for an unknown link and 410 for one past its 48 hours; resending gives a new link", async () => {
    const { db, http, senders } = await setUp();
    const anonymous = suite.server.http;
    expect((await anonymous.get("/api/v1/public/senders/verify/unknown-token")).status).toBe(404);
    expect((await anonymous.post("/api/v1/public/senders/verify/unknown-token", {})).status).toBe(404);

    const created = await http.post(senders, { email: "late@acme.example" });
    const first = await tokenMailedTo("late@acme.example");
    await SenderEmail.query(db)
      .patch({ verificationSentAt: new Date(Date.now() - 48 * 60 * 60_000 - 60_000) })
      .where({ id: created.body.id });
    const expired = await anonymous.post(`/api/v1/public/senders/verify/${first.token}`, {}, { lang: "fr" });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({
      code: "sender_verification_expired",
      message: "Ce lien de vérification a expiré : demandez-en un nouveau.",
    });
    expect((await anonymous.get(`/api/v1/public/senders/verify/${first.token}`)).status).toBe(410);
    expect((await SenderEmail.query(db).findById(created.body.id))!.verifiedAt).toBeNull();

    // A new link: the old one stops working, the new one verifies.
    const resent = await http.post(`${senders}/${created.body.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.verificationExpiresAt)).toBeGreaterThan(Date.now() + 47 * 60 * 60_000);
    const second = await tokenMailedTo("late@acme.example");
    expect(second.token).not.toBe(first.token);
    expect((await anonymous.post(`/api/v1/public/senders/verify/${first.token}`, {})).status).toBe(404);
    expect((await anonymous.post(`/api/v1/public/senders/verify/${second.token}`, {})).status).toBe(200);
    // Verified: nothing more to resend.
    const again = await http.post(`${senders}/${created.body.id}/resend`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "sender_already_verified",
      message: "This sender email is already verified.",
    });
  });

  it("deletes a sender; a platform administrator marks one verified without its mail", async () => {
    const { db, http, senders, account } = await setUp();
    const created = await http.post(senders, { email: "ops@acme.example" });
    await tokenMailedTo("ops@acme.example");
    const overseerTries = await http.post(`${senders}/${created.body.id}/verify`, {});
    expect(overseerTries.status).toBe(403);

    const { http: admin } = await signedInUser(suite.server, { accountId: null, role: "administrator" });
    const marked = await admin.post(`${senders}/${created.body.id}/verify`, {});
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ isVerified: true, verificationExpiresAt: null });
    const verifiedAt = marked.body.verifiedAt;
    // Already verified: unchanged, no second entry.
    expect((await admin.post(`${senders}/${created.body.id}/verify`, {})).body.verifiedAt).toBe(verifiedAt);

    expect((await http.delete(`${senders}/${created.body.id}`)).status).toBe(200);
    expect(await SenderEmail.query(db).findById(created.body.id)).toBeUndefined();
    expect((await http.delete(`${senders}/${created.body.id}`)).status).toBe(404);
    const trail = await AuditLog.query(db).where({ accountId: account.id, subjectId: created.body.id });
    expect(trail.map((entry) => entry.action).sort()).toEqual(["sender.created", "sender.deleted", "sender.verified"]);
    expect(trail.find((entry) => entry.action === "sender.verified")!.after).toMatchObject({ how: "administrator" });
    expect(trail.find((entry) => entry.action === "sender.deleted")!.before).toMatchObject({
      email: "ops@acme.example",
    });
  });
});
