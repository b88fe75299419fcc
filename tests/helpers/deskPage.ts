/**
 * The desk renderer's page in the browser tests: window.desk as Electron's preload exposes it (over a Playwright
 * binding to the test's core), a wait for the page to stop moving, and axe-core's serious findings.
 */
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { BrowserContext, Page } from "playwright-core";
import { errorForIpc } from "../../desktop/src/core/ipcError.ts";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export type DeskHandler = (...args: unknown[]) => Promise<unknown>;

/** Runs in the page: each channel of window.desk calls the binding, as preload's ipcRenderer.invoke would. */
function exposeDesk(channels: readonly string[]): void {
  const invoke = (window as unknown as { deskInvoke: (channel: string, args: unknown[]) => Promise<unknown> })
    .deskInvoke;
  (window as unknown as { desk: Record<string, DeskHandler> }).desk = Object.fromEntries(
    channels.map((channel) => [channel, (...args: unknown[]) => invoke(channel, args)]),
  );
}

/** Binds window.desk in the context's pages to the handlers, a failure relayed as main does ("[code] …"). */
export async function bindDesk(context: BrowserContext, handlers: Record<string, DeskHandler>): Promise<void> {
  await context.exposeBinding("deskInvoke", (_source, channel: string, args: unknown[]) => {
    const handler = handlers[channel];
    if (!handler) throw new Error(`No handler for ${channel}`);
    return handler(...args).catch((error: unknown) => {
      throw errorForIpc(error);
    });
  });
  await context.addInitScript(
    exposeDesk,
    Object.keys(handlers).filter((name) => name.includes(".")),
  );
}

/** Waits until nothing moves on the page (a dialog fading in), for a screenshot that shows it. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Waits until the open dialog is fully shown: its fade-in may not have started when settle() looks, and axe reads
 * a half-transparent dialog's colours as too pale.
 */
export async function dialogShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    for (let node = dialog; node; node = node.parentElement) if (getComputedStyle(node).opacity !== "1") return false;
    return dialog !== null;
  });
  await settle(page);
}

/** axe-core's serious and critical findings on the page (WCAG 2.0 and 2.1, A and AA). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
  });
}
