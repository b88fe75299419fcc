/**
 * The set-up the desk app's browser tests share: the e2e environment (a real API, a Chromium, a temporary folder),
 * the desk renderer built and served for the `describe`, and a page whose window.desk calls the test's handlers.
 *
 *   describe.skipIf(!shouldRunE2e()).each(databaseKinds())("…", (kind) => {
 *     const desk = useDeskE2e({ kind, tempDirPrefix: "tessera-desk-…-" });
 *     it("…", async () => {
 *       const { context, page, url } = await desk.openPage(handlers);
 *       try { await page.goto(url); … } finally { await context.close(); }
 *     });
 *   });
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseKind } from "./databases.ts";
import { bindDesk, type DeskHandler } from "./deskPage.ts";
import { ensureDeskRendererBuild, serveDeskRenderer } from "./deskRenderer.ts";
import { useE2eEnvironment, type E2eEnvironment } from "./e2e.ts";

export interface DeskE2e extends E2eEnvironment {
  /** A new browser context (the desk window's size) bound to the handlers, its page, and the renderer's address. */
  openPage(handlers: Record<string, DeskHandler>): Promise<{ context: BrowserContext; page: Page; url: string }>;
}

export function useDeskE2e(options: { kind: DatabaseKind; tempDirPrefix: string }): DeskE2e {
  const e2e = useE2eEnvironment(options);
  let renderer: Awaited<ReturnType<typeof serveDeskRenderer>> | undefined;

  beforeAll(async () => {
    ensureDeskRendererBuild();
    renderer = await serveDeskRenderer();
  });
  afterAll(async () => {
    await renderer?.close();
  });

  return {
    get server() {
      return e2e.server;
    },
    get browser() {
      return e2e.browser;
    },
    get dir() {
      return e2e.dir;
    },
    async openPage(handlers) {
      if (!renderer) throw new Error("The desk renderer is not served: open a page in a test, after beforeAll");
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      context.setDefaultTimeout(15_000);
      await bindDesk(context, handlers);
      return { context, page: await context.newPage(), url: renderer.url };
    },
  };
}
