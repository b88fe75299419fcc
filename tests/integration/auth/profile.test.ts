import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Session } from "../../../api/src/models/Session.ts";
import { CAST_MEMBERS, expectNoChange, type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, sessionTokenFor } from "../../helpers/factories.ts";
import { useCastServer, useTestServer } from "../../helpers/suite.ts";

/** Every signed-in user has a profile (whatever their account); an API key has none. */
const PROFILE_OWNERS: Record<CastMember, number> = {
  anonymous: 401,
  outsider: 200,
  outsiderOverseer: 200,
  reader: 200,
  editor: 200,
  organizer: 200,
  overseer: 200,
  administrator: 200,
  apiKey: 403,
};

const NEW_PASSWORD = "Brand-New-Pass-77";

describe.each(databaseKinds())("profile on %s", (kind) => {
  const suite = useCastServer(kind);

  describe.each([
    { name: "GET /profile", method: "GET", path: "/profile", body: undefined },
    { name: "POST /profile", method: "POST", path: "/profile", body: { lastName: "Renamed", language: "fr" } },
    {
      name: "POST /profile/password (wrong current password)",
      method: "POST",
      path: "/profile/password",
      body: { currentPassword: "not-it", password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
    },
  ])("$name", (row) => {
    it.each(CAST_MEMBERS)("as %s", async (member) => {
      let expected = PROFILE_OWNERS[member];
      if (row.path === "/profile/password" && expected === 200) expected = 422;
      const send = () => suite.cast.client(member).request(row.method, `/api/v1${row.path}`, { body: row.body });
      const response =
        expected >= 400 && row.method !== "GET" ? await expectNoChange(suite.server.db, send) : await send();
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      if (expected === 200) expect(response.body.id).toBe(suite.cast.userId(member));
      if (expected === 403) expect(response.body.error.code).toBe("forbidden");
    });
  });

  it("updates names (trimmed) and language and audits only real changes", async () => {
    const user = await buildUser(suite.server.db, { accountId: suite.cast.accountA.id, role: "editor" });
    const client = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    const updated = await client.post("/api/v1/profile", { firstName: "  Grace ", lastName: "Hopper", language: "es" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: "Grace", lastName: "Hopper", language: "es" });
    expect((await client.get("/api/v1/profile")).body).toMatchObject({ firstName: "Grace", language: "es" });
    await client.post("/api/v1/profile", { firstName: "Grace" });
    const entries = await AuditLog.query(suite.server.db).where({ subjectId: user.id, action: "user.profile_updated" });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ firstName: "Ada", lastName: "Lovelace", language: "en" });
    expect(entries[0]!.accountId).toBe(suite.cast.accountA.id);
    const blank = await expectNoChange(suite.server.db, () => client.post("/api/v1/profile", { lastName: "   " }));
    expect(blank.status).toBe(422);
    expect(blank.body.error.details[0]).toMatchObject({ field: "lastName", code: "required" });
    const extra = await expectNoChange(suite.server.db, () => client.post("/api/v1/profile", { role: "overseer" }));
    expect(extra.status).toBe(422);
  });

  describe("password change", () => {
    async function userWithTwoSessions() {
      const account = await buildAccount(suite.server.db);
      const user = await buildUser(suite.server.db, { accountId: account.id, role: "organizer" });
      const current = await sessionTokenFor(suite.server.db, suite.server.config, user);
      const other = await sessionTokenFor(suite.server.db, suite.server.config, user);
      return { user, current: suite.server.http.as(current), other: suite.server.http.as(other) };
    }

    it("refuses a wrong current password on currentPassword, in the caller's language", async () => {
      const { current } = await userWithTwoSessions();
      const response = await expectNoChange(suite.server.db, () =>
        current.post(
          "/api/v1/profile/password",
          { currentPassword: "Wrong-Password-1", password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
          { lang: "fr" },
        ),
      );
      expect(response.status).toBe(422);
      expect(response.body.error.details).toEqual([
        {
          field: "currentPassword",
          code: "wrong_current_password",
          message: "Le mot de passe actuel n'est pas correct.",
        },
      ]);
    });

    it("applies the password rule and the confirmation", async () => {
      const { current } = await userWithTwoSessions();
      const weak = await expectNoChange(suite.server.db, () =>
        current.post("/api/v1/profile/password", {
          currentPassword: DEFAULT_PASSWORD,
          password: "short",
          confirmation: "short",
        }),
      );
      expect(weak.status).toBe(422);
      expect(weak.body.error.details[0]).toMatchObject({ field: "password", code: "password_rule" });
      const mismatch = await expectNoChange(suite.server.db, () =>
        current.post("/api/v1/profile/password", {
          currentPassword: DEFAULT_PASSWORD,
          password: NEW_PASSWORD,
          confirmation: `${NEW_PASSWORD}x`,
        }),
      );
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.error.details[0]).toMatchObject({
        field: "confirmation",
        code: "passwords_do_not_match",
        message: "Passwords do not match",
      });
    });

    it("refuses a breached password or one containing the user's name", async () => {
      const { user, current } = await userWithTwoSessions();
      for (const [password, code] of [
        ["Password123!", "password_common"],
        [`${user.lastName}-Secret-42`, "password_personal"],
      ] as const) {
        const refused = await expectNoChange(suite.server.db, () =>
          current.post("/api/v1/profile/password", {
            currentPassword: DEFAULT_PASSWORD,
            password,
            confirmation: password,
          }),
        );
        expect(refused.status, password).toBe(422);
        expect(refused.body.error.details[0]).toMatchObject({ field: "password", code });
      }
    });

    it("changes the password, ends the other sessions, keeps this one, and audits it", async () => {
      const { user, current, other } = await userWithTwoSessions();
      const response = await current.post("/api/v1/profile/password", {
        currentPassword: DEFAULT_PASSWORD,
        password: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect((await current.get("/api/v1/profile")).status).toBe(200);
      expect((await other.get("/api/v1/profile")).status).toBe(401);
      const sessions = await Session.query(suite.server.db).where({ userId: user.id });
      expect(sessions.filter((session) => !session.revokedAt)).toHaveLength(1);

      const login = (password: string) => suite.server.http.post("/api/v1/auth/login", { email: user.email, password });
      expect((await login(DEFAULT_PASSWORD)).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);

      const entries = await AuditLog.query(suite.server.db).where({
        subjectId: user.id,
        action: "user.password_changed",
      });
      expect(entries).toHaveLength(1);
      expect(JSON.stringify(entries[0])).not.toContain("scrypt");
    });
  });
});

describe("password change throttling", () => {
  const suite = useTestServer("sqlite", { env: { THROTTLE_LOGIN_FAILURES_PER_EMAIL: "2" } });

  it("counts wrong current passwords as failed sign-ins of the address (429 past the limit)", async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "editor" });
    const client = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    const attempt = (currentPassword: string) =>
      client.post("/api/v1/profile/password", { currentPassword, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect((await attempt("Wrong-Guess-1")).status).toBe(422);
    expect((await attempt("Wrong-Guess-2")).status).toBe(422);
    const blocked = await attempt(DEFAULT_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("too_many_attempts");
  });
});
