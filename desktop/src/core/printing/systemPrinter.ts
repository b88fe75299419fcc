import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BadgeLabel } from "./badgeLabel.ts";
import { badgePdf } from "./badgePdf.ts";
import type { SystemPrinter } from "./printer.ts";

/*
 * Printers the operating system knows: the badge PDF handed to CUPS (`lp`, Linux and macOS) or, on Windows, to
 * pdf-to-printer (SumatraPDF underneath). The OS spooler then owns the job.
 */

const run = promisify(execFile);
const isWindows = () => process.platform === "win32";

/** The names of the system's printers (empty when the OS has no printing system or none is set up). */
export async function listSystemPrinters(): Promise<string[]> {
  try {
    if (isWindows()) {
      const { getPrinters } = await import("pdf-to-printer");
      return (await getPrinters()).map((printer) => printer.name);
    }
    const { stdout } = await run("lpstat", ["-e"], { timeout: 5_000 });
    return stdout
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** Sends a PDF file to a CUPS printer with `lp -d`; rejects with lp's own words when it refuses. */
function lp(printerName: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("lp", ["-d", printerName, "--", file], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new Error(`lp could not run: ${error.message}`)));
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(stderr.trim() || `lp ended with code ${code}`)),
    );
  });
}

/** Prints the label's badge PDF on a system printer (a temporary file, removed once the spooler has it). */
export async function printOnSystemPrinter(printer: SystemPrinter, label: BadgeLabel): Promise<void> {
  const pdf = await badgePdf(label);
  const folder = await mkdtemp(path.join(tmpdir(), "tessera-badge-"));
  const file = path.join(folder, "badge.pdf");
  try {
    await writeFile(file, pdf);
    if (isWindows()) {
      const { print } = await import("pdf-to-printer");
      await print(file, { printer: printer.systemName });
    } else await lp(printer.systemName, file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
