import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { badgeLabelForGuest } from "./badgeLabel.ts";
import { deviceConnection, type ZplPrinter } from "./printer.ts";
import { createPrintQueue } from "./printQueue.ts";
import { renderZpl } from "./zpl.ts";

const zebraOn = (devicePath: string): ZplPrinter => ({
  id: "usb-zebra",
  name: "USB Zebra",
  kind: "zpl",
  connection: deviceConnection(devicePath),
});
const label = badgeLabelForGuest({ name: "Ada Lovelace", company: "Tessera", entryCode: "CODE-ADA" });
const noWait = { retryDelayMs: 1, sleep: async () => undefined };

describe("a printer on USB (its device file)", () => {
  it("gets the job's bytes written to its device file, with no status request", async () => {
    const device = path.join(mkdtempSync(path.join(tmpdir(), "usb-lp-")), "lp0");
    writeFileSync(device, "");
    const queue = createPrintQueue(zebraOn(device), noWait);
    const job = queue.print({ label, requestedBy: "desk-1", guestId: "g1" });
    await queue.idle();
    expect(queue.job(job.id)).toMatchObject({ state: "printed", attempts: 1 });
    expect(readFileSync(device, "utf8")).toBe(renderZpl(label));
    // A device file says nothing of the paper: the state is the last job's.
    expect((await queue.checkStatus()).state).toBe("ready");
  });

  it("retries then fails when the device is not there (unplugged)", async () => {
    const missing = path.join(mkdtempSync(path.join(tmpdir(), "usb-lp-")), "gone", "lp0");
    const queue = createPrintQueue(zebraOn(missing), { ...noWait, maxAttempts: 3 });
    const job = queue.print({ label, requestedBy: "desk-1" });
    await queue.idle();
    expect(queue.job(job.id)).toMatchObject({ state: "failed", attempts: 3 });
    expect(queue.job(job.id)?.failure).toContain("ENOENT");
    expect(queue.status().state).toBe("offline");
  });

  it("is refused when its path is empty", () => {
    expect(() => deviceConnection("  ")).toThrow(/Not a printer device/);
  });
});
