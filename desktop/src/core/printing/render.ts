import type { BadgeLabel } from "./badgeLabel.ts";
import { renderEscPos } from "./escpos.ts";
import type { PrinterDescription } from "./printer.ts";
import { renderZpl } from "./zpl.ts";

/** The bytes that print `label` on `printer`, in the language its kind speaks. */
export function renderForPrinter(printer: PrinterDescription, label: BadgeLabel): Buffer {
  switch (printer.kind) {
    case "zpl":
      return Buffer.from(renderZpl(label, printer.dpi), "utf8");
    case "escpos":
      return renderEscPos(label, printer);
    case "system":
      throw new Error("System printers print the badge PDF through the operating system: not supported yet");
  }
}
