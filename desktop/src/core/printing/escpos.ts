import type { BadgeLabel } from "./badgeLabel.ts";
import type { EscPosPrinter } from "./printer.ts";
import { createThermalBuffer } from "./thermalPrinterAdapter.ts";

/** Font A is 24 dots tall at 203 dpi: 3 mm a magnification step. */
const FONT_A_HEIGHT_MM = 3;
const DEFAULT_CHARACTERS_PER_LINE = 48;

/** Folds a text into lines of at most `width` characters, breaking between words where it can. */
export function foldText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (current) lines.push(current);
      current = "";
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (current && current.length + 1 + rest.length > width) {
      lines.push(current);
      current = rest;
    } else current = current ? `${current} ${rest}` : rest;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The label as ESC/POS bytes (Star's own commands for the same steps on a Star): initialise (ESC @), code
 * page, centred lines magnified to their size and folded to the paper's width, the entry code as a QR, cut.
 * Thermal printers print on continuous paper: the label's width and height do not apply.
 */
export function renderEscPos(label: BadgeLabel, printer: Pick<EscPosPrinter, "model" | "charactersPerLine">): Buffer {
  const buffer = createThermalBuffer(printer.model);
  const charactersPerLine = printer.charactersPerLine ?? DEFAULT_CHARACTERS_PER_LINE;
  buffer.init();
  buffer.alignCenter();
  for (const line of label.lines) {
    const times = Math.min(8, Math.max(1, Math.round(line.size / FONT_A_HEIGHT_MM)));
    // Star magnifies 2 × 2 at most (see the adapter).
    const shown = printer.model === "star" ? Math.min(times, 2) : times;
    buffer.bold(line.bold);
    buffer.magnify(shown);
    for (const folded of foldText(line.text, Math.max(1, Math.floor(charactersPerLine / shown))))
      buffer.println(folded);
  }
  buffer.bold(false);
  buffer.magnify(1);
  if (label.qr !== null) {
    buffer.newLine();
    buffer.qr(label.qr);
    buffer.newLine();
  }
  buffer.cut();
  return buffer.bytes();
}
