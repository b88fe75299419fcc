import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Team } from "../../../api/src/models/Team.ts";
import { User } from "../../../api/src/models/User.ts";
import { peekLinkToken } from "../../../api/src/services/auth/oneTimeTokens.ts";
import { deleteUser } from "../../../api/src/services/accounts/users.ts";
import { createScope } from "../../../api/src/services/scope.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useCastServer } from "../../helpers/suite.ts";

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe.each(databaseKinds())("platform administration on %s", (kind) => {
  const suite = useCastServer(kind);
  let admin: HttpClient;

  beforeAll(async () => {
    admin = suite.cast.users.administrator.http;
  });

  const auditOf = (subjectId: string, action: string) =>
    AuditLog.query(suite.server.db).where({ subjectId, action }).orderBy("createdAt");

  describe("POST /administrators", () => {
    it("creates a platform administrator with no account and emails the invitation", async () => {
      const address = email("platform");
      const response = await admin.post("/api/v1/administrators", {
        email: address,
        firstName: "Pat",
        lastName: "Form",
        role: "administrator",
        language: "fr",
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        accountId: null,
        role: "administrator",
        isRegistered: false,
        language: "fr",
      });
      const mail = await suite.server.mailbox.waitFor(address);
      const link = linksIn(mail).find((candidate) => candidate.includes("/fr/admin/register-admin?token="));
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get("token")!;
      expect((await peekLinkToken(suite.server.db, token, "registration"))?.userId).toBe(response.body.id);
      const [created] = await auditOf(response.body.id, "user.created");
      expect(created).toMatchObject({ accountId: null, actorUserId: suite.cast.users.administrator.user.id });
      expect(await auditOf(response.body.id, "user.invited")).toHaveLength(1);
    });

    it("creates a user of an existing account", async () => {
      const response = await admin.post("/api/v1/administrators", {
        email: email("member"),
        firstName: "Mem",
        lastName: "Ber",
        role: "overseer",
        accountId: suite.cast.accountB.id,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ accountId: suite.cast.accountB.id, role: "overseer" });
    });

    it("requires an existing account for every role but administrator, and none for administrators", async () => {
      const base = { email: email("bad"), firstName: "No", lastName: "Account" };
      const missing = await expectNoChange(suite.server.db, () =>
        admin.post("/api/v1/administrators", { ...base, role: "editor" }),
      );
      expect(missing.status).toBe(422);
      expect(missing.body.error).toMatchObject({
        code: "incomplete_fields",
        message: "Please complete all fields.",
        details: [{ field: "accountId", code: "required", message: "This field is required." }],
      });
      const unknown = await expectNoChange(suite.server.db, () =>
        admin.post("/api/v1/administrators", { ...base, role: "editor", accountId: randomUUID() }, { lang: "fr" }),
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.details).toEqual([
        { field: "accountId", code: "invalid_value", message: "Cette valeur n'est pas valide." },
      ]);
      const adminWithAccount = await expectNoChange(suite.server.db, () =>
        admin.post("/api/v1/administrators", { ...base, role: "administrator", accountId: suite.cast.accountA.id }),
      );
      expect(adminWithAccount.status).toBe(422);
      expect(adminWithAccount.body.error.details[0]).toMatchObject({ field: "accountId", code: "invalid_value" });
      const badEmail = await admin.post(
        "/api/v1/administrators",
        { ...base, email: "nope", role: "administrator" },
        { lang: "fr" },
      );
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.error.message).toBe("Le format de l'email est incorrect.");
    });

    it("refuses an email already used where the user would be (409 email_taken)", async () => {
      const asAdministrator = () =>
        admin.post("/api/v1/administrators", {
          email: suite.cast.users.administrator.user.email,
          firstName: "A",
          lastName: "B",
          role: "administrator",
        });
      const intoAccount = () =>
        admin.post("/api/v1/administrators", {
          email: suite.cast.users.reader.user.email,
          firstName: "A",
          lastName: "B",
          role: "editor",
          accountId: suite.cast.accountA.id,
        });
      for (const request of [asAdministrator, intoAccount]) {
        const response = await expectNoChange(suite.server.db, request);
        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe("email_taken");
      }
    });
  });

  describe("GET /administrators", () => {
    it("lists every user of the platform with search, account and role filters and pagination", async () => {
      const all = await admin.get("/api/v1/administrators?perPage=200");
      expect(all.status).toBe(200);
      const ids = all.body.data.map((user: { id: string }) => user.id);
      for (const member of Object.values(suite.cast.users)) expect(ids).toContain(member.user.id);
      expect(all.body.pagination.total).toBe(await User.query(suite.server.db).resultSize());

      const ofB = await admin.get(`/api/v1/administrators?accountId=${suite.cast.accountB.id}&perPage=200`);
      expect(ofB.body.data.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ofB.body.data.map((user: { accountId: string }) => user.accountId))).toEqual(
        new Set([suite.cast.accountB.id]),
      );

      const admins = await admin.get("/api/v1/administrators?role=administrator&perPage=200");
      expect(admins.body.data.length).toBeGreaterThan(0);
      for (const user of admins.body.data) expect(user).toMatchObject({ role: "administrator", accountId: null });

      const byEmail = await admin.get(
        `/api/v1/administrators?search=${encodeURIComponent(suite.cast.users.editor.user.email.toUpperCase())}`,
      );
      expect(byEmail.body.data.map((user: { id: string }) => user.id)).toEqual([suite.cast.users.editor.user.id]);

      const page = await admin.get("/api/v1/administrators?perPage=2&page=2");
      expect(page.body.pagination).toMatchObject({ page: 2, perPage: 2 });
      expect(page.body.data).toHaveLength(2);
      expect(page.body.data.map((user: { id: string }) => user.id)).toEqual(
        all.body.data.slice(2, 4).map((user: { id: string }) => user.id),
      );

      expect((await admin.get("/api/v1/administrators?accountId=nope")).status).toBe(422);
    });
  });

  describe("POST /administrators/{id}", () => {
    it("updates names, language and role, auditing what changed", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "editor",
        email: email("upd"),
      });
      const response = await admin.post(`/api/v1/administrators/${target.id}`, {
        firstName: "New",
        language: "es",
        role: "organizer",
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        firstName: "New",
        language: "es",
        role: "organizer",
        accountId: suite.cast.accountA.id,
      });
      const [updated] = await auditOf(target.id, "user.updated");
      expect(updated).toMatchObject({
        before: { firstName: target.firstName, language: "en", role: "editor" },
        after: { firstName: "New", language: "es", role: "organizer" },
      });
    });

    it("moves a user to another account, out of the old account's teams", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "organizer",
        email: email("move"),
      });
      const team = await Team.query(suite.server.db).insertAndFetch({
        accountId: suite.cast.accountA.id,
        name: `Team ${randomUUID()}`,
      });
      await suite.server
        .db("teamMembers")
        .insert({ teamId: team.id, userId: target.id, createdAt: new Date().toISOString() });
      const response = await admin.post(`/api/v1/administrators/${target.id}`, { accountId: suite.cast.accountB.id });
      expect(response.status).toBe(200);
      expect(response.body.accountId).toBe(suite.cast.accountB.id);
      expect(await suite.server.db("teamMembers").where({ userId: target.id })).toEqual([]);
      const trail = await auditOf(target.id, "user.updated");
      expect(trail.map((entry) => entry.accountId).sort()).toEqual(
        [suite.cast.accountA.id, suite.cast.accountB.id].sort(),
      );
      for (const entry of trail) {
        expect(entry).toMatchObject({
          before: { accountId: suite.cast.accountA.id },
          after: { accountId: suite.cast.accountB.id },
        });
      }
      expect(
        (
          await suite.cast.users.overseer.http.get(
            `/api/v1/accounts/${suite.cast.accountA.id}/administrators/${target.id}`,
          )
        ).status,
      ).toBe(404);
    });

    it("keeps role and account consistent", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "reader",
        email: email("promote"),
      });
      const refused = await expectNoChange(suite.server.db, () =>
        admin.post(`/api/v1/administrators/${target.id}`, { role: "administrator", accountId: suite.cast.accountA.id }),
      );
      expect(refused.status).toBe(422);
      const promoted = await admin.post(`/api/v1/administrators/${target.id}`, { role: "administrator" });
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ role: "administrator", accountId: null });
      const noAccount = await expectNoChange(suite.server.db, () =>
        admin.post(`/api/v1/administrators/${target.id}`, { role: "editor" }),
      );
      expect(noAccount.status).toBe(422);
      expect(noAccount.body.error.details[0]).toMatchObject({ field: "accountId", code: "required" });
      const unknownAccount = await expectNoChange(suite.server.db, () =>
        admin.post(`/api/v1/administrators/${target.id}`, { role: "editor", accountId: randomUUID() }),
      );
      expect(unknownAccount.status).toBe(422);
      const demoted = await admin.post(`/api/v1/administrators/${target.id}`, {
        role: "editor",
        accountId: suite.cast.accountB.id,
      });
      expect(demoted.status).toBe(200);
      expect(demoted.body).toMatchObject({ role: "editor", accountId: suite.cast.accountB.id });
    });

    it("deactivating a user ends their sessions at once", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "organizer",
        email: email("off"),
      });
      const client = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, target));
      expect((await client.get(`/api/v1/accounts/${suite.cast.accountA.id}`)).status).toBe(200);
      const response = await admin.post(`/api/v1/administrators/${target.id}`, { isActive: false });
      expect(response.status).toBe(200);
      expect(response.body.isActive).toBe(false);
      expect((await client.get(`/api/v1/accounts/${suite.cast.accountA.id}`)).status).toBe(401);
      const live = await suite.server.db("sessions").where({ userId: target.id }).whereNull("revokedAt");
      expect(live).toEqual([]);
      const [updated] = await auditOf(target.id, "user.updated");
      expect(updated).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    });

    it("lets administrators rename themselves but not change their own role, account or activity", async () => {
      const me = suite.cast.users.administrator.user.id;
      expect((await admin.post(`/api/v1/administrators/${me}`, { lastName: "Self" })).status).toBe(200);
      for (const body of [{ isActive: false }, { role: "overseer", accountId: suite.cast.accountA.id }]) {
        const response = await expectNoChange(suite.server.db, () => admin.post(`/api/v1/administrators/${me}`, body));
        expect(response.status).toBe(403);
      }
    });

    it("answers 404 for an unknown user", async () => {
      expect((await admin.post(`/api/v1/administrators/${randomUUID()}`, { firstName: "X" })).status).toBe(404);
      expect((await admin.delete(`/api/v1/administrators/${randomUUID()}`)).status).toBe(404);
      expect((await admin.get(`/api/v1/administrators/${randomUUID()}/accounts`)).status).toBe(404);
    });
  });

  describe("DELETE /administrators/{id}", () => {
    it("refuses deleting oneself (409 cannot_delete_self)", async () => {
      const response = await expectNoChange(suite.server.db, () =>
        admin.delete(`/api/v1/administrators/${suite.cast.users.administrator.user.id}`, { lang: "fr" }),
      );
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "cannot_delete_self",
        message: "Vous ne pouvez pas supprimer votre propre utilisateur.",
      });
    });

    it("deletes a user of any account and audits it", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountB.id,
        role: "organizer",
        email: email("del"),
      });
      const response = await admin.delete(`/api/v1/administrators/${target.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect(await User.query(suite.server.db).findById(target.id)).toBeUndefined();
      const [deleted] = await auditOf(target.id, "user.deleted");
      expect(deleted).toMatchObject({ accountId: suite.cast.accountB.id, before: { email: target.email } });
    });

    it("never removes the last active platform administrator", async () => {
      // Through HTTP the caller is always another active administrator; the guard matters when two
      // administrators remove each other at the same moment: exactly one of them stays.
      const first = await buildUser(suite.server.db, { accountId: null, role: "administrator", email: email("first") });
      const second = await buildUser(suite.server.db, {
        accountId: null,
        role: "administrator",
        email: email("second"),
      });
      const others = await User.query(suite.server.db)
        .where({ role: "administrator" })
        .whereNotIn("id", [first.id, second.id]);
      await User.query(suite.server.db)
        .patch({ isActive: false })
        .whereIn(
          "id",
          others.map((user) => user.id),
        );
      try {
        const firstClient = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, first));
        const secondClient = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, second));
        const [a, b] = await Promise.all([
          firstClient.delete(`/api/v1/administrators/${second.id}`),
          secondClient.delete(`/api/v1/administrators/${first.id}`),
        ]);
        const statuses = [a.status, b.status].sort();
        expect(statuses[0]).toBe(200);
        expect([401, 409]).toContain(statuses[1]); // refused, or its caller was already gone
        expect(await User.query(suite.server.db).where({ role: "administrator", isActive: true }).resultSize()).toBe(1);

        // The service refuses it whoever asks: here the other administrator, calling it directly.
        const survivor = a.status === 200 ? first : second;
        const other = survivor === first ? second : first;
        const scope = createScope(suite.server.deps, {
          actor: {
            kind: "user",
            id: other.id,
            role: "administrator",
            accountId: null,
            user: other,
            sessionId: randomUUID(),
            via: "bearer",
          },
          requestId: "test",
          clientAddress: "127.0.0.1",
        });
        await expect(deleteUser(scope, survivor.id, { accountId: null })).rejects.toMatchObject({
          code: "last_administrator",
          status: 409,
        });
        expect(await User.query(suite.server.db).findById(survivor.id)).toBeDefined();
      } finally {
        await User.query(suite.server.db)
          .patch({ isActive: true })
          .whereIn(
            "id",
            others.map((user) => user.id),
          );
      }
    });
  });

  describe("GET /administrators/{id}/accounts", () => {
    it("gives a platform administrator every account and anyone else their own", async () => {
      const extra = await buildAccount(suite.server.db, { name: `Extra ${randomUUID()}` });
      const ofAdmin = await admin.get(`/api/v1/administrators/${suite.cast.users.administrator.user.id}/accounts`);
      expect(ofAdmin.status).toBe(200);
      const ids = ofAdmin.body.data.map((account: { id: string }) => account.id);
      expect(ids).toEqual(expect.arrayContaining([suite.cast.accountA.id, suite.cast.accountB.id, extra.id]));
      expect(ids).toHaveLength(
        await suite.server
          .db("accounts")
          .count({ n: "*" })
          .then((rows) => Number(rows[0]!.n)),
      );
      const ofReader = await admin.get(`/api/v1/administrators/${suite.cast.users.reader.user.id}/accounts`);
      expect(ofReader.body).toMatchObject({ data: [{ id: suite.cast.accountA.id, abilities: { update: true } }] });
      expect(ofReader.body.data).toHaveLength(1);
    });
  });

  describe("accounts of the platform", () => {
    it("creates an account with its limits, audited", async () => {
      const response = await admin.post("/api/v1/accounts", {
        name: "  Fresh Co  ",
        maxOrganizers: 5,
        maxEvents: 10,
        maxCampaignsPerEvent: 3,
        eventRetentionDays: 365,
        twoFactorEnabled: true,
        defaultPlatformDomain: "fresh.example.com",
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: "Fresh Co",
        maxOrganizers: 5,
        maxEvents: 10,
        maxCampaignsPerEvent: 3,
        eventRetentionDays: 365,
        twoFactorEnabled: true,
        multilang: false,
        defaultPlatformDomain: "fresh.example.com",
        isActive: true,
        abilities: { update: true, updateLimits: true },
      });
      const [created] = await auditOf(response.body.id, "account.created");
      expect(created).toMatchObject({
        accountId: response.body.id,
        before: null,
        after: { name: "Fresh Co", maxOrganizers: 5 },
      });

      const invalid = await admin.post(
        "/api/v1/accounts",
        { name: "", defaultPlatformDomain: "not a domain", maxEvents: 1.5 },
        { lang: "fr" },
      );
      expect(invalid.status).toBe(422);
      expect(invalid.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
        "defaultPlatformDomain",
        "maxEvents",
        "name",
      ]);
    });

    it("lists accounts with search and pagination", async () => {
      const tag = `Searchable${randomUUID().slice(0, 6)}`;
      for (const suffix of ["b", "a", "c"]) await buildAccount(suite.server.db, { name: `${tag} ${suffix}` });
      const found = await admin.get(`/api/v1/accounts?search=${tag.toLowerCase()}`);
      expect(found.status).toBe(200);
      expect(found.body.data.map((account: { name: string }) => account.name)).toEqual([
        `${tag} a`,
        `${tag} b`,
        `${tag} c`,
      ]);
      const second = await admin.get(`/api/v1/accounts?search=${tag}&perPage=1&page=2`);
      expect(second.body).toMatchObject({
        data: [{ name: `${tag} b` }],
        pagination: { page: 2, perPage: 1, total: 3 },
      });
    });
  });

  it("publishes every route of the area with tags and schemas in the OpenAPI document", async () => {
    const document = (await suite.server.http.get("/api/v1/openapi.json")).body;
    const operations = [
      ["/api/v1/administrators", "get"],
      ["/api/v1/administrators", "post"],
      ["/api/v1/administrators/{id}", "post"],
      ["/api/v1/administrators/{id}", "delete"],
      ["/api/v1/administrators/{id}/accounts", "get"],
      ["/api/v1/accounts", "get"],
      ["/api/v1/accounts", "post"],
      ["/api/v1/accounts/{a}", "get"],
      ["/api/v1/accounts/{a}", "post"],
      ["/api/v1/accounts/{a}/administrators", "get"],
      ["/api/v1/accounts/{a}/administrators", "post"],
      ["/api/v1/accounts/{a}/administrators/{id}", "get"],
      ["/api/v1/accounts/{a}/administrators/{id}", "put"],
      ["/api/v1/accounts/{a}/administrators/{id}", "delete"],
      ["/api/v1/accounts/{a}/administrators/{id}/invite", "post"],
    ] as const;
    for (const [path, method] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags.length).toBeGreaterThan(0);
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))![1] as {
        content?: unknown;
      };
      expect(success.content, `${method} ${path} response schema`).toBeDefined();
      if (path.includes("{"))
        expect(operation.parameters, `${method} ${path} path parameters`).toContainEqual(
          expect.objectContaining({ in: "path" }),
        );
      if (method !== "get" && method !== "delete" && !path.endsWith("/invite"))
        expect(operation.requestBody).toBeDefined();
    }
  });
});
