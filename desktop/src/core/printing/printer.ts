/** The printers a desk can print badges on, as the desk's settings describe them. */

export const RAW_PRINTING_PORT = 9100;

/** A printer reached over the network by raw TCP (port 9100 on Epson, Star and Zebra printers alike). */
export interface TcpConnection {
  type: "tcp";
  host: string;
  port: number;
}

/**
 * What language the printer speaks:
 * - "escpos": thermal receipt printers (Epson, and Star in its ESC/POS-compatible command set), bytes built
 *   with node-thermal-printer;
 * - "zpl": Zebra label printers, ZPL II text;
 * - "system": any printer the operating system knows, printed from the badge PDF.
 * This part covers network printers only: USB connections (raw device or the OS spooler) and "system"
 * printers (which print the badge PDF through the OS) are out of scope here and refused by the queue.
 */
export type PrinterKind = "escpos" | "zpl" | "system";

interface PrinterBase {
  id: string;
  name: string;
}

export interface EscPosPrinter extends PrinterBase {
  kind: "escpos";
  model: "epson" | "star";
  connection: TcpConnection;
  /** Characters a line holds in font A (48 on 80 mm paper, 32 on 58 mm). */
  charactersPerLine?: number;
}

export interface ZplPrinter extends PrinterBase {
  kind: "zpl";
  connection: TcpConnection;
  /** Print head resolution in dots per inch: 203 (8 dots/mm, the default), 300 or 600. */
  dpi?: number;
}

export interface SystemPrinter extends PrinterBase {
  kind: "system";
  /** The printer's name in the operating system (out of scope for this part: see PrinterKind). */
  systemName: string;
}

export type PrinterDescription = EscPosPrinter | ZplPrinter | SystemPrinter;
export type NetworkPrinter = EscPosPrinter | ZplPrinter;

/** A TCP connection with the raw printing port unless another is given; throws on an unusable address. */
export function tcpConnection(host: string, port: number = RAW_PRINTING_PORT): TcpConnection {
  const trimmed = host.trim();
  if (trimmed === "" || /[\s/]/.test(trimmed)) throw new Error(`Not a printer host: "${host}"`);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`Not a TCP port: ${port}`);
  return { type: "tcp", host: trimmed, port };
}

export function isNetworkPrinter(printer: PrinterDescription): printer is NetworkPrinter {
  return printer.kind !== "system";
}
