import { open } from "node:fs/promises";
import type { DeviceConnection } from "./printer.ts";
import { PrinterConnectionError } from "./tcp.ts";

/**
 * Writes one job's bytes to a USB printer's device file (Linux /dev/usb/lp0, a macOS or Windows raw port the OS
 * exposes as a file). A device missing, busy or refusing access is worth another try (a cable replugged).
 */
export async function writeToDevice(connection: DeviceConnection, bytes: Buffer): Promise<void> {
  let file;
  try {
    file = await open(connection.path, "w");
    await file.write(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    throw new PrinterConnectionError(`Printer ${connection.path} unreachable (${code})`, code);
  } finally {
    await file?.close();
  }
}
