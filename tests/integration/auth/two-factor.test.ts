import { describe, expect, it } from "vitest";
import { OneTimeToken } from "../../../api/src/models/OneTimeToken.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../../helpers/factories.ts";
import type { ParsedMail } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

function codeIn(mail: ParsedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** A different six-digit code. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe.each(databaseKinds())("auth: two-factor sign-in on %s", (kind) => {
  const suite = useTestServer(kind, {
    env: { THROTTLE_CODE_EMAILS_PER_USER: "3", THROTTLE_LOGIN_FAILURES_PER_EMAIL: "10" },
  });

  async function twoFactorUser() {
    const account = await buildAccount(suite.server.db, { twoFactorEnabled: true });
    return buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
  }

  function login(email: string, password: string, token?: string) {
    return suite.server.http.post(
      "/api/v1/auth/login",
      token === undefined ? { email, password } : { email, password, token },
    );
  }

  function sendCode(email: string, password = DEFAULT_PASSWORD) {
    return suite.server.http.post("/api/v1/auth/sending-token", { email, password });
  }

  async function emailedCode(email: string): Promise<string> {
    const sent = await sendCode(email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: true, expiresInMinutes: 10 });
    return codeIn(await suite.server.mailbox.waitFor(email, { subjectIncludes: "sign-in code" }));
  }

  it("full flow: password, code from the email, session", async () => {
    const user = await twoFactorUser();

    const withoutCode = await login(user.email, DEFAULT_PASSWORD);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.error).toMatchObject({
      code: "second_factor_required",
      message: "Enter the code we have just emailed you.",
    });
    expect(withoutCode.headers.getSetCookie()).toEqual([]);

    const code = await emailedCode(user.email);
    const mail = suite.server.mailbox.messages.at(-1)!;
    expect(mail.text).toContain("10");

    const wrong = await login(user.email, DEFAULT_PASSWORD, otherCode(code));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: "invalid_second_factor",
      message: "This code is invalid or has expired.",
    });

    // A right code never rescues a wrong password.
    const wrongPassword = await login(user.email, "Wrong-Password-42", code);
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe("invalid_credentials");

    const success = await login(user.email, DEFAULT_PASSWORD, code);
    expect(success.status).toBe(200);
    expect(success.body.token).toMatch(/^tss_/);
    expect(success.body.user.id).toBe(user.id);
    const me = await suite.server.http.as(success.body.token).get("/api/v1/auth/me");
    expect(me.body.account.twoFactorEnabled).toBe(true);

    // The code works once.
    const reused = await login(user.email, DEFAULT_PASSWORD, code);
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe("invalid_second_factor");
  });

  it("refuses wrong credentials on sending-token and sends nothing", async () => {
    const user = await twoFactorUser();
    const wrong = await sendCode(user.email, "Wrong-Password-42");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_credentials");
    const unknown = await sendCode("nobody-2fa@example.com");
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("invalid_credentials");
    await suite.server.deps.jobs.drain();
    const toUser = suite.server.mailbox.messages.filter((mail) => JSON.stringify(mail.to).includes(user.email));
    expect(toUser.map((mail) => mail.subject)).toEqual([]);
  });

  it("sends nothing for an account without two-factor sign-in", async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "organizer" });
    const response = await sendCode(user.email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sent: false, expiresInMinutes: 0 });
    // Its users sign in with the password alone (a code, if given, is ignored).
    expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("a code expires after 10 minutes, and a newer code replaces it", async () => {
    const user = await twoFactorUser();
    const first = await emailedCode(user.email);
    const stored = await OneTimeToken.query(suite.server.db)
      .where({ userId: user.id, purpose: "second_factor" })
      .first();
    // Issued with a lifetime of exactly this (created_at is stamped a moment after the expiry is computed).
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(10 * 60_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

    const second = await emailedCode(user.email);
    // The newer code replaces the first: it is the only live one left...
    const live = await OneTimeToken.query(suite.server.db)
      .where({ userId: user.id, purpose: "second_factor" })
      .whereNull("usedAt");
    expect(live.map((token) => token.id)).toHaveLength(1);
    expect(live[0]!.id).not.toBe(stored!.id);
    // ...and a different one (drawn at random: a repeat is a one-in-a-million chance, or a regression),
    // so the first code no longer signs in.
    expect(second).not.toBe(first);
    const withFirst = await login(user.email, DEFAULT_PASSWORD, first);
    expect(withFirst.status).toBe(401);
    expect(withFirst.body.error.code).toBe("invalid_second_factor");

    await OneTimeToken.query(suite.server.db)
      .patch({ expiresAt: new Date(Date.now() - 1000) })
      .where({ userId: user.id, purpose: "second_factor" });
    const expired = await login(user.email, DEFAULT_PASSWORD, second);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("invalid_second_factor");
  });

  it("a code dies after five wrong tries", async () => {
    const user = await twoFactorUser();
    const code = await emailedCode(user.email);
    let wrong = code;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      wrong = otherCode(wrong);
      expect((await login(user.email, DEFAULT_PASSWORD, wrong)).body.error.code).toBe("invalid_second_factor");
    }
    expect((await login(user.email, DEFAULT_PASSWORD, code)).body.error.code).toBe("invalid_second_factor");
  });

  it("limits the codes emailed to one user", async () => {
    const user = await twoFactorUser();
    for (let sent = 1; sent <= 3; sent += 1) await emailedCode(user.email);
    const refused = await sendCode(user.email);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("too_many_attempts");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
