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
  let closed = false;
  let unsubscribe: () => void = () => undefined;
  // Steps under way (taking the subscription, reading a backlog), one after the other: live events wait in
  // `held` until none is left, so that they come after what the backlog sends.
  let pending = 0;
  let held: StreamEvent[] = [];
  let steps: Promise<void> = Promise.resolve();

  const send = (event: StreamEvent) => {
    if (closed || sent.has(event.id)) return;
    sent.add(event.id);
    if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!);
    lastId = event.id;
    stream.write(`id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  const step = (work: () => Promise<void>) => {
    pending++;
    steps = steps
      .then(work)
      .then(
        () => undefined,
        () => close(),
      )
      .finally(() => {
        if (--pending > 0) return;
        const live = held;
        held = [];
        live.forEach(send);
      });
  };
  const readBacklog = () =>
    step(async () => {
      for (const event of await source.backlog(lastId)) send(event);
    });

  const heartbeat = setInterval(() => stream.write(": still here\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
  ctx.req.on("close", close);
  stream.on("error", close);
  // The browser retries after 2 s when the connection drops, sending the last id it got.
  stream.write("retry: 2000\n\n");
  // Subscribed before the backlog is read, so that no event falls between them; a gap reads it again.
  step(async () => {
    unsubscribe = await source.subscribe((event) => (pending > 0 ? held.push(event) : send(event)), readBacklog);
    if (closed) unsubscribe();
  });
  readBacklog();
}
