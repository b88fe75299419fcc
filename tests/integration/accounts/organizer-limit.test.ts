import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../../api/src/models/Account.ts";
import { User } from "../../../api/src/models/User.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Spec §6: at most `maxOrganizers` active non-reader users per account; readers are never counted. */

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const person = (role: string, label = role) => ({ email: email(label), firstName: "Seat", lastName: label, role });

describe.each(databaseKinds())("the account's maximum number of organizers on %s", (kind) => {
  const suite = useCastServer(kind);
  let admin: HttpClient;

  beforeAll(async () => {
    admin = suite.cast.users.administrator.http;
  });

  async function seated(accountId: string): Promise<number> {
    return User.query(suite.server.db)
      .where({ accountId, isActive: true })
      .whereIn("role", ["overseer", "organizer", "editor"])
      .resultSize();
  }

  /** An account with `max` seats and its overseer (who takes one) signed in. */
  async function limitedAccount(max: number | null): Promise<{ account: Account; overseer: HttpClient; path: string }> {
    const account = await buildAccount(suite.server.db, { maxOrganizers: max });
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
    const overseer = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    return { account, overseer, path: `/api/v1/accounts/${account.id}/administrators` };
  }

  it("refuses a non-reader beyond the limit with 409 max_organizers_reached, and counts no reader", async () => {
    const { account, overseer, path } = await limitedAccount(2);
    expect((await overseer.post(path, person("organizer"))).status).toBe(201);
    expect(await seated(account.id)).toBe(2);

    for (const role of ["organizer", "editor", "overseer"]) {
      const refused = await expectNoChange(suite.server.db, () => overseer.post(path, person(role)));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "max_organizers_reached",
        message: "Maximum number of organizers reached (contact us).",
      });
    }
    const french = await overseer.post(path, person("editor"), { lang: "fr" });
    expect(french.body.error.message).toBe("Nombre maximum d'organisateurs atteint (contactez-nous).");
    const throughPlatform = await expectNoChange(suite.server.db, () =>
      admin.post("/api/v1/administrators", { ...person("editor"), accountId: account.id }),
    );
    expect(throughPlatform.status).toBe(409);

    for (let index = 0; index < 3; index++)
      expect((await overseer.post(path, person("reader", `reader${index}`))).status).toBe(201);
    expect(await seated(account.id)).toBe(2);
  });

  it("refuses promoting a reader when the account is full, until a seat frees up", async () => {
    const { account, overseer, path } = await limitedAccount(2);
    const organizer = (await overseer.post(path, person("organizer"))).body;
    const reader = (await overseer.post(path, person("reader"))).body;

    const refused = await expectNoChange(suite.server.db, () =>
      overseer.put(`${path}/${reader.id}`, { role: "editor" }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("max_organizers_reached");
    const refusedByAdmin = await expectNoChange(suite.server.db, () =>
      admin.post(`/api/v1/administrators/${reader.id}`, { role: "editor" }),
    );
    expect(refusedByAdmin.status).toBe(409);
    // Moving between seat-taking roles needs no new seat.
    expect((await overseer.put(`${path}/${organizer.id}`, { role: "editor" })).status).toBe(200);

    // A deactivated user frees their seat …
    expect((await admin.post(`/api/v1/administrators/${organizer.id}`, { isActive: false })).status).toBe(200);
    expect((await overseer.put(`${path}/${reader.id}`, { role: "organizer" })).status).toBe(200);
    // … and cannot take it back while the account is full.
    const reactivation = await expectNoChange(suite.server.db, () =>
      admin.post(`/api/v1/administrators/${organizer.id}`, { isActive: true }),
    );
    expect(reactivation.status).toBe(409);
    // Demoting to reader frees a seat.
    expect((await overseer.put(`${path}/${reader.id}`, { role: "reader" })).status).toBe(200);
    expect((await admin.post(`/api/v1/administrators/${organizer.id}`, { isActive: true })).status).toBe(200);
    expect(await seated(account.id)).toBe(2);
  });

  it("refuses moving a seat-taking user into a full account, and lets a reader in", async () => {
    const { account } = await limitedAccount(1);
    const mover = await buildUser(suite.server.db, {
      accountId: suite.cast.accountB.id,
      role: "organizer",
      email: email("mover"),
    });
    const refused = await expectNoChange(suite.server.db, () =>
      admin.post(`/api/v1/administrators/${mover.id}`, { accountId: account.id }),
    );
    expect(refused.status).toBe(409);
    const asReader = await admin.post(`/api/v1/administrators/${mover.id}`, { accountId: account.id, role: "reader" });
    expect(asReader.status).toBe(200);
    expect(asReader.body).toMatchObject({ accountId: account.id, role: "reader" });
  });

  it("counts invited users who have not registered yet, and no limit means unlimited", async () => {
    const { account, overseer, path } = await limitedAccount(3);
    await buildUser(suite.server.db, { accountId: account.id, role: "editor", password: null });
    expect((await overseer.post(path, person("editor"))).status).toBe(201);
    expect((await overseer.post(path, person("editor"))).status).toBe(409);

    const unlimited = await limitedAccount(null);
    for (let index = 0; index < 5; index++)
      expect((await unlimited.overseer.post(unlimited.path, person("organizer"))).status).toBe(201);
    expect(await seated(unlimited.account.id)).toBe(6);
  });

  it("lets concurrent creations into the last seats leave exactly the limit", async () => {
    const { account, overseer, path } = await limitedAccount(3); // the overseer takes one seat
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2
          ? overseer.post(path, person("organizer", `race${index}`))
          : admin.post("/api/v1/administrators", { ...person("editor", `race${index}`), accountId: account.id }),
      ),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(await seated(account.id)).toBe(3);
  });

  it("lets exactly one of two simultaneous promotions take the last seat", async () => {
    const { account, overseer, path } = await limitedAccount(2);
    const readers = await Promise.all(
      [0, 1, 2].map((index) =>
        buildUser(suite.server.db, {
          accountId: account.id,
          role: "reader",
          email: email(`p${index}`),
          password: null,
        }),
      ),
    );
    const attempts = await Promise.all(
      readers.map((reader) => overseer.put(`${path}/${reader.id}`, { role: "organizer" })),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await seated(account.id)).toBe(2);
  });
});
