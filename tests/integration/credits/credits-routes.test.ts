import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { creditsPack, futureDay } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Issue 15 item 4 through the API (spec §7 eventcredits / campaigncredits, §5 credits rules, §8 not enough credits):
 * an administrator adds packs and debits them, the account reads what is left, its packs and their movements, and
 * every refusal speaks the caller's language.
 */

const LANGUAGES = ["en", "fr", "es"] as const;
const message = (language: (typeof LANGUAGES)[number], code: string) =>
  (resources[language].validation as unknown as Record<string, string>)[code];

describe.each(databaseKinds())("credits routes on %s", (kind) => {
  const suite = useCastServer(kind);
  const base = (accountId: string, segment = "campaigncredits") => `/api/v1/accounts/${accountId}/${segment}`;

  it("adds a pack, reads it back and debits the packs expiring soonest first", async () => {
    const account = await buildAccount(suite.server.db);
    const admin = suite.cast.client("administrator");
    const added = await admin.post(`${base(account.id)}/add`, { amount: 120, expiresAt: futureDay(60) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      kind: "campaign",
      amount: 120,
      remaining: 120,
      isExpired: false,
      author: { id: suite.cast.users.administrator.user.id, name: "Administrator Cast" },
    });
    const [day, month, year] = futureDay(60).split("/");
    expect(added.body.expiresOn).toBe(`${year}-${month}-${day}`);
    const sooner = await admin.post(`${base(account.id)}/add`, { amount: 30, expiresAt: futureDay(0) });
    expect(sooner.status).toBe(201);
    // Event credits are another purse.
    expect(
      (await admin.post(`${base(account.id, "eventcredits")}/add`, { amount: 7, expiresAt: futureDay(3) })).status,
    ).toBe(201);

    expect((await admin.get(`${base(account.id)}/remaining`)).body).toEqual({
      kind: "campaign",
      remaining: 150,
      abilities: { add: true, debit: true },
    });
    expect((await admin.get(`${base(account.id, "eventcredits")}/remaining`)).body.remaining).toBe(7);

    const debited = await admin.post(`${base(account.id)}/debit`, { amount: 40, reason: "Test campaign by hand" });
    expect(debited.status, JSON.stringify(debited.body)).toBe(200);
    expect(debited.body).toEqual({
      kind: "campaign",
      debited: 40,
      remaining: 110,
      packs: [
        { packId: sooner.body.id, amount: 30 },
        { packId: added.body.id, amount: 10 },
      ],
    });

    const usable = await admin.get(`${base(account.id)}/nonspentorexpired`);
    expect(usable.body.map((pack: { id: string; remaining: number }) => [pack.id, pack.remaining])).toEqual([
      [added.body.id, 110],
    ]);
    const spent = await admin.get(`${base(account.id)}?status=spent`);
    expect(spent.body.data.map((pack: { id: string }) => pack.id)).toEqual([sooner.body.id]);
    const all = await admin.get(`${base(account.id)}?perPage=1&page=2`);
    expect(all.body.pagination).toEqual({ page: 2, perPage: 1, total: 2 });
    expect(all.body.data).toHaveLength(1);

    const history = await admin.get(`${base(account.id)}/history`);
    expect(history.status).toBe(200);
    expect(history.body.pagination.total).toBe(4);
    const debits = history.body.data.filter((movement: { reason: string }) => movement.reason === "debit");
    expect(debits.map((movement: { delta: number }) => movement.delta).sort()).toEqual([-10, -30]);
    expect(debits[0]).toMatchObject({ note: "Test campaign by hand", author: { name: "Administrator Cast" } });
    expect(new Set(debits.map((movement: { operationId: string }) => movement.operationId)).size).toBe(1);
    const adds = await admin.get(`${base(account.id)}/history?reason=add`);
    expect(adds.body.data.map((movement: { delta: number }) => movement.delta).sort()).toEqual([120, 30]);

    const trail = await AuditLog.query(suite.server.db)
      .where({ accountId: account.id })
      .whereIn("action", ["credits.added", "credits.debited"])
      .orderBy("createdAt");
    expect(trail.map((entry) => entry.action)).toEqual([
      "credits.added",
      "credits.added",
      "credits.added",
      "credits.debited",
    ]);
    expect(trail[3]!.after).toMatchObject({ kind: "campaign", amount: 40, note: "Test campaign by hand" });
    expect(trail[0]!.actorUserId).toBe(suite.cast.users.administrator.user.id);
  });

  it("tells the account's readers what is left but not that they may add", async () => {
    await creditsPack(suite.server.db, suite.cast.accountA.id, "event", 9);
    const read = await suite.cast.client("organizer").get(`${base(suite.cast.accountA.id, "eventcredits")}/remaining`);
    expect(read.status).toBe(200);
    expect(read.body.abilities).toEqual({ add: false, debit: false });
    expect(read.body.remaining).toBeGreaterThanOrEqual(9);
  });

  it("refuses a debit beyond what is left with the missing amount, in the caller's language, taking nothing", async () => {
    const account = await buildAccount(suite.server.db);
    await creditsPack(suite.server.db, account.id, "event", 8);
    await creditsPack(suite.server.db, account.id, "event", 50, -1); // expired
    const admin = suite.cast.client("administrator");
    const expected = {
      en: "Not enough credits: 4 credits are missing.",
      fr: "Crédits insuffisants : il manque 4 crédits.",
      es: "Créditos insuficientes: faltan 4 créditos.",
    };
    for (const language of LANGUAGES) {
      const refused = await admin.post(`${base(account.id, "eventcredits")}/debit`, { amount: 12 }, { lang: language });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "not_enough_credits",
        message: expected[language],
        details: { kind: "event", required: 12, available: 8, missing: 4 },
      });
    }
    const one = await admin.post(`${base(account.id, "eventcredits")}/debit`, { amount: 7 }, { lang: "en" });
    expect(one.status).toBe(200);
    const short = await admin.post(`${base(account.id, "eventcredits")}/debit`, { amount: 2 }, { lang: "en" });
    expect(short.body.error.message).toBe("Not enough credits: 1 credit is missing.");
    expect((await admin.get(`${base(account.id, "eventcredits")}/remaining`)).body.remaining).toBe(1);
  });

  it("checks the spec's rules on credits with their messages in en, fr and es", async () => {
    const account = await buildAccount(suite.server.db);
    const admin = suite.cast.client("administrator");
    const yesterday = futureDay(-1);
    const cases: { body: Record<string, unknown>; field: string; code: string; path?: "add" | "debit" }[] = [
      { body: { expiresAt: futureDay(5) }, field: "amount", code: "required" },
      { body: { amount: 5 }, field: "expiresAt", code: "required" },
      { body: { amount: "abc", expiresAt: futureDay(5) }, field: "amount", code: "not_a_number" },
      { body: { amount: 2.5, expiresAt: futureDay(5) }, field: "amount", code: "not_a_number" },
      { body: { amount: -3, expiresAt: futureDay(5) }, field: "amount", code: "number_negative" },
      { body: { amount: 0, expiresAt: futureDay(5) }, field: "amount", code: "credits_not_zero" },
      { body: { amount: 5, expiresAt: "2031-01-31" }, field: "expiresAt", code: "date_format" },
      { body: { amount: 5, expiresAt: "31/02/2031" }, field: "expiresAt", code: "date_not_exist" },
      { body: { amount: 5, expiresAt: yesterday }, field: "expiresAt", code: "expiry_date_past" },
      { body: { amount: 0 }, field: "amount", code: "credits_not_zero", path: "debit" },
      { body: { amount: -1 }, field: "amount", code: "number_negative", path: "debit" },
      { body: {}, field: "amount", code: "required", path: "debit" },
    ];
    for (const { body, field, code, path = "add" } of cases) {
      for (const language of LANGUAGES) {
        const refused = await admin.post(`${base(account.id)}/${path}`, body, { lang: language });
        expect(refused.status, `${JSON.stringify(body)} ${language}`).toBe(422);
        const detail = refused.body.error.details.find((issue: { field: string }) => issue.field === field);
        expect(detail, `${JSON.stringify(body)} ${language}`).toEqual({
          field,
          code,
          message: message(language, code),
        });
      }
    }
    // The spec's own wording in English.
    const zero = await admin.post(`${base(account.id)}/add`, { amount: 0, expiresAt: futureDay(5) }, { lang: "en" });
    expect(zero.body.error.details[0].message).toBe("The number of credits must be greater than 0.");
    const negative = await admin.post(
      `${base(account.id)}/add`,
      { amount: -2, expiresAt: futureDay(5) },
      { lang: "en" },
    );
    expect(negative.body.error.details[0].message).toBe("The number can't be negative.");
    const past = await admin.post(`${base(account.id)}/add`, { amount: 2, expiresAt: yesterday }, { lang: "en" });
    expect(past.body.error.details[0].message).toBe("The expiry date cannot be in the past.");
    const format = await admin.post(`${base(account.id)}/add`, { amount: 2, expiresAt: "1/2/2031" }, { lang: "en" });
    expect(format.body.error.details[0].message).toBe("Date format is incorrect.");

    // Nothing was added; today is not in the past.
    expect((await admin.get(`${base(account.id)}/remaining`)).body.remaining).toBe(0);
    const today = await admin.post(`${base(account.id)}/add`, { amount: 1, expiresAt: futureDay(0) });
    expect(today.status).toBe(201);
  });

  it("answers 404 for an account that does not exist, to administrators too", async () => {
    const missing = "00000000-0000-4000-8000-00000000dead";
    const admin = suite.cast.client("administrator");
    expect((await admin.get(`${base(missing)}/remaining`)).status).toBe(404);
    expect((await admin.post(`${base(missing)}/add`, { amount: 1, expiresAt: futureDay(1) })).status).toBe(404);
  });
});
