import { DEFAULT_LABEL_SIZE_MM, type BadgeLabel } from "./badgeLabel.ts";
import { connectionText, type PrinterDescription } from "./printer.ts";

export const TEST_PAGE_QR = "TESSERA-PRINTER-TEST";

function describeKind(printer: PrinterDescription): string {
  switch (printer.kind) {
    case "escpos":
      return `ESC/POS (${printer.model}) at ${connectionText(printer.connection)}`;
    case "zpl":
      return `ZPL at ${printer.dpi ?? 203} dpi, ${connectionText(printer.connection)}`;
    case "system":
      return `System printer ${printer.systemName}`;
  }
}

/**
 * A test page in the printer's own terms: a large bold line, the printer's name and connection, the time,
 * accented letters and the euro sign (the code page or ^CI28 at work) and a QR a scanner should read.
 */
export function testPageLabel(
  printer: PrinterDescription,
  at: Date,
  size: { widthMm: number; heightMm: number } = DEFAULT_LABEL_SIZE_MM,
): BadgeLabel {
  return {
    lines: [
      { text: "Printer test", size: 6, bold: true },
      { text: printer.name, size: 3, bold: false },
      { text: describeKind(printer), size: 3, bold: false },
      { text: at.toISOString(), size: 3, bold: false },
      { text: "Àéîõü ß ñ €", size: 3, bold: false },
    ],
    qr: TEST_PAGE_QR,
    ...size,
  };
}
