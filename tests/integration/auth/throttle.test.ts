import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../api/src/app.ts";
import { createDb } from "../../../api/src/db/knex.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../../helpers/factories.ts";
import { HttpClient } from "../../helpers/http.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

const WRONG_PASSWORD = "Wrong-Password-42";

describe.each(databaseKinds())("auth: brute-force throttling on %s", (kind) => {
  /** Default limits: 5 free failures per account, then doubling delays; 100 per IP, 15 minutes. */
  let server: TestServer;
  /** Low limits, to reach the per-IP ones quickly: 5 sign-in failures, 2 reset requests per address. */
  let strict: TestServer;

  beforeAll(async () => {
    [server, strict] = await Promise.all([
      startTestServer({ kind }),
      startTestServer({
        kind,
        env: {
          THROTTLE_LOGIN_FAILURES_PER_IP: "5",
          THROTTLE_RESET_REQUESTS_PER_EMAIL: "2",
          THROTTLE_WINDOW_MINUTES: "30",
        },
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([server?.close(), strict?.close()]);
  });

  async function newUser(target: TestServer) {
    const account = await buildAccount(target.db);
    return buildUser(target.db, { accountId: account.id, role: "organizer" });
  }

  function login(target: TestServer, email: string, password: string, lang?: string) {
    return target.http.post("/api/v1/auth/login", { email, password }, lang ? { lang } : {});
  }

  function expectTooManyAttempts(response: Awaited<ReturnType<typeof login>>, minutes: number) {
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe("too_many_attempts");
    expect(response.body.error.message).toBe(
      `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    );
    const seconds = response.body.error.details.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThan((minutes - 1) * 60);
    expect(seconds).toBeLessThanOrEqual(minutes * 60);
    expect(response.headers.get("Retry-After")).toBe(String(seconds));
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const retryAfter = (response: Awaited<ReturnType<typeof login>>) =>
    response.body.error.details.retryAfterSeconds as number;
  /** The device cookie a sign-in set, as a browser sends it back. */
  const deviceCookieOf = (response: Awaited<ReturnType<typeof login>>) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.startsWith("tessera_device="));

  it("slows guessing at an account with doubling delays instead of locking it, in the caller's language", async () => {
    const user = await newUser(server);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(server, user.email, WRONG_PASSWORD);
      expect(response.status, `attempt ${attempt}`).toBe(401);
      expect(response.body.error.code).toBe("invalid_credentials");
    }
    // Past 5 free failures the next attempt waits a second, even with the right password, and the
    // address is matched normalized: another spelling does not escape the wait.
    expectTooManyAttempts(await login(server, user.email.toUpperCase(), DEFAULT_PASSWORD), 1);
    const waited = await login(server, user.email, DEFAULT_PASSWORD);
    expectTooManyAttempts(waited, 1);
    expect(retryAfter(waited)).toBe(1);
    const french = await login(server, user.email, DEFAULT_PASSWORD, "fr");
    expect(french.body.error.message).toBe("Trop de tentatives. Réessayez dans 1 minute.");
    const spanish = await login(server, user.email, DEFAULT_PASSWORD, "es");
    expect(spanish.body.error.message).toBe("Demasiados intentos. Vuelva a intentarlo dentro de 1 minuto.");
    // Asking for a sign-in code waits too.
    const code = await server.http.post("/api/v1/auth/sending-token", {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(code.status).toBe(429);

    // After the wait one more guess is taken; failing, it doubles the next wait.
    await pause(1_100);
    expect((await login(server, user.email, WRONG_PASSWORD)).status).toBe(401);
    expect(retryAfter(await login(server, user.email, DEFAULT_PASSWORD))).toBe(2);
    // Another address from the same IP is not affected.
    const other = await newUser(server);
    expect((await login(server, other.email, DEFAULT_PASSWORD)).status).toBe(200);
    // The owner is only slowed, never locked out: after the wait the right password signs in.
    await pause(2_100);
    expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("lets the owner sign in from a device the account used while someone elsewhere guesses", async () => {
    const user = await newUser(server);
    const first = await login(server, user.email, DEFAULT_PASSWORD);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    for (let attempt = 1; attempt <= 8; attempt += 1) await login(server, user.email, WRONG_PASSWORD);
    expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(429);

    const fromDevice = server.http.withCookies(device!);
    const owner = await fromDevice.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(owner.status).toBe(200);
    // The guessing elsewhere still waits: the owner's sign-in did not forgive it.
    expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(429);

    // A device cookie is the account's own: the attacker's cookie from another account does not help,
    // and a forged one is worth nothing.
    const attacker = await newUser(server);
    const attackerDevice = deviceCookieOf(await login(server, attacker.email, DEFAULT_PASSWORD))!;
    for (const cookie of [attackerDevice, `${device!.slice(0, -4)}AAAA`]) {
      const borrowed = await server.http
        .withCookies(cookie)
        .post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD });
      expect(borrowed.status).toBe(429);
    }

    // The device's own failures are counted apart, and slow that device down too.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const guess = await fromDevice.post("/api/v1/auth/login", { email: user.email, password: WRONG_PASSWORD });
      expect(guess.status, `attempt ${attempt}`).toBe(401);
    }
    expect(
      (await fromDevice.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(429);
  });

  it("a successful sign-in resets the account's failures", async () => {
    const user = await newUser(server);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await login(server, user.email, WRONG_PASSWORD)).status).toBe(401);
      }
      expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(200);
    }
    // 8 failures in all, yet never slowed; the count starts again from the last success.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(server, user.email, WRONG_PASSWORD)).status).toBe(401);
    }
    expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it("records sign-ins, failures and delays with who and from where", async () => {
    const user = await newUser(server);
    const headers = { "User-Agent": "Audit-Test/1.0" };
    await server.http.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD }, { headers });
    for (let attempt = 1; attempt <= 6; attempt += 1)
      await server.http.post("/api/v1/auth/login", { email: user.email, password: WRONG_PASSWORD }, { headers });
    await server.http.post("/api/v1/auth/login", { email: "nobody-here@example.com", password: WRONG_PASSWORD });
    const entries = await AuditLog.query(server.db).where({ subjectId: user.id }).orderBy("createdAt");
    const actions = entries.map((entry) => entry.action);
    expect(actions.filter((action) => action === "user.signed_in")).toHaveLength(1);
    expect(actions.filter((action) => action === "user.sign_in_failed")).toHaveLength(5);
    expect(actions.filter((action) => action === "user.sign_in_delayed")).toHaveLength(1);
    for (const entry of entries) {
      expect(entry.accountId).toBe(user.accountId);
      expect(entry.ip).toBe("127.0.0.1");
      const after = entry.after!;
      expect(after.userAgent).toBe("Audit-Test/1.0");
      expect(JSON.stringify(after)).not.toContain(WRONG_PASSWORD);
    }
    const unknown = await AuditLog.query(server.db).where({ action: "user.sign_in_failed" }).whereNull("subjectId");
    expect(unknown.some((entry) => entry.after?.email === "nobody-here@example.com")).toBe(true);
  });

  it("blocks an IP after its failures across many addresses", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(strict, `guess-${attempt}@example.com`, WRONG_PASSWORD);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    // A real user with the right password, from the blocked IP.
    const user = await newUser(strict);
    expectTooManyAttempts(await login(strict, user.email, DEFAULT_PASSWORD), 30);
  });

  it("behind proxies, takes the address the outermost trusted one saw, not one the client wrote", async () => {
    // The strict server's deps behind one proxy, then two (TRUST_PROXY=1, 2).
    async function behindProxies(proxyHops: number) {
      const app: Server = createApp({ ...strict.deps, config: { ...strict.config, proxyHops } }).listen(0, "127.0.0.1");
      await new Promise<void>((resolve) => app.once("listening", () => resolve()));
      const http = new HttpClient(`http://127.0.0.1:${(app.address() as AddressInfo).port}`);
      const close = () => new Promise<void>((resolve) => app.close(() => resolve()));
      return { http, close };
    }
    const viaProxy = (http: HttpClient, forwardedFor: string, email: string, password: string) =>
      http.post("/api/v1/auth/login", { email, password }, { headers: { "X-Forwarded-For": forwardedFor } });

    const oneProxy = await behindProxies(1);
    try {
      // An attacker writes a new address in front of the one the proxy appends, each time.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await viaProxy(
          oneProxy.http,
          `198.51.100.${attempt}, 203.0.113.7`,
          `spoof-${attempt}@x.org`,
          WRONG_PASSWORD,
        );
        expect(response.status, `attempt ${attempt}`).toBe(401);
      }
      const user = await newUser(strict);
      expectTooManyAttempts(
        await viaProxy(oneProxy.http, "198.51.100.99, 203.0.113.7", user.email, DEFAULT_PASSWORD),
        30,
      );
      // Another client behind the same proxy is not blocked, and its session records where it came from.
      const other = await viaProxy(oneProxy.http, "203.0.113.8", user.email, DEFAULT_PASSWORD);
      expect(other.status).toBe(200);
    } finally {
      await oneProxy.close();
    }

    const twoProxies = await behindProxies(2);
    try {
      const user = await newUser(strict);
      const response = await viaProxy(
        twoProxies.http,
        "198.51.100.1, 203.0.113.9, 10.0.0.2",
        user.email,
        DEFAULT_PASSWORD,
      );
      expect(response.status).toBe(200);
      const sessions = await strict.db("sessions").where({ userId: user.id }).select("ip");
      expect(sessions.map((session: { ip: string }) => session.ip)).toEqual(["203.0.113.9"]);
    } finally {
      await twoProxies.close();
    }
  });

  it("drops password-reset requests over the limit silently (same answer, no email)", async () => {
    const user = await newUser(strict);
    for (let request = 1; request <= 3; request += 1) {
      const response = await strict.http.post("/api/v1/auth/forgot-password", { email: user.email });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    }
    await strict.mailbox.waitFor(user.email);
    await strict.mailbox.waitFor(user.email);
    // A later sentinel request for another user has been delivered: the third one was never sent.
    const sentinel = await newUser(strict);
    await strict.http.post("/api/v1/auth/forgot-password", { email: sentinel.email });
    await strict.mailbox.waitFor(sentinel.email);
    await strict.deps.jobs.drain();
    const toUser = strict.mailbox.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes(user.email));
    expect(toUser).toHaveLength(2);
  });

  it.runIf(kind === "postgres")("keeps the counters in PostgreSQL, shared by every API process", async () => {
    // A second API process on the same database: its own app, deps and connection pool.
    const otherDb = createDb({ databaseUrl: server.config.databaseUrl, sqliteFile: ":memory:" });
    const other: Server = createApp({ ...server.deps, db: otherDb }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => other.once("listening", () => resolve()));
    const otherHttp = new HttpClient(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
    try {
      const user = await newUser(server);
      // Failures split between the two processes add up.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const client = attempt % 2 ? server.http : otherHttp;
        expect((await client.post("/api/v1/auth/login", { email: user.email, password: WRONG_PASSWORD })).status).toBe(
          401,
        );
      }
      expect(
        (await otherHttp.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
      ).toBe(429);
      expect((await login(server, user.email, DEFAULT_PASSWORD)).status).toBe(429);

      const rows = await server.db("rate_limits").select("key", "points", "expire");
      expect(rows.length).toBeGreaterThan(0);
      // Addresses are stored hashed.
      expect(JSON.stringify(rows)).not.toContain(user.email);

      // Once the wait has run out (moved into the past), the right password works again.
      await server
        .db("rate_limits")
        .where("key", "like", "login_delay:%")
        .update({ expire: Date.now() - 1000 });
      expect(
        (await otherHttp.post("/api/v1/auth/login", { email: user.email, password: DEFAULT_PASSWORD })).status,
      ).toBe(200);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
      other.closeAllConnections();
      await otherDb.destroy();
    }
  });
});
