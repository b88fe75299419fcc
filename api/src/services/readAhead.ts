/**
 * The items of `source`, the next one asked for as soon as one is handed out: the source's work on the
 * next item (reading and checking rows on the event loop) overlaps the consumer's on this one (waiting for
 * the database to write it), instead of the two taking turns.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = ahead(iterator);
  let finished = false;
  try {
    for (;;) {
      const result = await next;
      if (result.done) {
        finished = true;
        return;
      }
      next = ahead(iterator);
      yield result.value;
    }
  } finally {
    if (!finished) {
      // The consumer stopped early (or the source failed): the item being read is let finish, then the
      // source is closed so that it releases what it holds (its file).
      await next.catch(() => undefined);
      await iterator.return?.();
    }
  }
}

/** The next item asked for now; its failure is reported when it is awaited, not as an unhandled rejection. */
function ahead<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
  const next = iterator.next();
  next.catch(() => undefined);
  return next;
}
