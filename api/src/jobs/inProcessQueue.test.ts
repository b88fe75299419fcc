import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { InProcessQueue } from "./inProcessQueue.ts";

interface LogLine {
  level: number;
  msg: string;
  job?: string;
  attempt?: number;
  err?: { message: string };
}

/** A real pino logger writing JSON lines into an array the test can read. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: "debug" }, destination), lines };
}

const PINO_WARN = 40;
const PINO_ERROR = 50;

describe("InProcessQueue", () => {
  const queues: InProcessQueue[] = [];
  function newQueue(options: { concurrency?: number } = {}) {
    const { logger, lines } = capturedLogger();
    // One "second" of back-off lasts 1 ms here.
    const queue = new InProcessQueue({ logger, retryDelayUnitMs: 1, ...options });
    queues.push(queue);
    return { queue, lines };
  }
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  it("retries a failing job with growing delays until it succeeds", async () => {
    const { queue, lines } = newQueue();
    const attemptsAt: number[] = [];
    queue.register<{ value: number }>("flaky", async ({ value }) => {
      attemptsAt.push(Date.now());
      if (attemptsAt.length < 3) throw new Error(`attempt ${attemptsAt.length} failed for ${value}`);
    });
    await queue.start();
    await queue.send("flaky", { value: 7 }, { retryLimit: 5, retryDelaySeconds: 20 });
    await queue.drain(2000);

    expect(attemptsAt).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attemptsAt;
    expect(second - first).toBeGreaterThanOrEqual(19); // 20 ms, then doubled
    expect(third - second).toBeGreaterThanOrEqual(39);
    const warnings = lines.filter((line) => line.level === PINO_WARN);
    expect(warnings.map((line) => [line.msg, line.job, line.attempt, line.err?.message])).toEqual([
      ["job failed, will retry", "flaky", 1, "attempt 1 failed for 7"],
      ["job failed, will retry", "flaky", 2, "attempt 2 failed for 7"],
    ]);
    expect(lines.filter((line) => line.level >= PINO_ERROR)).toEqual([]);
  });

  it("gives up after retryLimit retries and logs an error", async () => {
    const { queue, lines } = newQueue();
    let attempts = 0;
    queue.register("doomed", async () => {
      attempts += 1;
      throw new Error("always broken");
    });
    await queue.start();
    await queue.send("doomed", {}, { retryLimit: 2, retryDelaySeconds: 1 });
    await queue.drain(2000);

    expect(attempts).toBe(3); // the first run and two retries
    const errors = lines.filter((line) => line.level === PINO_ERROR);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: "job failed, no retry left", job: "doomed", attempt: 3 });
    expect(errors[0]?.err?.message).toBe("always broken");
  });

  it("drain() waits for queued, delayed and running jobs, with at most `concurrency` at once", async () => {
    const { queue } = newQueue({ concurrency: 3 });
    const done: number[] = [];
    let running = 0;
    let mostRunning = 0;
    queue.register<{ index: number }>("work", async ({ index }) => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      done.push(index);
    });
    await queue.start();
    for (let index = 0; index < 10; index += 1) await queue.send("work", { index });
    await queue.send("work", { index: 10 }, { startAfter: new Date(Date.now() + 80) });
    await queue.drain(2000);

    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(mostRunning).toBe(3);
    await expect(queue.drain(10)).resolves.toBeUndefined(); // idle: resolves at once
  });

  it("drain() rejects after its timeout when jobs are still pending", async () => {
    const { queue } = newQueue();
    queue.register("slow", () => new Promise<void>((resolve) => setTimeout(resolve, 300)));
    await queue.start();
    await queue.send("slow", {});
    await expect(queue.drain(30)).rejects.toThrow(/still pending after 30 ms.*1 running/);
  });

  it("runs jobs sent before start() once started, with a copy of their data", async () => {
    const { queue } = newQueue();
    const received: unknown[] = [];
    queue.register("copy", async (data) => {
      received.push(data);
    });
    const data = { when: new Date("2030-01-02T03:04:05Z"), list: [1] };
    await queue.send("copy", data);
    data.list.push(2);
    expect(received).toEqual([]);
    await queue.start();
    await queue.drain(1000);
    expect(received).toEqual([{ when: "2030-01-02T03:04:05.000Z", list: [1] }]);
  });

  it("stop() waits for running jobs, drops queued ones and refuses new sends", async () => {
    const { queue, lines } = newQueue({ concurrency: 1 });
    const finished: string[] = [];
    queue.register<{ id: string }>("job", async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished.push(id);
    });
    await queue.start();
    await queue.send("job", { id: "running" });
    await queue.send("job", { id: "queued" });
    await new Promise((resolve) => setTimeout(resolve, 10));

    await queue.stop();
    expect(finished).toEqual(["running"]);
    expect(lines.find((line) => line.level === PINO_WARN)).toMatchObject({ dropped: 1 });
    await expect(queue.send("job", { id: "late" })).rejects.toThrow(/stopped/);
    await expect(queue.drain(10)).resolves.toBeUndefined();
    await expect(queue.start()).rejects.toThrow(/cannot start again/);
  });

  it("refuses jobs nobody handles and handlers registered twice or after start", async () => {
    const { queue } = newQueue();
    queue.register("known", async () => {});
    expect(() => queue.register("known", async () => {})).toThrow(/already registered/);
    await expect(queue.send("unknown", {})).rejects.toThrow(/No handler/);
    await queue.start();
    expect(() => queue.register("late", async () => {})).toThrow(/before start/);
  });
});
