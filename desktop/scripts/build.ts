// Builds the desk app into desktop/dist: the main process (with the core and shared's TypeScript bundled in,
// so the packaged app runs no TypeScript and needs no workspace link) and the sandboxed preload, with esbuild.
// The renderer is built by Vite (vite.renderer.config.ts) when it exists. Native and asset-carrying packages
// (better-sqlite3, pdfkit's fonts, pdf-to-printer's Windows helper …) stay outside the bundle: they are the
// app's production dependencies, which electron-builder packs with their files.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { DESK_APP_CHANNELS } from "../src/core/app.ts";
import { APP_CHANNELS } from "../src/main/appChannels.ts";

const desktop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const packageJson = JSON.parse(readFileSync(path.join(desktop, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
};

/** What the bundles import at run time: Electron itself and the production dependencies. */
export const RUNTIME_PACKAGES = ["electron", ...Object.keys(packageJson.dependencies ?? {})];

/**
 * What the sandboxed preload exposes as window.desk, in this order: the desk's channels, then main's own. The
 * preload can require nothing of ours, so the list is written into its bundle (esbuild's define).
 */
export const PRELOAD_CHANNELS: readonly string[] = [...DESK_APP_CHANNELS, ...APP_CHANNELS];

export interface DesktopBuild {
  /** Every package the bundles import at run time (Node's own modules left out). */
  imports: string[];
}

export async function buildDesktop(options: { renderer?: boolean; outDir?: string } = {}): Promise<DesktopBuild> {
  const outDir = options.outDir ?? path.join(desktop, "dist");
  const main = await build({
    entryPoints: [path.join(desktop, "src/main/main.ts")],
    outfile: path.join(outDir, "main/main.js"),
    metafile: true,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "esm",
    external: RUNTIME_PACKAGES,
    sourcemap: true,
    // CommonJS code bundled into an ES module still calls require for Node's modules.
    banner: {
      js: 'import { createRequire as __tesseraRequire } from "node:module"; const require = __tesseraRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  const preload = await build({
    entryPoints: [path.join(desktop, "src/preload/preload.cts")],
    outfile: path.join(outDir, "preload/preload.cjs"),
    metafile: true,
    bundle: true,
    platform: "node",
    target: "chrome140",
    format: "cjs",
    external: ["electron"],
    define: { DESK_PRELOAD_CHANNELS: JSON.stringify(PRELOAD_CHANNELS) },
    logLevel: "warning",
  });
  const rendererConfig = path.join(desktop, "vite.renderer.config.ts");
  if (options.renderer !== false && existsSync(rendererConfig))
    execFileSync("npx", ["vite", "build", "--config", rendererConfig], { cwd: desktop, stdio: "inherit" });
  const imports = new Set<string>();
  for (const output of [...Object.values(main.metafile.outputs), ...Object.values(preload.metafile.outputs)])
    for (const imported of output.imports)
      if (imported.external && !isBuiltin(imported.path)) imports.add(imported.path);
  return { imports: [...imports].sort() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await buildDesktop({ renderer: !process.argv.includes("--no-renderer") });
