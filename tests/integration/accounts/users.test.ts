import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { User } from "../../../api/src/models/User.ts";
import { peekLinkToken } from "../../../api/src/services/auth/oneTimeTokens.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildApiKey, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useCastServer } from "../../helpers/suite.ts";

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe.each(databaseKinds())("account users on %s", (kind) => {
  const suite = useCastServer(kind);
  let usersPath: string;

  beforeAll(async () => {
    usersPath = `/api/v1/accounts/${suite.cast.accountA.id}/administrators`;
  });

  async function auditOf(subjectId: string, action: string) {
    return AuditLog.query(suite.server.db).where({ subjectId, action }).orderBy("createdAt");
  }

  /** The register-admin token of the invitation emailed to `to`, checked against the link's shape. */
  async function invitationToken(to: string, language: string): Promise<string> {
    const mail = await suite.server.mailbox.waitFor(to);
    const link = linksIn(mail).find((candidate) => candidate.includes("/admin/register-admin"));
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${suite.server.baseUrl}/${language}/admin/register-admin`);
    const token = url.searchParams.get("token");
    expect(token).toBeTruthy();
    return token!;
  }

  describe("creation and invitation", () => {
    it("creates an invited user, emails a register-admin link with a valid token, and audits both", async () => {
      const address = email("new.Editor");
      const response = await suite.cast.users.overseer.http.post(usersPath, {
        email: `  ${address.toUpperCase()} `.trim(),
        firstName: " Grace ",
        lastName: "Hopper",
        role: "editor",
        language: "fr",
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        accountId: suite.cast.accountA.id,
        email: address.toUpperCase(),
        firstName: "Grace",
        lastName: "Hopper",
        role: "editor",
        language: "fr",
        isActive: true,
        isRegistered: false,
        lastLoginAt: null,
        abilities: { update: true, changeRole: true, delete: true, invite: true },
      });
      expect(response.body).not.toHaveProperty("passwordHash");

      const row = await User.query(suite.server.db).findById(response.body.id);
      expect(row).toMatchObject({ emailNormalized: address.toLowerCase(), passwordHash: null, registeredAt: null });

      const token = await invitationToken(address, "fr");
      const peeked = await peekLinkToken(suite.server.db, token, "registration");
      expect(peeked?.userId).toBe(response.body.id);
      const mail = suite.server.mailbox.messages.find((message) => message.text?.includes(token));
      expect(mail?.text).toContain(suite.cast.accountA.name);

      const [created] = await auditOf(response.body.id, "user.created");
      expect(created).toMatchObject({
        accountId: suite.cast.accountA.id,
        actorUserId: suite.cast.users.overseer.user.id,
        subjectType: "user",
        before: null,
      });
      expect(created!.after).toMatchObject({ email: address.toUpperCase(), role: "editor", registeredAt: null });
      expect(created!.after).not.toHaveProperty("passwordHash");
      const [invited] = await auditOf(response.body.id, "user.invited");
      expect(invited).toMatchObject({
        accountId: suite.cast.accountA.id,
        actorUserId: suite.cast.users.overseer.user.id,
      });
      expect(JSON.stringify(invited!.after)).not.toContain(token);
    });

    it("writes the invitation in the request's language when none is given", async () => {
      const address = email("spanish");
      const response = await suite.cast.users.administrator.http.post(
        usersPath,
        { email: address, firstName: "Ana", lastName: "García", role: "reader" },
        { lang: "es" },
      );
      expect(response.status).toBe(201);
      expect(response.body.language).toBe("es");
      await invitationToken(address, "es");
    });

    it("refuses an address the account already uses (409 email_taken) and changes nothing", async () => {
      // Another account's address is answered as a new one (tests/integration/auth/several-accounts.test.ts).
      const taken = suite.cast.users.reader.user.email;
      const response = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.post(usersPath, {
          email: taken.toUpperCase(),
          firstName: "Dup",
          lastName: "Licate",
          role: "reader",
        }),
      );
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "email_taken",
        message: "This email address is already used.",
      });
    });

    it("lets an overseer API key create users, recorded as the key's doing", async () => {
      const { apiKey, token } = await buildApiKey(suite.server.db, suite.cast.accountA.id, "overseer");
      const address = email("by-key");
      const response = await suite.server.http
        .as(token)
        .post(usersPath, { email: address, firstName: "Key", lastName: "Made", role: "organizer" });
      expect(response.status).toBe(201);
      const [created] = await auditOf(response.body.id, "user.created");
      expect(created).toMatchObject({ actorApiKeyId: apiKey.id, actorUserId: null });
      const mail = await suite.server.mailbox.waitFor(address);
      expect(mail.text).toContain(suite.cast.accountA.name);
    });
  });

  describe("validation messages", () => {
    it("explains a bad email and missing fields in English", async () => {
      const badEmail = await suite.cast.users.overseer.http.post(usersPath, {
        email: "not-an-email",
        firstName: "A",
        lastName: "B",
        role: "reader",
      });
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.error).toMatchObject({
        code: "invalid_input",
        message: "Mail format is incorrect.",
        details: [{ field: "email", code: "email_format", message: "Mail format is incorrect." }],
      });

      const missing = await suite.cast.users.overseer.http.post(usersPath, { email: email("x"), firstName: "" });
      expect(missing.status).toBe(422);
      expect(missing.body.error.code).toBe("incomplete_fields");
      expect(missing.body.error.message).toBe("Please complete all fields.");
      expect(missing.body.error.details).toEqual(
        expect.arrayContaining([
          { field: "firstName", code: "required", message: "This field is required." },
          { field: "lastName", code: "required", message: "This field is required." },
          { field: "role", code: "required", message: "This field is required." },
        ]),
      );
    });

    it("explains them in French", async () => {
      const badEmail = await suite.cast.users.overseer.http.post(
        usersPath,
        { email: "pas-un-email", firstName: "A", lastName: "B", role: "reader" },
        { lang: "fr" },
      );
      expect(badEmail.body.error.message).toBe("Le format de l'email est incorrect.");
      expect(badEmail.body.error.details[0]).toMatchObject({
        field: "email",
        message: "Le format de l'email est incorrect.",
      });

      const missing = await suite.cast.users.overseer.http.post(usersPath, {}, { lang: "fr" });
      expect(missing.status).toBe(422);
      expect(missing.body.error.message).toBe("Veuillez remplir tous les champs.");
      expect(missing.body.error.details).toContainEqual({
        field: "email",
        code: "required",
        message: "Ce champ est obligatoire.",
      });
    });

    it("counts a name of spaces only as missing", async () => {
      const response = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.post(usersPath, {
          email: email("blank"),
          firstName: "   ",
          lastName: "Ok",
          role: "reader",
        }),
      );
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: "incomplete_fields",
        details: [{ field: "firstName", code: "required", message: "This field is required." }],
      });
      const update = await suite.cast.users.reader.http.put(`${usersPath}/${suite.cast.users.reader.user.id}`, {
        lastName: " ",
      });
      expect(update.status).toBe(422);
    });

    it("refuses the platform role and unknown fields under an account", async () => {
      const response = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.post(usersPath, {
          email: email("admin"),
          firstName: "Sneaky",
          lastName: "Admin",
          role: "administrator",
          accountId: null,
        }),
      );
      expect(response.status).toBe(422);
      const fields = response.body.error.details.map((detail: { field: string }) => detail.field);
      expect(fields).toEqual(expect.arrayContaining(["role", "accountId"]));
    });
  });

  describe("re-invitation", () => {
    it("emails a fresh link to a user not registered yet; the earlier link stops working", async () => {
      const address = email("again");
      const created = await suite.cast.users.overseer.http.post(usersPath, {
        email: address,
        firstName: "Re",
        lastName: "Invite",
        role: "reader",
      });
      const first = await invitationToken(address, "en");
      const again = await suite.cast.users.overseer.http.post(`${usersPath}/${created.body.id}/invite`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ok: true });
      const second = await invitationToken(address, "en");
      expect(second).not.toBe(first);
      expect(await peekLinkToken(suite.server.db, first, "registration")).toBeNull();
      expect((await peekLinkToken(suite.server.db, second, "registration"))?.userId).toBe(created.body.id);
      expect(await auditOf(created.body.id, "user.invited")).toHaveLength(2);
    });

    it("refuses a user who has registered already (409 already_registered) and changes nothing", async () => {
      const response = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.post(`${usersPath}/${suite.cast.users.reader.user.id}/invite`),
      );
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "already_registered",
        message: "This invitation has already been used.",
      });
    });
  });

  describe("updates", () => {
    it("lets every user change their own names and language", async () => {
      for (const member of ["reader", "editor", "organizer", "overseer"] as const) {
        const me = suite.cast.users[member];
        const response = await me.http.put(`${usersPath}/${me.user.id}`, { firstName: `${member}!`, language: "fr" });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ firstName: `${member}!`, language: "fr", role: member });
        expect(response.body.abilities.update).toBe(true);
        expect(response.body.abilities.changeRole).toBe(false);
      }
    });

    it("refuses a change of one's own role (403) and changes nothing", async () => {
      for (const member of ["reader", "overseer"] as const) {
        const me = suite.cast.users[member];
        const response = await expectNoChange(suite.server.db, () =>
          me.http.put(`${usersPath}/${me.user.id}`, { firstName: "Boss", role: "organizer" }),
        );
        expect(response.status).toBe(403);
      }
      const same = await suite.cast.users.reader.http.put(`${usersPath}/${suite.cast.users.reader.user.id}`, {
        role: "reader",
      });
      expect(same.status).toBe(200);
    });

    it("lets an overseer change another user's role, auditing only what changed", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "reader",
        email: email("promoted"),
        password: null,
      });
      const response = await suite.cast.users.overseer.http.put(`${usersPath}/${target.id}`, {
        role: "editor",
        lastName: target.lastName,
      });
      expect(response.status).toBe(200);
      expect(response.body.role).toBe("editor");
      const [updated] = await auditOf(target.id, "user.updated");
      expect(updated).toMatchObject({
        before: { role: "reader" },
        after: { role: "editor" },
        accountId: suite.cast.accountA.id,
      });

      const unchanged = await suite.cast.users.overseer.http.put(`${usersPath}/${target.id}`, { role: "editor" });
      expect(unchanged.status).toBe(200);
      expect(await auditOf(target.id, "user.updated")).toHaveLength(1);
    });

    it("refuses role and field values outside the schema", async () => {
      const response = await suite.cast.users.overseer.http.put(`${usersPath}/${suite.cast.users.editor.user.id}`, {
        role: "administrator",
        isActive: false,
      });
      expect(response.status).toBe(422);
    });
  });

  describe("removal", () => {
    it("refuses removing oneself (409 cannot_delete_self) and changes nothing", async () => {
      const response = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.delete(`${usersPath}/${suite.cast.users.overseer.user.id}`),
      );
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "cannot_delete_self",
        message: "You cannot remove your own user.",
      });
    });

    it("removes another user, ends their sessions and audits the removal without secrets", async () => {
      const target = await buildUser(suite.server.db, {
        accountId: suite.cast.accountA.id,
        role: "organizer",
        email: email("gone"),
      });
      const client = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, target));
      expect((await client.get(`/api/v1/accounts/${suite.cast.accountA.id}`)).status).toBe(200);

      const response = await suite.cast.users.administrator.http.delete(`${usersPath}/${target.id}`);
      expect(response.status).toBe(200);
      expect(await User.query(suite.server.db).findById(target.id)).toBeUndefined();
      expect((await client.get(`/api/v1/accounts/${suite.cast.accountA.id}`)).status).toBe(401);
      const [deleted] = await auditOf(target.id, "user.deleted");
      expect(deleted).toMatchObject({
        accountId: suite.cast.accountA.id,
        actorUserId: suite.cast.users.administrator.user.id,
        after: null,
      });
      expect(deleted!.before).toMatchObject({ email: target.email, role: "organizer" });
      expect(deleted!.before).not.toHaveProperty("passwordHash");
      expect((await suite.cast.users.overseer.http.get(`${usersPath}/${target.id}`)).status).toBe(404);
    });
  });

  describe("listing", () => {
    it("lists the account's users only, with search, role filter and pagination", async () => {
      const prefix = `zeta${randomUUID().slice(0, 6)}`;
      for (const [index, role] of (["reader", "reader", "editor"] as const).entries()) {
        const firstName = ["Alpha", "Bravo", "Charlie"][index];
        await buildUser(suite.server.db, {
          accountId: suite.cast.accountA.id,
          role,
          firstName,
          lastName: `${prefix} ${index}`,
          email: email(`list${index}`),
          password: null,
        });
      }
      const all = await suite.cast.users.reader.http.get(`${usersPath}?perPage=200`);
      expect(all.status).toBe(200);
      expect(new Set(all.body.data.map((user: { accountId: string }) => user.accountId))).toEqual(
        new Set([suite.cast.accountA.id]),
      );
      expect(all.body.pagination.total).toBe(all.body.data.length);
      expect(all.body.data.map((user: { id: string }) => user.id)).not.toContain(
        suite.cast.users.administrator.user.id,
      );
      // Readers see users but may not manage them.
      expect(all.body.data[0].abilities).toMatchObject({ delete: false, changeRole: false });

      const search = await suite.cast.users.reader.http.get(`${usersPath}?search=${prefix.toUpperCase()}`);
      expect(search.body.pagination.total).toBe(3);
      const readers = await suite.cast.users.reader.http.get(
        `${usersPath}?search=${prefix}&role=reader&perPage=1&page=2`,
      );
      expect(readers.body.pagination).toEqual({ page: 2, perPage: 1, total: 2 });
      expect(readers.body.data).toHaveLength(1);
      expect(readers.body.data[0]).toMatchObject({ role: "reader", lastName: `${prefix} 1` });

      const byFullName = await suite.cast.users.reader.http.get(
        `${usersPath}?search=${encodeURIComponent(`charlie ${prefix}`)}`,
      );
      expect(byFullName.body.data.map((user: { lastName: string }) => user.lastName)).toEqual([`${prefix} 2`]);
      const wildcard = await suite.cast.users.reader.http.get(`${usersPath}?search=%25`);
      expect(wildcard.body.pagination.total).toBe(0);

      const badQuery = await suite.cast.users.reader.http.get(`${usersPath}?perPage=1000&role=administrator`);
      expect(badQuery.status).toBe(422);
    });
  });

  describe("the account itself", () => {
    it("shows each member what they may do with the account", async () => {
      const path = `/api/v1/accounts/${suite.cast.accountA.id}`;
      const abilities = async (member: "reader" | "organizer" | "overseer" | "administrator") =>
        (await suite.cast.users[member].http.get(path)).body.abilities;
      expect(await abilities("reader")).toMatchObject({
        update: false,
        updateLimits: false,
        manageUsers: false,
        createEvents: false,
      });
      expect(await abilities("organizer")).toMatchObject({ update: false, createEvents: true });
      expect(await abilities("overseer")).toMatchObject({ update: true, updateLimits: false, manageUsers: true });
      expect(await abilities("administrator")).toMatchObject({ update: true, updateLimits: true, manageUsers: true });
    });

    it("lets an overseer rename the account and audits it; a limit field is refused with 403 and nothing changes", async () => {
      const path = `/api/v1/accounts/${suite.cast.accountA.id}`;
      const before = (await suite.cast.users.overseer.http.get(path)).body;
      const renamed = await suite.cast.users.overseer.http.post(path, {
        name: "  Renamed A  ",
        multilang: !before.multilang,
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: "Renamed A", multilang: !before.multilang });
      const audits = await AuditLog.query(suite.server.db)
        .where({ subjectId: suite.cast.accountA.id, action: "account.updated" })
        .orderBy("createdAt", "desc");
      expect(audits[0]).toMatchObject({
        actorUserId: suite.cast.users.overseer.user.id,
        before: { name: before.name, multilang: before.multilang },
        after: { name: "Renamed A", multilang: !before.multilang },
      });

      const refused = await expectNoChange(suite.server.db, () =>
        suite.cast.users.overseer.http.post(path, { name: "Bigger", maxOrganizers: 500 }, { lang: "fr" }),
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: "forbidden",
        message: "Vous n'avez pas le droit de faire cela.",
      });

      const byAdmin = await suite.cast.users.administrator.http.post(path, {
        maxOrganizers: 500,
        defaultPlatformDomain: "events.example.com",
      });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ maxOrganizers: 500, defaultPlatformDomain: "events.example.com" });
      const invalid = await suite.cast.users.administrator.http.post(path, { maxOrganizers: -1, name: "" });
      expect(invalid.status).toBe(422);
      expect(invalid.body.error.details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: "maxOrganizers", code: "number_negative" }),
          expect.objectContaining({ field: "name", code: "required" }),
        ]),
      );
    });
  });
});
