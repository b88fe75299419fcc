import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running a TypeScript module, like the app: a thread does not inherit the main thread's
 * module hooks, so it registers tsx's before importing the module (an entry file given as .ts is refused
 * before any hook).
 */
export function typescriptWorker(module: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  // tsx's ESM entry of "tsx/esm/api" (resolving the specifier from here would pick its CommonJS one).
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(module.href)});`;
  return new Worker(bootstrap, { ...options, eval: true });
}
