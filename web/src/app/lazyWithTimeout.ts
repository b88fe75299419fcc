import { lazy, type ComponentType } from "react";

/** Spec §9: a script chunk that has not loaded after 120 s is a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A part of the application (a lazy chunk) that could not be loaded: the page must be reloaded. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/** React.lazy with a time limit; any failure to fetch the chunk becomes a ChunkLoadError. */
export function lazyWithTimeout<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<Props> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
        load()
          .then(resolve, (cause: unknown) => reject(new ChunkLoadError("chunk failed to load", { cause })))
          .finally(() => clearTimeout(timer));
      }),
  );
}
