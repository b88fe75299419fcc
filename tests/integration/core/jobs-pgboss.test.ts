import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgBossQueue } from "../../../api/src/jobs/pgBossQueue.ts";
import { createTestDatabase, type TestDatabase } from "../../helpers/databases.ts";

describe.skipIf(!process.env.DATABASE_URL)("PgBossQueue on PostgreSQL", () => {
  let database: TestDatabase;
  let databaseUrl = "";
  const logger = pino({ level: "silent" });
  const queues: PgBossQueue[] = [];

  function newQueue(): PgBossQueue {
    const queue = new PgBossQueue({ connectionString: databaseUrl, logger, pollingIntervalSeconds: 0.5, poolSize: 3 });
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    databaseUrl = database.databaseUrl!;
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database?.drop();
  });

  it("runs each of 50 jobs exactly once across two processes", async () => {
    const runsByProcess = { first: [] as number[], second: [] as number[] };
    const processes = (["first", "second"] as const).map((processName) => {
      const queue = newQueue();
      queue.register<{ index: number }>("count", async ({ index }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        runsByProcess[processName].push(index);
      });
      return queue;
    });
    await Promise.all(processes.map((queue) => queue.start()));
    const [first, second] = processes as [PgBossQueue, PgBossQueue];

    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 ? first : second).send("count", { index })),
    );
    expect(new Set(sent).size).toBe(50);
    await first.drain(30_000);

    const runs = [...runsByProcess.first, ...runsByProcess.second].sort((a, b) => a - b);
    expect(runs).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(runsByProcess.first.length).toBeGreaterThan(0);
    expect(runsByProcess.second.length).toBeGreaterThan(0);
    await Promise.all(processes.map((queue) => queue.stop()));
  });

  it("creates queues from two processes at once without a deadlock", async () => {
    const processes = [newQueue(), newQueue()];
    await Promise.all(processes.map((queue) => queue.start()));
    const names = ["alpha", "beta", "gamma", "delta", "epsilon"];
    const ids = await Promise.all(processes.flatMap((queue) => names.map((name) => queue.send(name, { name }))));
    expect(ids).toHaveLength(10);
    await Promise.all(processes.map((queue) => queue.stop()));
  });

  it("keeps a job sent before a stop and runs it once a new queue starts", async () => {
    const before = newQueue(); // a process that does not handle "restart" jobs
    await before.start();
    await before.send("restart", { note: "sent before the restart" });
    await before.stop();
    await expect(before.send("restart", {})).rejects.toThrow(/stopped/);

    const received: unknown[] = [];
    const after = newQueue();
    after.register("restart", async (data) => {
      received.push(data);
    });
    await after.start();
    await after.drain(10_000);
    expect(received).toEqual([{ note: "sent before the restart" }]);
    await after.stop();
  });

  it("stop() waits for a running job, which then counts as done", async () => {
    let runs = 0;
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const handler = async () => {
      runs += 1;
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const first = newQueue();
    first.register("long", handler);
    await first.start();
    await first.send("long", {});
    await hasStarted;
    await first.stop();
    expect(runs).toBe(1);

    const second = newQueue();
    second.register("long", handler);
    await second.start();
    await second.drain(5_000);
    await new Promise((resolve) => setTimeout(resolve, 700)); // a poll or more: nothing to run again
    expect(runs).toBe(1);
    await second.stop();
  });

  it("retries a failing job, failing it alone within its batch", async () => {
    const queue = newQueue();
    const attempts = new Map<string, number>();
    queue.register<{ key: string }>("flaky", async ({ key }) => {
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (key === "flaky" && attempt === 1) throw new Error("first attempt fails");
    });
    await queue.start();
    await Promise.all(
      ["steady-1", "flaky", "steady-2"].map((key) => queue.send("flaky", { key }, { retryDelaySeconds: 1 })),
    );
    await queue.drain(15_000);
    expect(Object.fromEntries(attempts)).toEqual({ "steady-1": 1, flaky: 2, "steady-2": 1 });
    await queue.stop();
  });
});
