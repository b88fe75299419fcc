import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../../api/src/config.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { User } from "../../../api/src/models/User.ts";
import type { TestServer } from "../../helpers/server.ts";
import { useTestServer } from "../../helpers/suite.ts";

const run = promisify(execFile);

/** `npm run create-admin -- <email>` against the test server's database. */
function createAdmin(server: TestServer, email: string) {
  return run(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "scripts/create-admin.ts"), email], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: server.config.databaseUrl ?? "",
      SQLITE_FILE: server.config.sqliteFile,
      TESSERA_VAR_DIR: server.config.varDir,
      TESSERA_SECRET: server.config.secret,
      PUBLIC_URL: server.baseUrl,
    },
  });
}

describe("npm run create-admin", () => {
  const suite = useTestServer("sqlite");

  it("creates the first platform administrator through the service, audited, with a link that completes the registration", async () => {
    const email = `first-admin-${Date.now()}@example.org`;
    const { stdout } = await createAdmin(suite.server, email);
    const link = /https?:\/\/\S+register-admin\?token=\S+/.exec(stdout)?.[0];
    expect(link, stdout).toBeDefined();
    const user = await User.query(suite.server.db).findOne({ email }).throwIfNotFound();
    expect(user).toMatchObject({ role: "administrator", accountId: null, passwordHash: null });
    expect(await AuditLog.query(suite.server.db).where({ subjectId: user.id, action: "user.created" })).toHaveLength(1);

    const invitation = await suite.server.http.get(
      `/api/v1/auth/invitation?token=${new URL(link!).searchParams.get("token")}`,
    );
    expect(invitation.status).toBe(200);
    expect(invitation.body.email).toBe(email);

    await expect(createAdmin(suite.server, email)).rejects.toMatchObject({
      stderr: expect.stringContaining("already exists"),
    });
  });
});
