/**
 * The first bytes of an upload, read before anything of it is stored (what it is is judged from them),
 * and the whole upload as a stream again: those bytes, then the ones still to come.
 */
export interface UploadHead {
  head: Buffer;
  /** The upload from its first byte; read it once. */
  whole(): AsyncGenerator<Uint8Array>;
  /** Lets go of the source when the upload is refused from its head. */
  release(): Promise<void>;
}

/** Reads at least `count` bytes of `source` (all of it when it is shorter). */
export async function readUploadHead(source: AsyncIterable<Uint8Array>, count: number): Promise<UploadHead> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let isDone = false;
  while (size < count) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks, size);
  return {
    head,
    async *whole() {
      try {
        if (head.length) yield head;
        while (!isDone) {
          const next = await iterator.next();
          if (next.done) isDone = true;
          else yield next.value;
        }
      } finally {
        // Given up before the end (the upload refused while it streams): the source is let go.
        if (!isDone) await iterator.return?.();
      }
    },
    async release() {
      if (!isDone) await iterator.return?.();
    },
  };
}
