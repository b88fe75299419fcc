import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

/**
 * A full-page screenshot in $E2E_SHOTS (when set) so a person can look at the screens a test went
 * through: `E2E_SHOTS=/tmp/e2e-shots npx vitest run tests/e2e/<file>`. Nothing is written otherwise.
 */
export async function screenshotFor(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
