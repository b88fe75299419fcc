import { afterEach, describe, expect, it, vi } from "vitest";
import type { BadgeLabel } from "./badgeLabel.ts";
import { foldText, renderEscPos } from "./escpos.ts";
import { startFakePrinter, type FakePrinter } from "./fakePrinter.ts";
import { sendToPrinter } from "./tcp.ts";

const label: BadgeLabel = {
  lines: [
    { text: "Ada Lovelace", size: 6, bold: true },
    { text: "Analytical Engines", size: 3, bold: false },
  ],
  qr: "T1.abc_def-123",
  widthMm: 80,
  heightMm: 50,
};

const bytes = (...values: number[]) => Buffer.from(values);
const ESC_INIT = bytes(0x1b, 0x40);
const CUT = bytes(0x1d, 0x56, 0x00);

let fake: FakePrinter | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe("ESC/POS rendering", () => {
  it("starts with ESC @, prints each line bold and magnified as asked, the QR (GS ( k) and cuts", () => {
    const stream = renderEscPos(label, { model: "epson" });
    expect(stream.subarray(0, 2)).toEqual(ESC_INIT);
    const name = stream.indexOf("Ada Lovelace\n");
    const company = stream.indexOf("Analytical Engines\n");
    expect(name).toBeGreaterThan(0);
    expect(company).toBeGreaterThan(name);
    // Bold on and 2 × 2 before the name; bold off and normal size before the company.
    expect(stream.subarray(name - 6, name)).toEqual(bytes(0x1b, 0x45, 0x01, 0x1d, 0x21, 0x11));
    expect(stream.subarray(company - 6, company)).toEqual(bytes(0x1b, 0x45, 0x00, 0x1d, 0x21, 0x00));
    // QR: model 2, then the data stored (pL pH = 14 + 3) and printed.
    const model = stream.indexOf(bytes(0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00));
    const store = stream.indexOf(
      Buffer.concat([bytes(0x1d, 0x28, 0x6b, 17, 0, 0x31, 0x50, 0x30), Buffer.from("T1.abc_def-123")]),
    );
    const print = stream.indexOf(bytes(0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30));
    expect(model).toBeGreaterThan(company);
    expect(store).toBeGreaterThan(model);
    expect(print).toBeGreaterThan(store);
    expect(stream.indexOf(CUT)).toBeGreaterThan(print);
  });

  it("prints no QR without an entry code and refuses a QR the library would miscount", () => {
    expect(renderEscPos({ ...label, qr: null }, { model: "epson" }).includes(bytes(0x1d, 0x28, 0x6b))).toBe(false);
    expect(() => renderEscPos({ ...label, qr: "Café" }, { model: "epson" })).toThrow("printable ASCII");
  });

  it("speaks Star's commands on a Star, with the QR's data command whole", () => {
    const stream = renderEscPos(label, { model: "star" });
    expect(stream.subarray(0, 2)).toEqual(ESC_INIT);
    expect(stream.includes("Ada Lovelace\n")).toBe(true);
    expect(
      stream.includes(Buffer.concat([bytes(0x1b, 0x1d, 0x79, 0x44, 0x31, 0x00, 14, 0), Buffer.from("T1.abc_def-123")])),
    ).toBe(true);
    expect(stream.includes(bytes(0x1b, 0x1d, 0x79, 0x50))).toBe(true);
    expect(stream.includes(bytes(0x1b, 0x64, 0x02))).toBe(true); // Star's full cut
  });

  it("folds long lines between words to what fits at the line's magnification", () => {
    expect(foldText("Grace Brewster Murray Hopper", 12)).toEqual(["Grace", "Brewster", "Murray", "Hopper"]);
    expect(foldText("Ada Lovelace", 48)).toEqual(["Ada Lovelace"]);
    expect(foldText("Supercalifragilistic", 8)).toEqual(["Supercal", "ifragili", "stic"]);
    const narrow = renderEscPos(
      { ...label, lines: [{ text: "Grace Brewster Hopper", size: 6, bold: false }] },
      {
        model: "epson",
        charactersPerLine: 32,
      },
    );
    expect(narrow.includes("Grace Brewster\nHopper\n")).toBe(true);
  });

  it("reaches the printer byte for byte over TCP", async () => {
    fake = await startFakePrinter("escpos");
    const stream = renderEscPos(label, { model: "epson" });
    await sendToPrinter(fake.connection, stream);
    await vi.waitFor(() => expect(fake?.jobs).toHaveLength(1));
    expect(fake.jobs[0]).toEqual(stream);
  });
});
