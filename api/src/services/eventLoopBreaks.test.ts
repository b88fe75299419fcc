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
  it("lasts until the other requests being answered are done", async () => {
    const request = pendingRequest();
    setTimeout(() => request.finish(), 20);
    await new EventLoopBreaks(10, 60_000).take();
    expect(request.isFinished()).toBe(true);
    await request.answered;
  });

  it("ends after its patience even if a request lasts (the work is never starved)", async () => {
    const request = pendingRequest();
    await new EventLoopBreaks().take();
    expect(request.isFinished()).toBe(false);
    request.finish();
    await request.answered;
  });

  it("counts the requests besides the one the work runs for", async () => {
    const request = pendingRequest();
    expect(requestsInFlight.others).toBe(1);
    expect(await requestsInFlight.during(async () => requestsInFlight.others)).toBe(1);
    request.finish();
    await request.answered;
    expect(requestsInFlight.others).toBe(0);
    expect(await requestsInFlight.during(async () => requestsInFlight.others)).toBe(0);
  });
});
