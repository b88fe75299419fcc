/**
 * A Server-Sent Events stream read as it comes, for the live routes' tests:
 *
 *   const stream = await openEventStream<Scan>(url, { Authorization: `Bearer ${token}` });
 *   try {
 *     const [first] = await stream.next(1);
 *   } finally {
 *     stream.close();
 *   }
 */

/** One event of the stream: its id and its data (JSON). Comments and events without an id are skipped. */
export interface StreamedEvent<T> {
  id: string;
  data: T;
}

export interface EventStreamReader<T> {
  response: Response;
  /** Waits for the next `count` events (throws when the stream ends first). */
  next(count: number): Promise<StreamedEvent<T>[]>;
  /** Every event read so far. */
  received: StreamedEvent<T>[];
  /** Hangs up. */
  close(): void;
}

export async function openEventStream<T = unknown>(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader<T>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body ? response.body.pipeThrough(new TextDecoderStream()).getReader() : null;
  const received: StreamedEvent<T>[] = [];
  let text = "";
  async function next(count: number): Promise<StreamedEvent<T>[]> {
    const wanted = received.length + count;
    while (received.length < wanted) {
      if (!reader) throw new Error(`no stream: ${response.status}`);
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += value;
      const blocks = text.split("\n\n");
      text = blocks.pop()!;
      for (const block of blocks) {
        const id = /^id: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (id && data) received.push({ id, data: JSON.parse(data) as T });
      }
    }
    return received.slice(wanted - count, wanted);
  }
  return { response, next, received, close: () => controller.abort() };
}
