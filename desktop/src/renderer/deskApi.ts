/**
 * The renderer's view of `window.desk`: the core's channels (their types imported from core, never its code),
 * the printing and supervisor channels, the primary desk's, the import's, and the channels only main answers (windows,
 * kiosk lock, file dialog).
 */
import type { DeskHandlers } from "../core/handlers.ts";
import type { ImportHandlers } from "../core/import/handlers.ts";
import type { PrimaryHandlers } from "../core/primary/handlers.ts";
import type { PrinterDescription } from "../core/printing/printer.ts";
import type { PrinterState } from "../core/printing/printerStatus.ts";
import type { PreflightCheck } from "../core/printing/preflight.ts";
import type { PrintHandlers, PrintJobView, PrintStatusView } from "../core/printing/printHandlers.ts";
import type { SearchHandlers } from "../core/search.ts";

export type { DeskConflict, DeskSessionView, DeskStatus } from "../core/handlers.ts";
export type { DeskSearchHit, KioskFindAnswer } from "../core/search.ts";
export type { PrinterDescription, PrinterState };

/** Printing and the supervisor PIN (desktop/src/core/printing/printHandlers.ts). */
export type DeskPrintHandlers = PrintHandlers;
export type DeskPrintJob = PrintJobView;
export type DeskPrintStatus = PrintStatusView;
export type DeskPreflightCheck = PreflightCheck;

/** Channels main answers itself (they act on windows, not on the desk's data). */
export interface DeskAppHandlers {
  /** Back-office mode: the window opens the server's own /admin (the web app's screens). */
  "app.openBackOffice": (serverUrl: string) => Promise<void>;
  /** Kiosk mode: the window full screen and locked (true), or back to a normal window (false). */
  "app.setKiosk"?: (isLocked: boolean, supervisorPin?: string) => Promise<void>;
  /** The file chosen in the system's open dialog (CSV or .xlsx), null when cancelled. */
  "app.pickFile": () => Promise<string | null>;
}

export type DeskApi = DeskHandlers &
  SearchHandlers &
  DeskPrintHandlers &
  PrimaryHandlers &
  ImportHandlers &
  DeskAppHandlers;

declare global {
  interface Window {
    desk: DeskApi;
  }
}

export function deskApi(): DeskApi {
  return window.desk;
}

/**
 * A failed call's code and words. Electron wraps a handler's error as "Error invoking remote method 'x': Error: …",
 * and main puts the error's code in front, "[code] …" (core/ipcError.ts).
 */
export function failureOf(error: unknown): { code: string | null; detail: string } {
  const message = error instanceof Error ? error.message : String(error);
  const unwrapped = message.replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, "");
  const coded = /^\[(\w+)\] (.*)$/s.exec(unwrapped);
  return coded ? { code: coded[1]!, detail: coded[2]! } : { code: null, detail: unwrapped };
}
