import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { OneTimeToken } from "../../../api/src/models/OneTimeToken.ts";
import { User } from "../../../api/src/models/User.ts";
import { issueLinkToken } from "../../../api/src/services/auth/oneTimeTokens.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

const PASSWORD = "Welcome-Aboard-2026";

describe.each(databaseKinds())("auth: completing an invitation on %s", (kind) => {
  const suite = useTestServer(kind);

  /** An invited user (no password, not registered) and the token of their invitation link. */
  async function invite() {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, {
      accountId: account.id,
      role: "editor",
      password: null,
      firstName: "Grace",
      lastName: "Hopper",
    });
    const token = await issueLinkToken(suite.server.db, user.id, "registration");
    return { account, user, token };
  }

  function register(body: Record<string, unknown>, lang?: string) {
    return suite.server.http.post("/api/v1/auth/register-admin", body, lang ? { lang } : {});
  }

  it("refuses a breached password, or one containing the names given in the form, and keeps the link", async () => {
    const { token } = await invite();
    const body = { token, firstName: "Ada", lastName: "Lovelace" };
    const common = await register({ ...body, password: "Welcome2024!", confirmation: "Welcome2024!" }, "es");
    expect(common.status).toBe(422);
    expect(common.body.error.details).toEqual([
      {
        field: "password",
        code: "password_common",
        message: "Esta contraseña es de las más filtradas y adivinadas: elija otra.",
      },
    ]);
    const personal = await register({ ...body, password: "Lovelace-1815-X", confirmation: "Lovelace-1815-X" });
    expect(personal.body.error.details[0]).toMatchObject({ field: "password", code: "password_personal" });
    expect((await register({ ...body, password: PASSWORD, confirmation: PASSWORD })).status).toBe(200);
  });

  it("prefills the form, completes the invitation once, then the user signs in", async () => {
    const { user, token } = await invite();

    const invitation = await suite.server.http.get(`/api/v1/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(invitation.status).toBe(200);
    expect(invitation.body).toEqual({ email: user.email, firstName: "Grace", lastName: "Hopper" });

    // Not registered yet: cannot sign in.
    expect((await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: PASSWORD })).status).toBe(
      401,
    );

    const response = await register({
      token,
      firstName: "Grace B.",
      lastName: "Murray Hopper",
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    const stored = await User.query(suite.server.db).findById(user.id);
    expect(stored).toMatchObject({ firstName: "Grace B.", lastName: "Murray Hopper" });
    expect(stored!.registeredAt).not.toBeNull();
    expect(stored!.passwordChangedAt).not.toBeNull();
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    const audit = await AuditLog.query(suite.server.db).where({ action: "user.registered", subjectId: user.id });
    expect(audit).toHaveLength(1);

    const login = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: user.id, firstName: "Grace B.", isRegistered: true, role: "editor" });
    expect(JSON.stringify(login.body)).not.toContain(PASSWORD);

    // Single use: the link is spent.
    const again = await register({
      token,
      firstName: "X",
      lastName: "Y",
      password: "Other-Password-11",
      confirmation: "Other-Password-11",
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("invalid_link");
    const prefill = await suite.server.http.get(`/api/v1/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(prefill.status).toBe(400);
    expect(prefill.body.error.code).toBe("invalid_link");
    expect((await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it("validates the password and the confirmation without spending the link", async () => {
    const { token } = await invite();
    const weak = await register({
      token,
      firstName: "Grace",
      lastName: "Hopper",
      password: "password",
      confirmation: "password",
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error.details).toEqual([expect.objectContaining({ field: "password", code: "password_rule" })]);

    const mismatch = await register(
      { token, firstName: "Grace", lastName: "Hopper", password: PASSWORD, confirmation: `${PASSWORD}!` },
      "fr",
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.details).toEqual([
      { field: "confirmation", code: "passwords_do_not_match", message: "Les mots de passe ne correspondent pas" },
    ]);

    const missingNames = await register({ token, password: PASSWORD, confirmation: PASSWORD });
    expect(missingNames.status).toBe(422);
    expect(missingNames.body.error.code).toBe("incomplete_fields");
    expect(missingNames.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      "firstName",
      "lastName",
    ]);

    expect(
      (await register({ token, firstName: "Grace", lastName: "Hopper", password: PASSWORD, confirmation: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it("refuses made-up, expired, wrong-purpose and already-registered links", async () => {
    const valid = { firstName: "A", lastName: "B", password: PASSWORD, confirmation: PASSWORD };

    const madeUp = await register({ ...valid, token: "made-up-token" });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.error).toMatchObject({ code: "invalid_link", message: "This link is invalid or has expired." });
    expect((await suite.server.http.get("/api/v1/auth/invitation?token=made-up-token")).status).toBe(400);
    expect((await suite.server.http.get("/api/v1/auth/invitation")).status).toBe(422);

    // An invitation lasts 7 days.
    const expired = await invite();
    await OneTimeToken.query(suite.server.db)
      .patch({ expiresAt: new Date(Date.now() - 1000) })
      .where({ userId: expired.user.id });
    expect(
      (await suite.server.http.get(`/api/v1/auth/invitation?token=${encodeURIComponent(expired.token)}`)).status,
    ).toBe(400);
    expect((await register({ ...valid, token: expired.token })).body.error.code).toBe("invalid_link");

    // A password-reset link is not an invitation.
    const account = await buildAccount(suite.server.db);
    const registered = await buildUser(suite.server.db, { accountId: account.id, role: "organizer" });
    const resetToken = await issueLinkToken(suite.server.db, registered.id, "password_reset");
    expect((await register({ ...valid, token: resetToken })).body.error.code).toBe("invalid_link");

    // An invitation of a user who is already registered cannot overwrite their password.
    const stale = await issueLinkToken(suite.server.db, registered.id, "registration");
    expect((await suite.server.http.get(`/api/v1/auth/invitation?token=${encodeURIComponent(stale)}`)).status).toBe(
      400,
    );
    expect((await register({ ...valid, token: stale })).body.error.code).toBe("invalid_link");
    expect(
      (await suite.server.http.post("/api/v1/auth/login", { email: registered.email, password: DEFAULT_PASSWORD }))
        .status,
    ).toBe(200);

    // The invitation of a disabled user is refused.
    const disabled = await invite();
    await User.query(suite.server.db).patch({ isActive: false }).where({ id: disabled.user.id });
    expect((await register({ ...valid, token: disabled.token })).body.error.code).toBe("invalid_link");
  });
});
