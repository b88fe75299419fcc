import { describe, expect, it } from "vitest";
import { Account } from "../../../api/src/models/Account.ts";
import { Session } from "../../../api/src/models/Session.ts";
import { User } from "../../../api/src/models/User.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import {
  buildAccount,
  buildApiKey,
  buildUser,
  DEFAULT_PASSWORD,
  type BuildUserOptions,
} from "../../helpers/factories.ts";
import type { HttpResponse } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** "name=value; name2=value2" from the Set-Cookie headers (signature cookies included). */
function cookieHeader(response: HttpResponse): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

function setCookie(response: HttpResponse, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

function cookieValue(response: HttpResponse, name: string): string {
  return decodeURIComponent(
    setCookie(response, name)!
      .split(";")[0]!
      .slice(name.length + 1),
  );
}

describe.each(databaseKinds())("auth: sign-in, sessions and sign-out on %s", (kind) => {
  const suite = useTestServer(kind);

  async function organizer(overrides: Partial<BuildUserOptions> = {}) {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "organizer", ...overrides });
    return { account, user };
  }

  it("signs in with the right password: token, user, cookies and last login time", async () => {
    const { user } = await organizer({ email: "Mixed.Case@Example.com" });
    expect(user.lastLoginAt).toBeNull();
    const before = Date.now();

    // The address is matched whatever its case and surrounding spaces.
    const response = await suite.server.http.post("/api/v1/auth/login", {
      email: "  mixed.case@EXAMPLE.com ",
      password: DEFAULT_PASSWORD,
    });

    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^tss_/);
    expect(new Date(response.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    expect(response.body.user).toMatchObject({
      id: user.id,
      email: "Mixed.Case@Example.com",
      role: "organizer",
      isRegistered: true,
    });
    expect(response.body.user.abilities.update).toBe(true);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(DEFAULT_PASSWORD);
    expect(text).not.toMatch(/passwordHash|scrypt\$/);

    const session = setCookie(response, "tessera_session")!;
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).toMatch(/path=\//i);
    const csrf = setCookie(response, "tessera_csrf")!;
    expect(csrf).toBeDefined();
    expect(csrf).not.toMatch(/httponly/i);

    const stored = await User.query(suite.server.db).findById(user.id);
    expect(stored!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.user.lastLoginAt).toBe(stored!.lastLoginAt!.toISOString());

    // The bearer token works.
    const me = await suite.server.http.as(response.body.token).get("/api/v1/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it("cannot be driven by another site's page: JSON only, and no foreign Origin (login CSRF)", async () => {
    const { user } = await organizer();
    const url = `${suite.server.baseUrl}/api/v1/auth/login`;
    const credentials = { email: user.email, password: DEFAULT_PASSWORD };
    // What an HTML form of another site can post: URL-encoded, plain text or multipart, never JSON.
    const form = await fetch(url, { method: "POST", body: new URLSearchParams(credentials) });
    const text = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(credentials),
    });
    for (const response of [form, text]) {
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // A script of another site cannot send JSON without the browser naming the site.
    const foreign = await suite.server.http.post("/api/v1/auth/login", credentials, {
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("anti_forgery_failed");
    expect(foreign.headers.getSetCookie()).toEqual([]);
    // The app's own pages, and clients that are not browsers (no Origin), sign in.
    const own = await suite.server.http.post("/api/v1/auth/login", credentials, {
      headers: { Origin: suite.server.baseUrl },
    });
    expect(own.status).toBe(200);
    expect((await suite.server.http.post("/api/v1/auth/login", credentials)).status).toBe(200);
    expect(await Session.query(suite.server.db).where({ userId: user.id }).resultSize()).toBe(2);
  });

  it("over https names its cookies with the __Host- prefix: Secure, path /, no Domain", async () => {
    const { user } = await organizer();
    const publicUrl = suite.server.config.publicUrl;
    const origin = { Origin: suite.server.baseUrl };
    suite.server.config.publicUrl = "https://events.example.org";
    try {
      const login = await suite.server.http.post(
        "/api/v1/auth/login",
        { email: user.email, password: DEFAULT_PASSWORD },
        { headers: origin },
      );
      expect(login.status).toBe(200);
      for (const name of ["__Host-tessera_session", "__Host-tessera_csrf"]) {
        const cookie = setCookie(login, name);
        expect(cookie, name).toMatch(/; path=\/;/);
        expect(cookie, name).toMatch(/; secure/);
        expect(cookie, name).not.toMatch(/domain=/i);
      }
      expect(setCookie(login, "tessera_session")).toBeUndefined();
      const session = suite.server.http.withCookies(cookieHeader(login), cookieValue(login, "__Host-tessera_csrf"));
      expect((await session.get("/api/v1/auth/me")).status).toBe(200);
      const out = await session.post("/api/v1/auth/logout", undefined, { headers: origin });
      expect(out.status).toBe(200);
      expect(setCookie(out, "__Host-tessera_session")).toMatch(/expires=Thu, 01 Jan 1970/i);
    } finally {
      suite.server.config.publicUrl = publicUrl;
    }
  });

  it("carries the sign-in page's language over until the user chooses one in their profile", async () => {
    const { user } = await organizer({ language: "en" });
    const login = (language?: string) =>
      suite.server.http.post("/api/v1/auth/login", {
        email: user.email,
        password: DEFAULT_PASSWORD,
        ...(language ? { language } : {}),
      });
    // Signed in at /fr/admin: the back office and the emails are French from now on.
    const french = await login("fr");
    expect(french.status).toBe(200);
    expect(french.body.user.language).toBe("fr");
    expect((await User.query(suite.server.db).findById(user.id))!.language).toBe("fr");
    // At /admin (no language asked for) nothing changes.
    expect((await login()).body.user.language).toBe("fr");
    // Once the profile says English, the page no longer decides.
    const signedIn = suite.server.http.as(french.body.token as string);
    expect((await signedIn.post("/api/v1/profile", { language: "en" })).status).toBe(200);
    expect((await login("es")).body.user.language).toBe("en");
    // Even choosing the language it already had counts as a choice.
    const { user: other } = await organizer({ language: "fr" });
    const token = (
      await suite.server.http.post("/api/v1/auth/login", { email: other.email, password: DEFAULT_PASSWORD })
    ).body.token as string;
    expect((await suite.server.http.as(token).post("/api/v1/profile", { language: "fr" })).status).toBe(200);
    const again = await suite.server.http.post("/api/v1/auth/login", {
      email: other.email,
      password: DEFAULT_PASSWORD,
      language: "es",
    });
    expect(again.body.user.language).toBe("fr");
  });

  it("refuses every bad sign-in with the same 401 invalid_credentials", async () => {
    const { user } = await organizer();
    const invited = await organizer({ password: null });
    const disabledUser = await organizer({ isActive: false });
    const disabledAccount = await organizer();
    await Account.query(suite.server.db).patch({ isActive: false }).where({ id: disabledAccount.account.id });

    const attempts = [
      { email: "nobody-here@example.com", password: DEFAULT_PASSWORD },
      { email: user.email, password: "Wrong-Password-42" },
      { email: invited.user.email, password: DEFAULT_PASSWORD },
      { email: disabledUser.user.email, password: DEFAULT_PASSWORD },
      { email: disabledAccount.user.email, password: DEFAULT_PASSWORD },
    ];
    for (const body of attempts) {
      const response = await suite.server.http.post("/api/v1/auth/login", body);
      expect(response.status, body.email).toBe(401);
      expect(response.body.error).toMatchObject({ code: "invalid_credentials", message: "Invalid email or password." });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("says invalid credentials in French and Spanish", async () => {
    const body = { email: "nobody-fr@example.com", password: "Wrong-Password-42" };
    const french = await suite.server.http.post("/api/v1/auth/login", body, { lang: "fr-FR,fr;q=0.9" });
    expect(french.status).toBe(401);
    expect(french.body.error).toMatchObject({
      code: "invalid_credentials",
      message: "Email ou mot de passe invalide.",
    });
    const spanish = await suite.server.http.post("/api/v1/auth/login", body, { lang: "es" });
    expect(spanish.body.error).toMatchObject({
      code: "invalid_credentials",
      message: "Correo electrónico o contraseña no válidos.",
    });
  });

  it("validates the body: 422 with details", async () => {
    const missing = await suite.server.http.post("/api/v1/auth/login", {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe("incomplete_fields");
    expect(missing.body.error.message).toBe("Please complete all fields.");
    expect(missing.body.error.details).toEqual(
      expect.arrayContaining([
        { field: "email", code: "required", message: "This field is required." },
        { field: "password", code: "required", message: "This field is required." },
      ]),
    );

    const badCode = await suite.server.http.post("/api/v1/auth/login", {
      email: "a@example.com",
      password: "x",
      token: "12ab",
    });
    expect(badCode.status).toBe(422);
    expect(badCode.body.error.details).toEqual([expect.objectContaining({ field: "token" })]);

    const extra = await suite.server.http.post("/api/v1/auth/login", {
      email: "a@example.com",
      password: "x",
      admin: true,
    });
    expect(extra.status).toBe(422);
    expect(extra.body.error.details).toEqual([expect.objectContaining({ field: "admin", code: "unknown_field" })]);
  });

  it("logout revokes the session server-side: the same bearer token then gets 401", async () => {
    const { user } = await organizer();
    const login = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    const client = suite.server.http.as(login.body.token);
    expect((await client.get("/api/v1/auth/me")).status).toBe(200);

    const logout = await client.post("/api/v1/auth/logout");
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
    // The cookies are cleared too.
    expect(setCookie(logout, "tessera_session")).toMatch(/expires=Thu, 01 Jan 1970/i);

    const after = await client.get("/api/v1/auth/me");
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthenticated");
    const session = await Session.query(suite.server.db).where({ userId: user.id }).first();
    expect(session!.revokedAt).not.toBeNull();
  });

  it("logout needs a session", async () => {
    const response = await suite.server.http.post("/api/v1/auth/logout");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthenticated");
  });

  it("sessions expire when idle and at their absolute end", async () => {
    const { user } = await organizer();
    const idle = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    const absolute = await suite.server.http.post("/api/v1/auth/login", {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    const idleClient = suite.server.http.as(idle.body.token);
    const absoluteClient = suite.server.http.as(absolute.body.token);
    expect((await idleClient.get("/api/v1/auth/me")).status).toBe(200);
    expect((await absoluteClient.get("/api/v1/auth/me")).status).toBe(200);

    const sessions = await Session.query(suite.server.db).where({ userId: user.id }).orderBy("createdAt");
    expect(sessions).toHaveLength(2);
    const [idleSession, absoluteSession] = sessions as [Session, Session];
    const idleMs = suite.server.config.sessionIdleMinutes * 60_000;

    // Seen a minute less than the idle limit ago: still alive.
    await Session.query(suite.server.db)
      .patch({ lastSeenAt: new Date(Date.now() - idleMs + 60_000) })
      .where({ id: idleSession.id });
    expect((await idleClient.get("/api/v1/auth/me")).status).toBe(200);
    // Idle longer than the limit: gone.
    await Session.query(suite.server.db)
      .patch({ lastSeenAt: new Date(Date.now() - idleMs - 60_000) })
      .where({ id: idleSession.id });
    expect((await idleClient.get("/api/v1/auth/me")).status).toBe(401);

    // Used a moment ago but past its absolute end: gone.
    await Session.query(suite.server.db)
      .patch({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where({ id: absoluteSession.id });
    const expired = await absoluteClient.get("/api/v1/auth/me");
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("unauthenticated");
  });

  it("cookie sessions: writes need the X-CSRF-Token header, bearer requests do not", async () => {
    const { user } = await organizer();
    const login = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    const cookies = cookieHeader(login);
    const csrf = cookieValue(login, "tessera_csrf");

    // Reads need no header.
    const me = await suite.server.http.withCookies(cookies).get("/api/v1/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);

    const withoutHeader = await suite.server.http.withCookies(cookies).post("/api/v1/auth/logout");
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body.error.code).toBe("anti_forgery_failed");
    const wrongHeader = await suite.server.http.withCookies(cookies, "not-the-token").post("/api/v1/auth/logout");
    expect(wrongHeader.status).toBe(403);
    expect(wrongHeader.body.error.code).toBe("anti_forgery_failed");
    // Still signed in: the refused requests did nothing.
    expect((await suite.server.http.withCookies(cookies).get("/api/v1/auth/me")).status).toBe(200);

    const withHeader = await suite.server.http.withCookies(cookies, csrf).post("/api/v1/auth/logout");
    expect(withHeader.status).toBe(200);
    expect(withHeader.body).toEqual({ ok: true });
    // The cookie no longer signs in.
    expect((await suite.server.http.withCookies(cookies).get("/api/v1/auth/me")).status).toBe(401);

    // A bearer token needs no anti-forgery header.
    const bearer = await suite.server.http.post("/api/v1/auth/login", {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    const bearerLogout = await suite.server.http.as(bearer.body.token).post("/api/v1/auth/logout");
    expect(bearerLogout.status).toBe(200);
  });

  it("/auth/me: user, account and capabilities; 401 anonymous; 403 for an API key", async () => {
    const { account, user } = await organizer();
    const login = await suite.server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    const me = await suite.server.http.as(login.body.token).get("/api/v1/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, email: user.email, role: "organizer" });
    expect(me.body.account).toMatchObject({ id: account.id, name: account.name, twoFactorEnabled: false });
    expect(me.body.capabilities).toEqual(expect.arrayContaining(["events.create", "account.read"]));
    expect(me.body.capabilities).not.toContain("users.manage");
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);

    const administrator = await buildUser(suite.server.db, { accountId: null, role: "administrator" });
    const adminLogin = await suite.server.http.post("/api/v1/auth/login", {
      email: administrator.email,
      password: DEFAULT_PASSWORD,
    });
    const adminMe = await suite.server.http.as(adminLogin.body.token).get("/api/v1/auth/me");
    expect(adminMe.status).toBe(200);
    expect(adminMe.body.account).toBeNull();
    expect(adminMe.body.capabilities).toContain("platform.manage");

    const anonymous = await suite.server.http.get("/api/v1/auth/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthenticated");

    const { token } = await buildApiKey(suite.server.db, account.id, "organizer");
    const keyClient = suite.server.http.as(token);
    // The key works on a protected route of its account …
    const accountRead = await keyClient.get(`/api/v1/accounts/${account.id}`);
    expect(accountRead.status).toBe(200);
    expect(accountRead.body.id).toBe(account.id);
    // … but has no user to describe.
    const keyMe = await keyClient.get("/api/v1/auth/me");
    expect(keyMe.status).toBe(403);
    expect(keyMe.body.error.code).toBe("forbidden");
    const keyLogout = await keyClient.post("/api/v1/auth/logout");
    expect(keyLogout.status).toBe(403);
  });

  it("publishes the auth routes in the OpenAPI document", async () => {
    const response = await suite.server.http.get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const paths = response.body.paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const [path, method] of [
      ["/auth/login", "post"],
      ["/auth/logout", "post"],
      ["/auth/forgot-password", "post"],
      ["/auth/reset-password", "post"],
      ["/auth/invitation", "get"],
      ["/auth/register-admin", "post"],
      ["/auth/sending-token", "post"],
      ["/auth/me", "get"],
    ] as const) {
      const operation = Object.entries(paths).find(([key]) => key.endsWith(path))?.[1]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(["auth"]);
    }
  });
});
