import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const webAlias = { "@": fileURLToPath(new URL("./web/src", import.meta.url)) };

/**
 * Cheap password hashing (scrypt N = 16 instead of production's 2^15): test servers, the factories and
 * the child processes they start read it. Hashes carry their N, so nothing else changes.
 */
const testEnv = { PASSWORD_HASH_COST: "16" };

// Two cores here: integration and e2e files each start servers and databases, so keep them few at once.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: webAlias },
        test: {
          name: "unit",
          env: testEnv,
          sequence: { groupOrder: 0 },
          include: [
            "shared/src/**/*.test.ts",
            "api/src/**/*.test.ts",
            "web/src/**/*.test.ts",
            "desktop/src/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "integration",
          env: testEnv,
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/helpers/globalSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // One module graph per worker instead of one per file (importing the API is most of a small file's
          // time). Safe: every file builds its servers, databases and hooks through startTestServer/createDeps,
          // and the API keeps no module state a file could leave behind (caches are keyed by import id or URL).
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          env: testEnv,
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/helpers/globalSetup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at once: each starts its own server (port 0), database, SMTP sink and Chromium.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
