// `npm run create-admin -- email@example.com [First] [Last]`: the first platform administrator of a
// production installation. Prints a one-week link that completes the registration (register-admin).
import { loadConfig } from "../api/src/config.ts";
import { createDb, migrateLatest } from "../api/src/db/knex.ts";
import { normalizeEmail, User } from "../api/src/models/User.ts";
import { issueLinkToken } from "../api/src/services/auth/oneTimeTokens.ts";

const [email, firstName = "Platform", lastName = "Administrator"] = process.argv.slice(2);
if (!email || !email.includes("@")) {
  console.error("usage: npm run create-admin -- email@example.com [First] [Last]");
  process.exit(2);
}
const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateLatest(db);
  const link = await db.transaction(async (trx) => {
    const existing = await User.query(trx).findOne({ emailNormalized: normalizeEmail(email) });
    if (existing) throw new Error(`${email} already exists`);
    const user = await User.query(trx).insertAndFetch({
      accountId: null,
      email,
      emailNormalized: normalizeEmail(email),
      firstName,
      lastName,
      role: "administrator",
      language: "en",
      passwordHash: null,
      isActive: true,
    });
    const token = await issueLinkToken(trx, user.id, "registration");
    return `${config.publicUrl}/en/admin/register-admin?token=${token}`;
  });
  console.log(`Platform administrator ${email} created. Complete the registration within 7 days:\n${link}`);
} finally {
  await db.destroy();
}
