import { describe, expect, it } from "vitest";
import type { BadgeLabel } from "./badgeLabel.ts";
import { mmToDots, renderZpl } from "./zpl.ts";

const label: BadgeLabel = {
  lines: [
    { text: "Ada Lovelace", size: 6, bold: true },
    { text: "Analytical Engines — Café", size: 3, bold: false },
  ],
  qr: "T1.abc_def-123",
  widthMm: 80,
  heightMm: 50,
};

describe("ZPL rendering", () => {
  it("writes a known label exactly: UTF-8, size in dots at 203 dpi, centred lines, bold struck twice, the QR", () => {
    expect(renderZpl(label)).toBe(
      [
        "^XA",
        "^CI28",
        "^PW639",
        "^LL400",
        "^LH0,0",
        "^FO24,24^A0N,48,48^FB591,1,0,C,0^FDAda Lovelace^FS",
        "^FO26,24^A0N,48,48^FB591,1,0,C,0^FDAda Lovelace^FS",
        "^FO24,84^A0N,24,24^FB591,1,0,C,0^FDAnalytical Engines — Café^FS",
        "^FO278,114^BQN,2,4^FDMA,T1.abc_def-123^FS",
        "^XZ",
        "",
      ].join("\n"),
    );
  });

  it("converts millimetres at the printer's resolution", () => {
    expect(mmToDots(25.4)).toBe(203);
    expect(mmToDots(10, 300)).toBe(118);
    const at300 = renderZpl({ ...label, qr: null }, 300);
    expect(at300).toContain("^PW945\n^LL591\n");
    expect(at300).toContain("^FO35,35^A0N,71,71");
    expect(at300).not.toContain("^BQN");
  });

  it("hex-escapes a text holding ZPL's command characters", () => {
    const zpl = renderZpl({ lines: [{ text: "A^B~C_D", size: 3, bold: false }], qr: null, widthMm: 50, heightMm: 30 });
    expect(zpl).toContain("^FH^FDA_5EB_7EC_5FD^FS");
    expect(zpl.match(/\^XA|\^XZ/g)).toEqual(["^XA", "^XZ"]);
  });
});
