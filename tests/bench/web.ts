// The JavaScript a browser downloads to show the back-office's first screens, cold cache, against the
// floor no React app goes below: React and React DOM alone. QUALITY.md: ≤ 300 KB gzipped on the first
// route, served compressed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Request } from "playwright-core";
import { ROOT_DIR } from "../../api/src/config.ts";
import { ensureWebBuild } from "../../scripts/web-build.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { signInAs } from "../helpers/e2e.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";
import { printTable, type Row } from "./stats.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

interface Download {
  /** Each script file gzipped (zlib's default level), whatever the server sent: the unit of the bar. */
  gzipped: number;
  /** What travelled (brotli when the browser accepts it). */
  sent: number;
  encodings: Set<string>;
  scripts: number;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The scripts a cold page downloads to show `address`, until the network is quiet. */
async function scriptsFor(browser: Browser, address: string, storageState?: StorageState): Promise<Download> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname.endsWith(".js")) finished.push(request);
  });
  await page.goto(address, { waitUntil: "networkidle" });
  if (new URL(page.url()).pathname !== new URL(address).pathname) {
    throw new Error(`${address} showed ${page.url()} instead`);
  }
  const download: Download = { gzipped: 0, sent: 0, encodings: new Set(), scripts: finished.length };
  for (const request of finished) {
    const file = await readFile(path.join(ROOT_DIR, "web", "dist", new URL(request.url()).pathname));
    download.gzipped += gzipSync(file).length;
    download.sent += (await request.sizes()).responseBodySize;
    download.encodings.add((await (await request.response())?.headerValue("content-encoding")) ?? "none");
  }
  await context.close();
  return download;
}

/** React and React DOM as a browser build ships them, gzipped. */
async function reactFloor(): Promise<number> {
  const files = ["react/cjs/react.production.js", "react-dom/cjs/react-dom-client.production.js"];
  const sources = await Promise.all(files.map((file) => readFile(path.join(ROOT_DIR, "node_modules", file))));
  return gzipSync(Buffer.concat(sources)).length;
}

export async function benchWebFirstLoad(): Promise<void> {
  ensureWebBuild();
  const server = await startTestServer({ kind: "sqlite" });
  const browser = await launchBrowser();
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "organizer" });
    const event = await buildEvent(server.db, account.id);
    const signingIn = await browser.newContext();
    await signInAs(await signingIn.newPage(), server.baseUrl, user.email, "/manage/events");
    const signedIn = await signingIn.storageState();
    await signingIn.close();

    const floor = await reactFloor();
    const routes: Array<[string, string, boolean]> = [
      ["sign-in /admin", "/admin", false],
      ["events list /manage/events (first after sign-in)", "/manage/events", true],
      ["an event's guests", `/manage/events/${event.id}/guests`, true],
    ];
    const rows: Row[] = [];
    for (const [name, address, needsSession] of routes) {
      const download = await scriptsFor(browser, `${server.baseUrl}${address}`, needsSession ? signedIn : undefined);
      rows.push({
        operation: name,
        figure: `${kb(download.gzipped)} gz in ${download.scripts} files (${kb(download.sent)} sent, ${[...download.encodings].join("/")})`,
        floor: `${kb(floor)} gz`,
        ratio: `${(download.gzipped / floor).toFixed(1)}×`,
      });
    }
    printTable("web first load: JavaScript of a cold page, gzipped (bar ≤ 300 KB); floor: React + React DOM", rows);
  } finally {
    await browser.close();
    await server.close();
  }
}
