import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { User } from "../../../api/src/models/User.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, sessionTokenFor } from "../../helpers/factories.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

const OTHER_PASSWORD = "Another-Horse-77";

/**
 * One person may belong to several accounts: inviting into account B an address account A already
 * uses is answered as for a new address (B learns nothing about A's users), and the person signs in to
 * either with that account's password, choosing when one password opens both.
 */
describe.each(databaseKinds())("one person in several accounts on %s", (kind) => {
  const suite = useTestServer(kind);

  async function twoAccounts() {
    const address = `marie-${randomUUID().slice(0, 8)}@example.com`;
    const accountA = await buildAccount(suite.server.db, { name: `Alpha ${randomUUID().slice(0, 4)}` });
    const accountB = await buildAccount(suite.server.db, { name: `Beta ${randomUUID().slice(0, 4)}` });
    const inA = await buildUser(suite.server.db, { accountId: accountA.id, role: "organizer", email: address });
    const overseerB = await buildUser(suite.server.db, { accountId: accountB.id, role: "overseer" });
    const asOverseerB = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, overseerB));
    return { address, accountA, accountB, inA, asOverseerB };
  }

  async function invite(as: ReturnType<typeof suite.server.http.as>, accountId: string, address: string) {
    return as.post(`/api/v1/accounts/${accountId}/administrators`, {
      email: address,
      firstName: "Marie",
      lastName: "Curie",
      role: "editor",
    });
  }

  it("answers an address used in another account exactly as a new one, and invites the person", async () => {
    const { address, accountA, accountB, inA, asOverseerB } = await twoAccounts();
    const fresh = await invite(asOverseerB, accountB.id, `new-${address}`);
    const known = await invite(asOverseerB, accountB.id, address.toUpperCase());

    expect(known.status).toBe(201);
    expect(fresh.status).toBe(201);
    // Same shape, same values apart from the address and ids: nothing tells B about account A.
    const comparable = (body: Record<string, unknown>) => {
      const { id: _id, email: _email, createdAt: _created, updatedAt: _updated, ...rest } = body;
      return rest;
    };
    expect(comparable(known.body)).toEqual(comparable(fresh.body));
    expect(known.body).toMatchObject({ accountId: accountB.id, isRegistered: false });
    expect(known.body.id).not.toBe(inA.id);

    const mail = await suite.server.mailbox.waitFor(address.toUpperCase());
    expect(mail.text).toContain(accountB.name);
    expect(mail.text).not.toContain(accountA.name);
    // A's user is untouched.
    expect(await User.query(suite.server.db).findById(inA.id)).toMatchObject({ accountId: inA.accountId });
  });

  it("still refuses an address the same account already uses (409 email_taken)", async () => {
    const { address, accountB, asOverseerB } = await twoAccounts();
    expect((await invite(asOverseerB, accountB.id, address)).status).toBe(201);
    const again = await invite(asOverseerB, accountB.id, address);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("email_taken");
  });

  it("signs in to the account whose password is given, and asks which when one password opens both", async () => {
    const { address, accountA, accountB, inA } = await twoAccounts();
    const inB = await buildUser(suite.server.db, {
      accountId: accountB.id,
      role: "editor",
      email: address,
      password: OTHER_PASSWORD,
    });
    const login = (body: Record<string, unknown>) =>
      suite.server.http.post("/api/v1/auth/login", { email: address, ...body });

    const toA = await login({ password: DEFAULT_PASSWORD });
    expect(toA.status).toBe(200);
    expect(toA.body.user.id).toBe(inA.id);
    const toB = await login({ password: OTHER_PASSWORD });
    expect(toB.status).toBe(200);
    expect(toB.body.user.id).toBe(inB.id);

    // The same password in both accounts: the sign-in lists them (in the caller's language) …
    await User.query(suite.server.db)
      .patch({ passwordHash: (await User.query(suite.server.db).findById(inA.id))!.passwordHash })
      .where({ id: inB.id });
    const ambiguous = await suite.server.http.post(
      "/api/v1/auth/login",
      { email: address, password: DEFAULT_PASSWORD },
      { lang: "fr" },
    );
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error).toMatchObject({
      code: "account_choice_required",
      message: "Cette adresse se connecte à plusieurs comptes avec ce mot de passe : choisissez celui à ouvrir.",
    });
    expect(ambiguous.body.error.details.accounts).toEqual([
      { id: accountA.id, name: accountA.name },
      { id: accountB.id, name: accountB.name },
    ]);
    expect(ambiguous.headers.getSetCookie().some((cookie) => cookie.startsWith("tessera_session="))).toBe(false);

    // … and the chosen one opens.
    const chosen = await login({ password: DEFAULT_PASSWORD, accountId: accountB.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.id).toBe(inB.id);
    // A wrong password is in the audit log of both accounts the address belongs to.
    expect((await login({ password: "Not-The-Password-1" })).status).toBe(401);
    const failures = await AuditLog.query(suite.server.db)
      .where({ action: "user.sign_in_failed" })
      .whereIn("subjectId", [inA.id, inB.id]);
    expect(failures.map((entry) => entry.accountId).sort()).toEqual([accountA.id, accountB.id].sort());
    // A wrong choice is a wrong sign-in, like any other.
    const unrelated = await login({ password: DEFAULT_PASSWORD, accountId: randomUUID() });
    expect(unrelated.status).toBe(401);
    expect(unrelated.body.error.code).toBe("invalid_credentials");
  });

  it("emails a reset link for each account the address signs in to, each naming its account", async () => {
    const { address, accountA, accountB } = await twoAccounts();
    await buildUser(suite.server.db, { accountId: accountB.id, role: "editor", email: address });
    const response = await suite.server.http.post("/api/v1/auth/forgot-password", { email: address });
    expect(response.status).toBeLessThan(300);

    const mails = [await suite.server.mailbox.waitFor(address), await suite.server.mailbox.waitFor(address)];
    const texts = mails.map((mail) => mail.text ?? "");
    expect(texts.filter((text) => text.includes(accountA.name))).toHaveLength(1);
    expect(texts.filter((text) => text.includes(accountB.name))).toHaveLength(1);
    const links = mails.flatMap((mail) => linksIn(mail).filter((link) => link.includes("reset-password")));
    expect(new Set(links).size).toBe(2);
  });
});
