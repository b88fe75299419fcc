import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILT = path.join(ROOT, "web", "dist", "index.html");
const SOURCES = ["web/src", "web/index.html", "web/vite.config.ts", "web/public", "shared/src"];

export function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  );
}

/** True when web/dist is missing or older than any web or shared source. */
export function webBuildIsStale(): boolean {
  if (!existsSync(BUILT)) return true;
  const builtAt = statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(ROOT, source)) > builtAt);
}

/** Builds the web app with Vite when it is missing or stale. */
export function ensureWebBuild(log: (message: string) => void = console.log): void {
  if (!webBuildIsStale()) return;
  log("Building the web app (vite build)…");
  const result = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The web app build failed");
}
