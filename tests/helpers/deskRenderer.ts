/**
 * The desk app's renderer for the browser tests: built once with Vite (again only when a source is newer than
 * the build, as scripts/web-build.ts does for the web app), then served from a local port.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestChange } from "../../scripts/web-build.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DESK_RENDERER_DIR = path.join(ROOT, "desktop", "dist", "renderer");
const BUILT = path.join(DESK_RENDERER_DIR, "index.html");
const SOURCES = ["desktop/src/renderer", "desktop/vite.renderer.config.ts", "web/src", "shared/src"];

export function ensureDeskRendererBuild(): void {
  if (existsSync(BUILT)) {
    const builtAt = statSync(BUILT).mtimeMs;
    if (SOURCES.every((source) => newestChange(path.join(ROOT, source)) <= builtAt)) return;
  }
  // Vitest runs with NODE_ENV=test, which would bundle React's development build: the app's is the production one.
  const result = spawnSync("npm", ["run", "build:renderer", "-w", "desktop"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The desk renderer build failed");
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** The built renderer on a local port, as Electron would load it from its folder. */
export async function serveDeskRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const wanted = decodeURIComponent(new URL(request.url ?? "/", "http://local").pathname);
    const file = path.join(DESK_RENDERER_DIR, wanted === "/" ? "index.html" : wanted);
    if (!file.startsWith(DESK_RENDERER_DIR) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
