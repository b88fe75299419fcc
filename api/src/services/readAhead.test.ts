import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { readAhead } from "./readAhead.ts";

/** A source that records when each item's work starts and ends. */
function recordedSource(count: number, workMs: number, log: string[], failAt?: number) {
  let closed = false;
  async function* items(): AsyncGenerator<number> {
    try {
      for (let item = 0; item < count; item++) {
        log.push(`read ${item}`);
        await sleep(workMs);
        if (item === failAt) throw new Error(`item ${item} is broken`);
        log.push(`ready ${item}`);
        yield item;
      }
    } finally {
      closed = true;
    }
  }
  return { items: items(), isClosed: () => closed };
}

describe("reading ahead of the consumer", () => {
  it("reads the next item while the consumer works on this one, in order", async () => {
    const log: string[] = [];
    const received: number[] = [];
    for await (const item of readAhead(recordedSource(3, 5, log).items)) {
      log.push(`write ${item}`);
      await sleep(20);
      log.push(`written ${item}`);
      received.push(item);
    }
    expect(received).toEqual([0, 1, 2]);
    // Item 1 is read while item 0 is being written (without read-ahead, "read 1" comes after "written 0").
    expect(log.indexOf("read 1")).toBeLessThan(log.indexOf("written 0"));
    expect(log.indexOf("ready 1")).toBeLessThan(log.indexOf("written 0"));
  });

  it("reports the source's failure to the consumer when it reaches that item", async () => {
    const received: number[] = [];
    const reading = (async () => {
      for await (const item of readAhead(recordedSource(5, 1, [], 2).items)) {
        await sleep(10);
        received.push(item);
      }
    })();
    await expect(reading).rejects.toThrow("item 2 is broken");
    expect(received).toEqual([0, 1]);
  });

  it("closes the source when the consumer stops early", async () => {
    const source = recordedSource(10, 1, []);
    const failing = (async () => {
      for await (const item of readAhead(source.items)) if (item === 1) throw new Error("the write failed");
    })();
    await expect(failing).rejects.toThrow("the write failed");
    expect(source.isClosed()).toBe(true);
  });
});
