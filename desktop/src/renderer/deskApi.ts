/**
 * The renderer's view of `window.desk`: the core's channels (their types imported from core, never its code),
 * the printing and supervisor channels, and the channels only main answers (windows, kiosk lock).
 */
import type { DeskHandlers } from "../core/handlers.ts";
import type { PrinterDescription } from "../core/printing/printer.ts";
import type { PrinterState } from "../core/printing/printerStatus.ts";
import type { SearchHandlers } from "../core/search.ts";

export type { DeskConflict, DeskSessionView, DeskStatus } from "../core/handlers.ts";
export type { DeskSearchHit, KioskFindAnswer } from "../core/search.ts";
export type { PrinterDescription, PrinterState };

/** A print job as the queue reports it. */
export interface DeskPrintJob {
  id: string;
  state: "queued" | "printing" | "printed" | "failed";
  failure: string | null;
}

export interface DeskPrintStatus {
  /** The desk's printer (null: none set). */
  printer: PrinterDescription | null;
  state: PrinterState;
  /** Why it is not ready, in the printer's terms. */
  detail: string | null;
  /** Each admission prints its badge by itself (the core does it after the check). */
  printOnScan: boolean;
  hasSupervisorPin: boolean;
}

/** One check of the pre-flight before doors open (sync age, keys valid, printer ready …). */
export interface DeskPreflightCheck {
  id: string;
  ok: boolean;
  /** What was found, in English. */
  detail: string | null;
  /** The detail's i18n key (namespace web) and its values, when the core gives one. */
  detailKey?: string;
  values?: Record<string, string | number>;
}

/** Printing and the supervisor PIN (desktop/src/core/printing/printHandlers.ts). */
export interface DeskPrintHandlers {
  "print.badge": (guestId: string) => Promise<DeskPrintJob>;
  "print.status": () => Promise<DeskPrintStatus>;
  "print.setPrinter": (printer: PrinterDescription | null) => Promise<DeskPrintStatus>;
  "print.testPage": () => Promise<DeskPrintJob>;
  "print.setOptions": (options: { printOnScan: boolean }) => Promise<DeskPrintStatus>;
  /** A reprint says why, and needs the supervisor PIN. */
  "print.reprint": (guestId: string, reason: string, pin: string) => Promise<DeskPrintJob>;
  "desk.verifyPin": (pin: string) => Promise<boolean>;
  /** Sets the supervisor PIN (4 to 8 digits); changing it needs the current one. */
  "desk.setSupervisorPin": (pin: string, currentPin?: string) => Promise<void>;
  "desk.preflight": () => Promise<DeskPreflightCheck[]>;
}

/** Channels main answers itself (they act on windows, not on the desk's data). */
export interface DeskAppHandlers {
  /** Back-office mode: the window opens the server's own /admin (the web app's screens). */
  "app.openBackOffice": (serverUrl: string) => Promise<void>;
  /** Kiosk mode: the window full screen and locked (true), or back to a normal window (false). */
  "app.setKiosk"?: (isLocked: boolean) => Promise<void>;
}

export type DeskApi = DeskHandlers & SearchHandlers & DeskPrintHandlers & DeskAppHandlers;

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

export function failureDetail(error: unknown): string {
  return failureOf(error).detail;
}
