import type { BadgeLabel } from "./badgeLabel.ts";

/** Dots per inch of most Zebra desk label printers. */
export const ZPL_DEFAULT_DPI = 203;
const MARGIN_MM = 3;
/** QR module side in millimetres; ZPL's ^BQ magnification is this in dots (1 to 10). */
const QR_MODULE_MM = 0.5;
/** Bytes a QR of each version (1 to 10) holds at error correction M, byte mode. */
const QR_CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

export function mmToDots(mm: number, dpi: number = ZPL_DEFAULT_DPI): number {
  return Math.round((mm * dpi) / 25.4);
}

/** A field's data: ZPL reads ^ and ~ as commands, so a text holding one goes hex-escaped through ^FH. */
function fieldData(text: string): string {
  if (!/[\^~]/.test(text)) return `^FD${text}^FS`;
  const escaped = text.replace(/[\^~_]/g, (char) => `_${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `^FH^FD${escaped}^FS`;
}

/** Modules on a side of the QR holding `byteLength` bytes (versions 1 to 10; longer codes assume 10). */
function qrModules(byteLength: number): number {
  const version = QR_CAPACITY_M.findIndex((capacity) => byteLength <= capacity) + 1 || QR_CAPACITY_M.length;
  return 17 + 4 * version;
}

/**
 * The label in ZPL II: UTF-8 (^CI28), label width and length from the label's millimetres at the printer's
 * resolution, each line centred in a one-line field block (bold lines struck twice, 2 dots apart: font 0
 * has no bold), then the entry code as a QR (model 2, error correction M) centred below.
 */
export function renderZpl(label: BadgeLabel, dpi: number = ZPL_DEFAULT_DPI): string {
  const dots = (mm: number) => mmToDots(mm, dpi);
  const width = dots(label.widthMm);
  const margin = dots(MARGIN_MM);
  const fieldWidth = width - 2 * margin;
  const commands = ["^XA", "^CI28", `^PW${width}`, `^LL${dots(label.heightMm)}`, "^LH0,0"];
  let y = margin;
  for (const line of label.lines) {
    const height = Math.max(10, dots(line.size));
    const font = `^A0N,${height},${height}^FB${fieldWidth},1,0,C,0`;
    commands.push(`^FO${margin},${y}${font}${fieldData(line.text)}`);
    if (line.bold) commands.push(`^FO${margin + 2},${y}${font}${fieldData(line.text)}`);
    y += height + Math.round(height / 4);
  }
  if (label.qr !== null) {
    const magnification = Math.min(10, Math.max(1, dots(QR_MODULE_MM)));
    const side = qrModules(Buffer.byteLength(label.qr)) * magnification;
    const x = Math.max(margin, Math.round((width - side) / 2));
    commands.push(`^FO${x},${y}^BQN,2,${magnification}${fieldData(`MA,${label.qr}`)}`);
  }
  commands.push("^XZ");
  return `${commands.join("\n")}\n`;
}
