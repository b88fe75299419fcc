import { PassThrough } from "node:stream";
import type { Context } from "koa";
import type { EventStreamSource, StreamEvent } from "../live/stream.ts";

export type { EventStreamSource, StreamEvent } from "../live/stream.ts";

const HEARTBEAT_MS = 15_000;
/** Ids remembered to send each event once per stream (a backlog overlaps what came live). */
const SENT_IDS_KEPT = 5_000;

/**
 * Answers with a Server-Sent Events stream: first what the watcher missed, then live events, each sent
 * once, a comment every 15 s so proxies keep the connection open. Live events that come while the backlog
 * is read wait for it, so the order holds; a gap (the bus reconnected) reads the backlog again.
 */
export function streamEvents(ctx: Context, source: EventStreamSource, options: { heartbeatMs?: number } = {}): void {
  const stream = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    // nginx and the like must not buffer the stream.
    "X-Accel-Buffering": "no",
  });
  // Compressing would hold events back until a buffer fills.
  (ctx as { compress?: boolean }).compress = false;
  ctx.status = 200;
  ctx.body = stream;

  const sent = new Set<string>();
  let lastId = ctx.get("Last-Event-ID") || null;
  // The browser has it already.
  if (lastId) sent.add(lastId);
  let reading: Promise<void> | null = null;
  let waiting: StreamEvent[] = [];
  let closed = false;

  const send = (event: StreamEvent) => {
    if (closed || sent.has(event.id)) return;
    sent.add(event.id);
    if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!);
    lastId = event.id;
    stream.write(`id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const readBacklog = (): Promise<void> => {
    reading = (reading ?? Promise.resolve())
      .then(async () => {
        for (const event of await source.backlog(lastId)) send(event);
      })
      .catch(() => stream.end())
      .then(() => {
        reading = null;
        const live = waiting;
        waiting = [];
        live.forEach(send);
      });
    return reading;
  };
  // Live events are taken (held while the backlog is read) before the backlog is read, so none falls between.
  let unsubscribe: () => void = () => undefined;
  const subscribed = source.subscribe(
    (event) => (reading ? waiting.push(event) : send(event)),
    () => void readBacklog(),
  );
  const heartbeat = setInterval(() => stream.write(": still here\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  ctx.req.on("close", close);
  stream.on("error", close);
  // The browser retries after 2 s when the connection drops, sending the last id it got.
  stream.write("retry: 2000\n\n");
  reading = subscribed.then(
    (stop) => {
      unsubscribe = stop;
      if (closed) stop();
    },
    () => close(),
  );
  void readBacklog();
}
