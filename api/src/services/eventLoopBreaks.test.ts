import { describe, expect, it } from "vitest";
import { EventLoopBreaks } from "./eventLoopBreaks.ts";
import { requestsInFlight } from "./requestsInFlight.ts";

/** A request being answered until `finish()` is called. */
function pendingRequest() {
  let finish!: () => void;
  let finished = false;
  const answered = requestsInFlight.during(
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          finished = true;
          resolve();
        };
      }),
  );
  return { finish: () => finish(), answered, isFinished: () => finished };
}

describe("a break of long work on the event loop", () => {
  it("lasts until the requests that arrived since the work began are answered", async () => {
    const breaks = new EventLoopBreaks(10, 60_000);
    const request = pendingRequest();
    setTimeout(() => request.finish(), 20);
    await breaks.take();
    expect(request.isFinished()).toBe(true);
    await request.answered;
  });

  it("ends after its patience even if a request lasts (the work is never starved)", async () => {
    const breaks = new EventLoopBreaks();
    const request = pendingRequest();
    await breaks.take();
    expect(request.isFinished()).toBe(false);
    request.finish();
    await request.answered;
  });

  it("does not wait for the request it runs for, nor others that arrived before it began", async () => {
    const earlier = pendingRequest();
    let waitedFor = true;
    await requestsInFlight.during(async () => {
      const mark = requestsInFlight.mark;
      waitedFor = requestsInFlight.arrivedSince(mark);
    });
    expect(waitedFor).toBe(false);
    const mark = requestsInFlight.mark;
    const later = pendingRequest();
    expect(requestsInFlight.arrivedSince(mark)).toBe(true);
    later.finish();
    await later.answered;
    expect(requestsInFlight.arrivedSince(mark)).toBe(false);
    earlier.finish();
    await earlier.answered;
  });

  it("lets the loop poll between slices of two pieces of work, never running them back to back", async () => {
    // Each slice's end arms an immediate, which runs once the loop has polled for I/O: when the next slice
    // starts, every slice that ended before it has had its poll.
    let slicesAwaitingPoll = 0;
    let slicesStartedBeforePoll = 0;
    let slices = 0;
    const work = async () => {
      const breaks = new EventLoopBreaks(2, 0);
      for (let step = 0; step < 32 * 40; step++) {
        if (breaks.due) {
          slicesAwaitingPoll += 1;
          setImmediate(() => (slicesAwaitingPoll -= 1));
          await breaks.take();
          slices += 1;
          if (slicesAwaitingPoll > 0) slicesStartedBeforePoll += 1;
        }
        const until = performance.now() + 0.05;
        while (performance.now() < until);
      }
    };
    await Promise.all([work(), work()]);
    expect(slices).toBeGreaterThan(10);
    expect(slicesStartedBeforePoll).toBe(0);
  });
});
