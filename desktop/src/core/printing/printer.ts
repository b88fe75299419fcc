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
 * ESC/POS and ZPL printers are reached over raw TCP or through a USB device file (the bytes written to it);
 * "system" printers through the operating system's spooler (systemPrinter.ts).
 */
export type PrinterKind = "escpos" | "zpl" | "system";

/** A printer on USB as the operating system shows it: a device file the raw bytes are written to (/dev/usb/lp0). */
export interface DeviceConnection {
  type: "device";
  path: string;
}

export type RawConnection = TcpConnection | DeviceConnection;

interface PrinterBase {
  id: string;
  name: string;
  /** The label stock's size (a ZPL label, the system printer's page); the badge template's page when absent. */
  label?: { widthMm: number; heightMm: number };
}

export interface EscPosPrinter extends PrinterBase {
  kind: "escpos";
  model: "epson" | "star";
  connection: RawConnection;
  /** Characters a line holds in font A (48 on 80 mm paper, 32 on 58 mm). */
  charactersPerLine?: number;
}

export interface ZplPrinter extends PrinterBase {
  kind: "zpl";
  connection: RawConnection;
  /** Print head resolution in dots per inch: 203 (8 dots/mm, the default), 300 or 600. */
  dpi?: number;
}

export interface SystemPrinter extends PrinterBase {
  kind: "system";
  /** The printer's name in the operating system (CUPS queue name, or the Windows printer's name). */
  systemName: string;
}

export type PrinterDescription = EscPosPrinter | ZplPrinter | SystemPrinter;
/** A printer the desk sends its own bytes to (ESC/POS or ZPL), over TCP or USB. */
export type NetworkPrinter = EscPosPrinter | ZplPrinter;

/** A TCP connection with the raw printing port unless another is given; throws on an unusable address. */
export function tcpConnection(host: string, port: number = RAW_PRINTING_PORT): TcpConnection {
  const trimmed = host.trim();
  if (trimmed === "" || /[\s/]/.test(trimmed)) throw new Error(`Not a printer host: "${host}"`);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`Not a TCP port: ${port}`);
  return { type: "tcp", host: trimmed, port };
}

/** A device file path for a USB printer; throws on an unusable one. */
export function deviceConnection(path: string): DeviceConnection {
  const trimmed = path.trim();
  if (!trimmed || /[\0\n]/.test(trimmed)) throw new Error(`Not a printer device: "${path}"`);
  return { type: "device", path: trimmed };
}

/** Where a raw printer is, in words (host:port or the device's path). */
export function connectionText(connection: RawConnection): string {
  return connection.type === "tcp" ? `${connection.host}:${connection.port}` : connection.path;
}

export function isNetworkPrinter(printer: PrinterDescription): printer is NetworkPrinter {
  return printer.kind !== "system";
}
