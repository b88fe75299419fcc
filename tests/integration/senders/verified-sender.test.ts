import { describe, expect, it } from "vitest";
import { SenderEmail } from "../../../api/src/models/SenderEmail.ts";
import { verifiedSender } from "../../../api/src/services/senders/verified.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * verifiedSender (spec §3 sender email): the account's address once verified, whatever its case; null for a
 * pending address, an unknown one, or another account's.
 */
describe.each(databaseKinds())("verified sender on %s", (kind) => {
  const suite = useTestServer(kind);

  it("finds the account's verified address only", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const other = await buildAccount(db);
    const verified = await SenderEmail.query(db).insertAndFetch({
      accountId: account.id,
      email: "events@example.org",
      name: "Events",
      verifiedAt: new Date(),
      verificationTokenHash: null,
    });
    await SenderEmail.query(db).insert({
      accountId: account.id,
      email: "pending@example.org",
      name: null,
      verifiedAt: null,
      verificationTokenHash: "a".repeat(64),
      verificationSentAt: new Date(),
    });

    expect((await verifiedSender(db, account.id, "Events@Example.org "))?.id).toBe(verified.id);
    expect(await verifiedSender(db, account.id, "pending@example.org")).toBeNull();
    expect(await verifiedSender(db, account.id, "unknown@example.org")).toBeNull();
    expect(await verifiedSender(db, other.id, "events@example.org")).toBeNull();
  });
});
