import { afterEach, describe, expect, it, vi } from "vitest";
import { badgeLabelForGuest, type BadgeLabel } from "./badgeLabel.ts";
import { closedPort, startFakePrinter, type FakePrinter } from "./fakePrinter.ts";
import { tcpConnection, type EscPosPrinter, type ZplPrinter } from "./printer.ts";
import { createPrintQueue, type PrintQueueOptions } from "./printQueue.ts";
import { renderZpl } from "./zpl.ts";

const fakes: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});
async function fakePrinter(kind: "escpos" | "zpl", port?: number) {
  const fake = await startFakePrinter(kind, port);
  fakes.push(fake);
  return fake;
}

const zebraAt = (port: number): ZplPrinter => ({
  id: "zebra-1",
  name: "Front desk Zebra",
  kind: "zpl",
  connection: tcpConnection("127.0.0.1", port),
});
const epsonAt = (port: number): EscPosPrinter => ({
  id: "epson-1",
  name: "Kiosk Epson",
  kind: "escpos",
  model: "epson",
  connection: tcpConnection("127.0.0.1", port),
});
const labelOf = (name: string): BadgeLabel =>
  badgeLabelForGuest({ name, company: "Tessera", entryCode: `CODE-${name}` });
/** No real waiting between tries; each wait is recorded. */
const fastOptions = (waits: number[] = []): PrintQueueOptions => ({
  retryDelayMs: 10,
  timeoutMs: 2_000,
  sleep: async (ms) => {
    waits.push(ms);
  },
});

describe("print queue", () => {
  it("prints jobs in the order they came, one at a time, each marked printed and logged", async () => {
    const fake = await fakePrinter("zpl");
    const queue = createPrintQueue(zebraAt(fake.connection.port), fastOptions());
    const names = ["Ada", "Grace", "Hedy", "Katherine", "Radia"];
    const jobs = names.map((name, index) =>
      queue.print({ label: labelOf(name), requestedBy: "desk-1", guestId: `g${index}` }),
    );
    expect(jobs.map((job) => job.state)).toEqual(["printing", "queued", "queued", "queued", "queued"]);
    await queue.idle();
    await vi.waitFor(() => expect(fake.jobs).toHaveLength(5));
    expect(fake.jobs.map((bytes) => bytes.toString("utf8"))).toEqual(names.map((name) => renderZpl(labelOf(name))));
    expect(queue.jobs().map((job) => [job.state, job.attempts])).toEqual(names.map(() => ["printed", 1]));
    expect(queue.status().state).toBe("ready");
    expect(queue.log().map((entry) => [entry.guestId, entry.outcome, entry.requestedBy])).toEqual(
      names.map((_, index) => [`g${index}`, "printed", "desk-1"]),
    );
  });

  it("retries with a growing wait while the printer refuses connections, and prints once it accepts", async () => {
    const port = await closedPort();
    const waits: number[] = [];
    let fake: FakePrinter | null = null;
    const states: string[] = [];
    const queue = createPrintQueue(epsonAt(port), {
      ...fastOptions(),
      maxAttempts: 5,
      // The printer comes up during the second wait.
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 2) fake = await fakePrinter("escpos", port);
      },
      onChange: () => states.push(queue.status().state),
    });
    const job = queue.print({ label: labelOf("Ada"), requestedBy: "desk-1" });
    await queue.idle();
    expect(waits).toEqual([10, 20]);
    expect(states).toContain("offline");
    expect(queue.job(job.id)).toMatchObject({ state: "printed", attempts: 3, failure: null });
    expect(queue.status().state).toBe("ready");
    await vi.waitFor(() => expect(fake?.jobs).toHaveLength(1));
    expect(fake!.jobs[0]!.includes("Ada\n")).toBe(true);
  });

  it("marks a job failed with the reason after its attempts when the printer never accepts, and goes on", async () => {
    const waits: number[] = [];
    const queue = createPrintQueue(zebraAt(await closedPort()), { ...fastOptions(waits), maxAttempts: 3 });
    const first = queue.print({ label: labelOf("Ada"), requestedBy: "desk-1" });
    const second = queue.print({ label: labelOf("Grace"), requestedBy: "desk-1" });
    await queue.idle();
    expect(waits).toEqual([10, 20, 10, 20]);
    for (const job of [first, second])
      expect(queue.job(job.id)).toMatchObject({
        state: "failed",
        attempts: 3,
        failure: expect.stringMatching(/unreachable \(ECONNREFUSED\) after 3 attempts$/),
      });
    expect(queue.status()).toMatchObject({ state: "offline", detail: expect.stringContaining("ECONNREFUSED") });
    expect(queue.log().map((entry) => entry.outcome)).toEqual(["failed", "failed"]);
  });

  it.each(["escpos", "zpl"] as const)(
    "reports paper out from the %s printer's answer and holds the job until paper is back",
    async (kind) => {
      const fake = await fakePrinter(kind);
      fake.isPaperOut = true;
      const printer = kind === "zpl" ? zebraAt(fake.connection.port) : epsonAt(fake.connection.port);
      const queue = createPrintQueue(printer, fastOptions());
      const job = queue.print({ label: labelOf("Ada"), requestedBy: "desk-1" });
      await queue.idle();
      expect(queue.status()).toMatchObject({ state: "paperOut", detail: "paper end" });
      expect(queue.isHeld()).toBe(true);
      expect(queue.job(job.id)).toMatchObject({ state: "queued", attempts: 0 });
      const later = queue.print({ label: labelOf("Grace"), requestedBy: "desk-1" });
      await queue.idle();
      expect(fake.jobs).toEqual([]);

      expect((await queue.checkStatus()).state).toBe("paperOut");
      fake.isPaperOut = false;
      expect((await queue.checkStatus()).state).toBe("ready");
      await queue.idle();
      await vi.waitFor(() => expect(fake.jobs).toHaveLength(2));
      expect(fake.jobs[0]!.includes("Ada")).toBe(true);
      expect(fake.jobs[1]!.includes("Grace")).toBe(true);
      expect([queue.job(job.id)?.state, queue.job(later.id)?.state]).toEqual(["printed", "printed"]);
    },
  );

  it("reprints a job's label with who and why in the log, and refuses a reprint without a reason", async () => {
    const fake = await fakePrinter("zpl");
    const queue = createPrintQueue(zebraAt(fake.connection.port), fastOptions());
    const first = queue.print({ label: labelOf("Ada"), requestedBy: "desk-1", guestId: "g1" });
    await queue.idle();
    expect(() => queue.reprint(first.id, { requestedBy: "supervisor", reason: "  " })).toThrow("A reprint says why");
    expect(() => queue.reprint("nope", { requestedBy: "supervisor", reason: "Jam" })).toThrow("No print job");
    const again = queue.reprint(first.id, { requestedBy: "supervisor", reason: "Badge jammed" });
    await queue.idle();
    await vi.waitFor(() => expect(fake.jobs).toHaveLength(2));
    expect(fake.jobs[1]).toEqual(fake.jobs[0]);
    expect(queue.log()[1]).toMatchObject({
      jobId: again.id,
      purpose: "reprint",
      reprintOf: first.id,
      guestId: "g1",
      requestedBy: "supervisor",
      reason: "Badge jammed",
      outcome: "printed",
    });
    expect(queue.log()[1]!.at).toBeInstanceOf(Date);
  });

  it("prints a test page in each printer's language", async () => {
    const now = () => new Date("2026-11-27T08:30:00Z");
    const zebra = await fakePrinter("zpl");
    const epson = await fakePrinter("escpos");
    const zplQueue = createPrintQueue(zebraAt(zebra.connection.port), { ...fastOptions(), now });
    const escposQueue = createPrintQueue(epsonAt(epson.connection.port), { ...fastOptions(), now });
    zplQueue.printTestPage("tech");
    escposQueue.printTestPage("tech");
    await Promise.all([zplQueue.idle(), escposQueue.idle()]);
    await vi.waitFor(() => expect([zebra.jobs.length, epson.jobs.length]).toEqual([1, 1]));
    const zpl = zebra.jobs[0]!.toString("utf8");
    expect(zpl).toMatch(/^\^XA\n\^CI28\n/);
    expect(zpl).toContain("^FDPrinter test^FS");
    expect(zpl).toContain("^FDFront desk Zebra^FS");
    expect(zpl).toContain("^FD2026-11-27T08:30:00.000Z^FS");
    expect(zpl).toContain("^FDÀéîõü ß ñ €^FS");
    expect(zpl).toContain("^BQN,2,4^FDMA,TESSERA-PRINTER-TEST^FS");
    const escpos = epson.jobs[0]!;
    expect(escpos.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(escpos.includes("Printer test\n")).toBe(true);
    expect(escpos.includes("Kiosk Epson\n")).toBe(true);
    expect(escpos.includes("TESSERA-PRINTER-TEST")).toBe(true);
    expect(zplQueue.log()[0]).toMatchObject({ purpose: "test", requestedBy: "tech", outcome: "printed" });
  });

  it("fails at once what cannot be printed: a system printer the OS refuses, a label the printer cannot render", async () => {
    const system = createPrintQueue(
      { id: "s", name: "Office", kind: "system", systemName: "no-such-printer-here" },
      fastOptions(),
    );
    const onSystem = system.print({ label: labelOf("Ada"), requestedBy: "desk-1" });
    await system.idle();
    // No CUPS here (lp missing) or no such printer in it: either way the spooler's words, and no retry.
    expect(system.job(onSystem.id)).toMatchObject({ state: "failed", attempts: 1 });
    expect(system.job(onSystem.id)?.failure).toMatch(/lp|printer|destination/i);
    expect(system.status().state).toBe("offline");

    const fake = await fakePrinter("escpos");
    const queue = createPrintQueue(epsonAt(fake.connection.port), fastOptions());
    const accented = queue.print({ label: { ...labelOf("Ada"), qr: "Café" }, requestedBy: "desk-1" });
    const fine = queue.print({ label: labelOf("Grace"), requestedBy: "desk-1" });
    await queue.idle();
    expect(queue.job(accented.id)).toMatchObject({ state: "failed", failure: expect.stringContaining("ASCII") });
    expect(queue.job(fine.id)?.state).toBe("printed");
  });
});
