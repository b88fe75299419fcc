import { afterEach, describe, expect, it } from "vitest";
import { closedPort, startFakePrinter, type FakePrinter } from "./fakePrinter.ts";
import { tcpConnection } from "./printer.ts";
import { parseEscPosPaperStatus, parseZplHostStatus, readPaperStatus, statusFromReading } from "./printerStatus.ts";
import { PrinterConnectionError } from "./tcp.ts";

const frames = (...texts: string[]) => Buffer.from(texts.map((text) => `\x02${text}\x03\r\n`).join(""), "ascii");
const at = new Date("2026-11-27T09:00:00Z");

let fake: FakePrinter | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe("printer status", () => {
  it("reads the paper-end and near-end bits of DLE EOT 4's answer", () => {
    expect(parseEscPosPaperStatus(Buffer.from([0x12]))).toEqual({
      isPaperOut: false,
      isPaperNearEnd: false,
      blocker: null,
    });
    expect(parseEscPosPaperStatus(Buffer.from([0x72])).isPaperOut).toBe(true);
    expect(parseEscPosPaperStatus(Buffer.from([0x1e]))).toMatchObject({ isPaperOut: false, isPaperNearEnd: true });
    expect(() => parseEscPosPaperStatus(Buffer.from([0xff]))).toThrow("Not an ESC/POS");
    expect(() => parseEscPosPaperStatus(Buffer.alloc(0))).toThrow("Not an ESC/POS");
  });

  it("reads paper out, pause, head open and ribbon out from ~HS's three strings", () => {
    const ready = frames("030,0,0,0400,000,0,0,0,000,0,0,0", "001,0,0,0,1,2,6,0,00000000,1,000", "1234,0");
    expect(parseZplHostStatus(ready)).toEqual({ isPaperOut: false, isPaperNearEnd: false, blocker: null });
    const paperOut = frames("030,1,0,0400,000,0,0,0,000,0,0,0", "001,0,0,0,1,2,6,0,00000000,1,000", "1234,0");
    expect(parseZplHostStatus(paperOut).isPaperOut).toBe(true);
    const stuck = frames("030,0,1,0400,000,0,0,0,000,0,0,0", "001,0,1,1,1,2,6,0,00000000,1,000", "1234,0");
    expect(parseZplHostStatus(stuck).blocker).toBe("paused, head open, ribbon out");
    expect(() => parseZplHostStatus(frames("030,0,0"))).toThrow("Not a ZPL host status");
  });

  it("turns a reading into the desk's state", () => {
    expect(statusFromReading({ isPaperOut: true, isPaperNearEnd: true, blocker: null }, at)).toEqual({
      state: "paperOut",
      detail: "paper end",
      checkedAt: at,
    });
    expect(statusFromReading({ isPaperOut: false, isPaperNearEnd: false, blocker: "paused" }, at).state).toBe(
      "offline",
    );
    expect(statusFromReading({ isPaperOut: false, isPaperNearEnd: true, blocker: null }, at)).toMatchObject({
      state: "ready",
      detail: "paper near end",
    });
  });

  it("asks a printer over TCP, each kind in its own words", async () => {
    fake = await startFakePrinter("zpl");
    const zebra = { id: "z", name: "Zebra", kind: "zpl", connection: fake.connection } as const;
    expect((await readPaperStatus(zebra)).isPaperOut).toBe(false);
    fake.isPaperOut = true;
    expect((await readPaperStatus(zebra)).isPaperOut).toBe(true);
    expect(fake.statusRequests).toBe(2);
    expect(fake.jobs).toEqual([]);
  });

  it("fails with a connection error when nothing listens", async () => {
    const epson = {
      id: "e",
      name: "Epson",
      kind: "escpos",
      model: "epson",
      connection: tcpConnection("127.0.0.1", await closedPort()),
    } as const;
    await expect(readPaperStatus(epson, 1_000)).rejects.toBeInstanceOf(PrinterConnectionError);
  });
});
