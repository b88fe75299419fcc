import { accessSync, constants, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium; never a downloaded browser (STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_RESULTS_DIR = path.join(ROOT_DIR, "test-results");

/** True when a Chromium executable is there to be launched. */
export function browserAvailable(): boolean {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the end-to-end suites run: they are skipped on a machine without Chromium, unless
 * REQUIRE_E2E=1 (CI), where a missing browser must fail them instead.
 */
export function shouldRunE2e(): boolean {
  return browserAvailable() || process.env.REQUIRE_E2E === "1";
}

export async function launchBrowser(): Promise<Browser> {
  if (!browserAvailable()) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's chromium or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Runs a flow; when it fails, a full-page screenshot lands in test-results/ before the error goes on. */
export async function screenshotOnFailure<T>(page: Page, name: string, flow: () => Promise<T>): Promise<T> {
  try {
    return await flow();
  } catch (error) {
    mkdirSync(TEST_RESULTS_DIR, { recursive: true });
    const file = path.join(TEST_RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true }).then(
      () => console.error(`Screenshot of the failure: ${file}`),
      () => undefined,
    );
    throw error;
  }
}
