import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { OneTimeToken } from "../../../api/src/models/OneTimeToken.ts";
import { User } from "../../../api/src/models/User.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, type BuildUserOptions } from "../../helpers/factories.ts";
import { linksIn, type ParsedMail } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

const NEW_PASSWORD = "Brand-New-Secret-7";
const PASSWORD_RULE =
  "The password must have at least 12 characters, with a lowercase letter, an uppercase letter, a digit and a special character (!@#$%^&+/-).";

function recipients(mail: ParsedMail): string {
  return JSON.stringify(mail.to ?? "");
}

describe.each(databaseKinds())("auth: forgotten password on %s", (kind) => {
  const suite = useTestServer(kind);

  async function newUser(overrides: Partial<BuildUserOptions> = {}) {
    const account = await buildAccount(suite.server.db);
    return buildUser(suite.server.db, { accountId: account.id, role: "organizer", ...overrides });
  }

  function forgot(email: string) {
    return suite.server.http.post("/api/v1/auth/forgot-password", { email });
  }

  function reset(token: string, password = NEW_PASSWORD, confirmation = password, lang?: string) {
    return suite.server.http.post(
      "/api/v1/auth/reset-password",
      { token, password, confirmation },
      lang ? { lang } : {},
    );
  }

  /** Requests a reset and returns the token of the link in the email. */
  async function resetTokenFor(email: string): Promise<{ token: string; link: string; mail: ParsedMail }> {
    expect((await forgot(email)).body).toEqual({ ok: true });
    const mail = await suite.server.mailbox.waitFor(email);
    const link = linksIn(mail).find((candidate) => candidate.includes("/admin/reset-password"))!;
    expect(link).toBeDefined();
    return { token: new URL(link).searchParams.get("token")!, link, mail };
  }

  /** Waits until every email that could have been sent has been: a later request's email has arrived. */
  async function settleMail(): Promise<void> {
    const sentinel = await newUser();
    await forgot(sentinel.email);
    await suite.server.mailbox.waitFor(sentinel.email);
    await suite.server.deps.jobs.drain();
  }

  it("answers the same for an unknown address and sends nothing", async () => {
    const unknown = await forgot("nobody-at-all@example.com");
    const invited = await newUser({ password: null });
    const disabled = await newUser({ isActive: false });
    const invitedAnswer = await forgot(invited.email);
    const disabledAnswer = await forgot(disabled.email);
    for (const response of [unknown, invitedAnswer, disabledAnswer]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    }
    await settleMail();
    const addresses = suite.server.mailbox.messages.map(recipients).join(" ");
    expect(addresses).not.toContain("nobody-at-all@example.com");
    // Invited users complete their invitation instead; disabled users get nothing.
    expect(addresses).not.toContain(invited.email);
    expect(addresses).not.toContain(disabled.email);
  });

  it("emails a one-hour link in the user's language that works once and signs the user out everywhere", async () => {
    const user = await newUser({ language: "fr", email: "Reset.Me@Example.com" });
    const login = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    const oldSession = suite.server.http.as(login.body.token);
    expect((await oldSession.get("/api/v1/auth/me")).status).toBe(200);

    const { token, link, mail } = await resetTokenFor("reset.me@example.com");
    expect(link.startsWith(`${suite.server.baseUrl}/fr/admin/reset-password?token=`)).toBe(true);
    expect(mail.subject).not.toBe("Reset your Tessera password"); // French, not English
    expect(mail.text).toContain("60");
    const stored = await OneTimeToken.query(suite.server.db)
      .where({ userId: user.id, purpose: "password_reset" })
      .first();
    // Issued with a lifetime of exactly this (created_at is stamped a moment after the expiry is computed).
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(60 * 60_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    expect(stored!.tokenHash).not.toBe(token); // only the hash is kept

    const response = await reset(token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    // Every existing session is revoked.
    expect((await oldSession.get("/api/v1/auth/me")).status).toBe(401);
    // The new password works, the old one no longer does.
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(401);
    const fresh = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
    expect(JSON.stringify(fresh.body)).not.toContain(NEW_PASSWORD);

    const updated = await User.query(suite.server.db).findById(user.id);
    expect(updated!.passwordChangedAt).not.toBeNull();
    const audit = await AuditLog.query(suite.server.db).where({ action: "user.password_reset", subjectId: user.id });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toMatch(/scrypt|passwordHash/);

    // Once only.
    const again = await reset(token, "Another-Secret-99");
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "invalid_link", message: "This link is invalid or has expired." });
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: "Another-Secret-99" })).status,
    ).toBe(401);
  });

  it("refuses a link older than one hour", async () => {
    const user = await newUser();
    const { token } = await resetTokenFor(user.email);
    // An hour has passed: the link has expired.
    await OneTimeToken.query(suite.server.db)
      .patch({ expiresAt: new Date(Date.now() - 1000) })
      .where({ userId: user.id, purpose: "password_reset" });
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe("invalid_link");
    // The password is unchanged.
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200);

    // 59 minutes after it was sent, a link still works.
    const other = await newUser();
    const second = await resetTokenFor(other.email);
    await OneTimeToken.query(suite.server.db)
      .patch({ expiresAt: new Date(Date.now() + 60_000) })
      .where({ userId: other.id, purpose: "password_reset" });
    expect((await reset(second.token)).status).toBe(200);
  });

  it("only the newest link works", async () => {
    const user = await newUser();
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token)).body.error.code).toBe("invalid_link");
    expect((await reset(second.token)).status).toBe(200);
  });

  it("validates the new password and its confirmation (422 with details)", async () => {
    const user = await newUser();
    const { token } = await resetTokenFor(user.email);

    const weak = await reset(token, "short");
    expect(weak.status).toBe(422);
    expect(weak.body.error.message).toBe(PASSWORD_RULE);
    expect(weak.body.error.details).toEqual([{ field: "password", code: "password_rule", message: PASSWORD_RULE }]);

    const noSpecial = await reset(token, "Abcdefghijk12");
    expect(noSpecial.status).toBe(422);
    expect(noSpecial.body.error.details[0].field).toBe("password");

    const frenchWeak = await reset(token, "short", "short", "fr");
    expect(frenchWeak.body.error.details[0].message).toMatch(/^Le mot de passe doit contenir au moins 12 caractères/);

    const mismatch = await reset(token, NEW_PASSWORD, "Brand-New-Secret-8");
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.message).toBe("Passwords do not match");
    expect(mismatch.body.error.details).toEqual([
      { field: "confirmation", code: "passwords_do_not_match", message: "Passwords do not match" },
    ]);
    const spanishMismatch = await reset(token, NEW_PASSWORD, "Brand-New-Secret-8", "es");
    expect(spanishMismatch.body.error.details[0].message).toBe("Las contraseñas no coinciden");

    const missing = await suite.server.http.post("/api/v1/auth/reset-password", { token });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe("incomplete_fields");

    // None of the refused attempts used the link up.
    expect((await reset(token)).status).toBe(200);
  });

  it("refuses breached passwords and those containing the user's address or name, saying why in en/fr/es", async () => {
    const user = await newUser({ firstName: "Hélène", lastName: "Marchetti" });
    const { token } = await resetTokenFor(user.email);
    const common = {
      en: "This password is among the most often leaked and guessed ones: choose another.",
      fr: "Ce mot de passe fait partie des plus souvent divulgués et devinés : choisissez-en un autre.",
      es: "Esta contraseña es de las más filtradas y adivinadas: elija otra.",
    };
    for (const [lang, message] of Object.entries(common)) {
      for (const password of ["Password123!", "Welcome2024!"]) {
        const refused = await reset(token, password, password, lang);
        expect(refused.status, password).toBe(422);
        expect(refused.body.error.details).toEqual([{ field: "password", code: "password_common", message }]);
      }
    }
    const local = user.email.split("@")[0]!;
    for (const password of [`X1-${local}-Key!`, "Marchetti-Key-42", "H3lene-Key-42!"]) {
      const refused = await reset(token, password, password, "fr");
      expect(refused.status, password).toBe(422);
      expect(refused.body.error.details).toEqual([
        {
          field: "password",
          code: "password_personal",
          message: "Le mot de passe ne doit contenir ni votre adresse e-mail, ni votre nom, ni le nom du produit.",
        },
      ]);
    }
    // The link was not used up by the refusals.
    expect((await reset(token)).status).toBe(200);
  });

  it("tells the page whether a link still works, without using it up", async () => {
    const user = await newUser();
    const { token } = await resetTokenFor(user.email);
    const check = (value: string, lang?: string) =>
      suite.server.http.get(`/api/v1/auth/reset-password?token=${encodeURIComponent(value)}`, lang ? { lang } : {});
    expect((await check(token)).body).toEqual({ email: user.email });
    expect((await check(token)).status).toBe(200);
    const bogus = await check("not-a-real-token", "fr");
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.message).toBe("Ce lien est invalide ou a expiré.");
    expect((await reset(token)).status).toBe(200);
    // Used: the page says so too.
    expect((await check(token)).body.error.code).toBe("invalid_link");
  });

  it("refuses a made-up token", async () => {
    const response = await reset("not-a-real-token");
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_link");
    const french = await reset("not-a-real-token", NEW_PASSWORD, NEW_PASSWORD, "fr");
    expect(french.body.error.message).toBe("Ce lien est invalide ou a expiré.");
  });

  it("refuses the link of a user disabled since it was sent", async () => {
    const user = await newUser();
    const { token } = await resetTokenFor(user.email);
    await User.query(suite.server.db).patch({ isActive: false }).where({ id: user.id });
    expect((await reset(token)).body.error.code).toBe("invalid_link");
    await User.query(suite.server.db).patch({ isActive: true }).where({ id: user.id });
    // The refused use still used the link up.
    expect((await reset(token)).body.error.code).toBe("invalid_link");
  });

  it("a reset lifts the sign-in wait of the address", async () => {
    const user = await newUser();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: "Wrong-Password-42" });
    }
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(429);
    const { token } = await resetTokenFor(user.email);
    expect((await reset(token)).status).toBe(200);
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });
});
