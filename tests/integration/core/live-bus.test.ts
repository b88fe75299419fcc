import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { streamEvents, type StreamEvent } from "../../../api/src/http/eventStream.ts";
import type { Db } from "../../../api/src/db/knex.ts";
import type { LiveBus, LiveData } from "../../../api/src/live/index.ts";
import { MemoryLiveBus } from "../../../api/src/live/memoryLiveBus.ts";
import { PgLiveBus } from "../../../api/src/live/pgLiveBus.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { openEventStream, type EventStreamReader } from "../../helpers/eventStream.ts";
import { useTestServer } from "../../helpers/suite.ts";

const silent = pino({ level: "silent" });

/** Watches the topic on `bus`; `messages` resolves with its next `count` messages. */
async function nextMessages(bus: { subscribe: MemoryLiveBus["subscribe"] }, topic: string, count: number) {
  const got: LiveData[] = [];
  let done: (messages: LiveData[]) => void = () => undefined;
  const messages = new Promise<LiveData[]>((resolve) => (done = resolve));
  const stop = await bus.subscribe(topic, (data) => {
    got.push(data);
    if (got.length === count) {
      stop();
      done(got);
    }
  });
  return { messages };
}

/**
 * Resolves once a message published now, outside any transaction, reached this process's watchers: whatever
 * the bus had delivered before it has been delivered (one listening connection or one process's queue, in
 * order), so what did not come yet was held back.
 */
async function drained(live: LiveBus, db: Db): Promise<void> {
  const topic = `drain:${randomUUID()}`;
  let arrived: () => void = () => undefined;
  const marker = new Promise<void>((resolve) => (arrived = resolve));
  const stop = await live.subscribe(topic, () => arrived());
  try {
    await live.publish(db, topic, {});
    await marker;
  } finally {
    stop();
  }
}

/**
 * The live bus pushes a message to the topic's watchers of every API process: once published outside a
 * transaction, at the commit inside one, never after a rollback; a listener whose connection drops comes
 * back by itself and says messages may have been missed.
 */
describe.each(databaseKinds())("the live bus on %s", (kind) => {
  const suite = useTestServer(kind);

  it("delivers at once outside a transaction, at the commit inside one, and never after a rollback", async () => {
    const { db, live } = suite.server.deps;
    const seen: LiveData[] = [];
    const stop = await live.subscribe("event:1", (data) => seen.push(data));
    try {
      await live.publish(db, "event:1", { n: 1 });
      await live.publish(db, "event:2", { n: 99 });
      await db.transaction(async (trx) => {
        await live.publish(trx, "event:1", { n: 2 });
        await drained(live, db);
        expect(seen).toEqual([{ n: 1 }]);
      });
      await db
        .transaction(async (trx) => {
          await live.publish(trx, "event:1", { n: 3 });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await db.transaction(async (trx) => {
        await trx.transaction(async (savepoint) => live.publish(savepoint, "event:1", { n: 4 }));
        await drained(live, db);
        expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      });
      // 4 was published after 3: once it is here, 3 (rolled back) would have been too.
      await drained(live, db);
      expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
    } finally {
      stop();
    }
  });

  it("delivers many messages published at once in their order, at the commit, and none after a rollback", async () => {
    const { db, live } = suite.server.deps;
    const seen: LiveData[] = [];
    const stop = await live.subscribe("event:many", (data) => seen.push(data));
    try {
      const messages = Array.from({ length: 300 }, (_, n) => ({ n }));
      await db.transaction(async (trx) => {
        await live.publishAll(trx, "event:many", messages.slice(0, 150));
        await live.publishAll(trx, "event:many", []);
        await live.publishAll(trx, "event:many", messages.slice(150));
        await drained(live, db);
        expect(seen).toEqual([]);
      });
      await db
        .transaction(async (trx) => {
          await live.publishAll(trx, "event:many", [{ n: "rolled back" }]);
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await drained(live, db);
      expect(seen).toEqual(messages);
      await expect(live.publishAll(db, "event:many", [{ text: "x".repeat(8_000) }])).rejects.toThrow(/live message/);
    } finally {
      stop();
    }
  });

  it("refuses a message too big for PostgreSQL's NOTIFY, on either database", async () => {
    const { db, live } = suite.server.deps;
    await expect(live.publish(db, "event:1", { text: "x".repeat(8_000) })).rejects.toThrow(/live message/);
  });
});

describe.each(databaseKinds().filter((kind) => kind === "postgres"))("the live bus across processes on %s", (kind) => {
  const suite = useTestServer(kind);
  const buses: PgLiveBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it("reaches another process's watchers, and tells them of a gap when their connection drops", async () => {
    const { db, live, config } = suite.server.deps;
    const other = new PgLiveBus(config.databaseUrl!, silent);
    buses.push(other);
    let gaps = 0;
    const first = await nextMessages(other, "session:7", 1);
    await other.subscribe(
      "session:7",
      () => undefined,
      () => gaps++,
    );
    await live.publish(db, "session:7", { scan: "a" });
    expect(await first.messages).toEqual([{ scan: "a" }]);

    await db.raw("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tessera-live'");
    await expect.poll(() => gaps, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const after = await nextMessages(other, "session:7", 1);
    await live.publish(db, "session:7", { scan: "b" });
    expect(await after.messages).toEqual([{ scan: "b" }]);
  });
});

describe("a stream of events (Server-Sent Events)", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  /** An app whose one route streams `log` (its backlog) and the bus's live events. */
  async function streamingServer(log: StreamEvent[], bus: MemoryLiveBus) {
    const app = new Koa();
    // A reader that hangs up ends the response early: not an error worth a log line here.
    app.silent = true;
    app.use((ctx) =>
      streamEvents(ctx, {
        async backlog(lastEventId) {
          const from = lastEventId === null ? 0 : log.findIndex((event) => event.id === lastEventId) + 1;
          return log.slice(from);
        },
        subscribe: (push, onGap) =>
          bus.subscribe("scans", (data) => push({ id: String(data.id), event: "scan", data }), onGap),
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  /** The ids of the next `count` events of `stream`. */
  const nextIds = async (stream: EventStreamReader<unknown>, count: number) =>
    (await stream.next(count)).map((event) => event.id);

  it("sends the backlog then live events once each, and resumes after the Last-Event-ID", async () => {
    const log: StreamEvent[] = ["1", "2"].map((id) => ({ id, event: "scan", data: { id } }));
    const bus = new MemoryLiveBus();
    const url = await streamingServer(log, bus);
    const stream = await openEventStream(url);
    try {
      expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
      // The stream subscribes before it reads the backlog: once the backlog is here, it listens.
      expect(await nextIds(stream, 2)).toEqual(["1", "2"]);
      // "2" comes live again (a backlog overlaps live events): sent once.
      await bus.publish({ isTransaction: false } as never, "scans", { id: "2" });
      for (const id of ["3", "4"]) {
        log.push({ id, event: "scan", data: { id } });
        await bus.publish({ isTransaction: false } as never, "scans", { id });
      }
      expect(await nextIds(stream, 2)).toEqual(["3", "4"]);
    } finally {
      stream.close();
    }
    const resumed = await openEventStream(url, { "Last-Event-ID": "2" });
    try {
      expect(await nextIds(resumed, 2)).toEqual(["3", "4"]);
    } finally {
      resumed.close();
    }
  });
});
