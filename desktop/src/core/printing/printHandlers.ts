/**
 * The desk's printing handlers (issue 13, item 6), composed with the core: the badge printer and its state, a
 * badge printed on demand or on scan, reprints behind the supervisor PIN with their reason, the test page, the
 * print log, and the pre-flight check before doors open.
 */
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { DeskCore } from "../core.ts";
import type { FetchLike } from "../deskHttp.ts";
import { readSession, type LocalSession } from "../session.ts";
import { createBadgeMaterial } from "./badgeMaterial.ts";
import { preflightChecks, type PreflightCheck } from "./preflight.ts";
import { tcpConnection, deviceConnection, type PrinterDescription } from "./printer.ts";
import type { PrinterState } from "./printerStatus.ts";
import { createPrintQueue, type PrintJob, type PrintQueue, type PrintQueueOptions } from "./printQueue.ts";
import { PrintRefusedError } from "./printRefusal.ts";
import { createPrintStore, type PrintStore, type StoredPrintLogEntry } from "./printStore.ts";
import { hashPin, isValidPin, verifyPin } from "./supervisorPin.ts";
import { listSystemPrinters } from "./systemPrinter.ts";

export { PrintRefusedError } from "./printRefusal.ts";

/** A print job as the renderer shows it. */
export interface PrintJobView {
  id: string;
  purpose: PrintJob["purpose"];
  guestId: string | null;
  state: PrintJob["state"];
  failure: string | null;
  reason: string | null;
  /** False when the badge printed without its QR: offline, and the desk does not know the guest's code. */
  withQr: boolean;
}

export interface PrintStatusView {
  printer: PrinterDescription | null;
  state: PrinterState;
  /** Why it is not ready, in the printer's terms ("paper end", the connection error …). */
  detail: string | null;
  checkedAt: string | null;
  /** A job waits for the printer to be fixed (paper out, paused). */
  held: boolean;
  printOnScan: boolean;
  hasSupervisorPin: boolean;
  /** Jobs of this run of the app not yet ended (queued or printing), oldest first. */
  jobs: PrintJobView[];
}

export interface PrintHandlers {
  /** The configured badge printer and the system's printers (CUPS or Windows) it could be. */
  "print.printers": () => Promise<{ configured: PrinterDescription | null; system: string[] }>;
  /** Sets (null: removes) the badge printer: ESC/POS (epson, star) or ZPL over TCP or a USB device, or a system printer. */
  "print.setPrinter": (printer: PrinterDescription | null) => Promise<PrintStatusView>;
  /** The printer's state asked of it now (network printers), and the queue's jobs. */
  "print.status": () => Promise<PrintStatusView>;
  /** The guest's first print; a guest printed before is refused (a reprint says why, with the PIN). */
  "print.badge": (guestId: string) => Promise<PrintJobView>;
  "print.reprint": (guestId: string, reason: string, supervisorPin: string) => Promise<PrintJobView>;
  "print.testPage": () => Promise<PrintJobView>;
  /** The print log, newest first. */
  "print.log": (page?: { limit?: number; offset?: number }) => Promise<{ data: StoredPrintLogEntry[]; total: number }>;
  "print.setOptions": (options: { printOnScan: boolean }) => Promise<PrintStatusView>;
  /** Downloads the session's badge templates (done by itself when the desk has none and the server answers). */
  "print.refreshTemplates": () => Promise<{ templates: number }>;
  /** Sets the supervisor PIN (4–8 digits); changing it needs the current one. */
  "desk.setSupervisorPin": (pin: string, currentPin?: string) => Promise<void>;
  "desk.verifyPin": (pin: string) => Promise<boolean>;
  "desk.preflight": () => Promise<PreflightCheck[]>;
}

export type PrintChannel = keyof PrintHandlers;
export const PRINT_CHANNELS: readonly PrintChannel[] = [
  "print.printers",
  "print.setPrinter",
  "print.status",
  "print.badge",
  "print.reprint",
  "print.testPage",
  "print.log",
  "print.setOptions",
  "print.refreshTemplates",
  "desk.setSupervisorPin",
  "desk.verifyPin",
  "desk.preflight",
];

export interface PrintHandlersOptions {
  core: Pick<DeskCore, "database" | "desk.info" | "desk.status">;
  now?: () => Date;
  fetch?: FetchLike;
  /** A server call not answered within this time: the badge is made from what the desk holds (default 3 s). */
  timeoutMs?: number;
  /** The last sync's age the pre-flight accepts (default 15 minutes). */
  maxSyncAgeMs?: number;
  /** The print queue's retry and timeout settings. */
  queue?: Pick<PrintQueueOptions, "maxAttempts" | "retryDelayMs" | "timeoutMs" | "sleep" | "printSystem">;
}

export type DeskPrinting = PrintHandlers & {
  /**
   * Call after each check: an admission (ok, in, not a repeat) of a guest never printed here prints their badge
   * when print-on-scan is on and a printer is set. Resolves with the job, or null when nothing was printed.
   */
  afterCheck: (answer: ScanAnswer) => Promise<PrintJobView | null>;
  /** Resolves once the printer's queue has nothing printing (tests, closing the app). */
  idle: () => Promise<void>;
  /** Whether a supervisor PIN is set (read locally: the printer is not asked). */
  hasSupervisorPin: () => boolean;
};

const LOG_PAGE_MAX = 200;
const MAX_SYNC_AGE_MS = 15 * 60_000;

/** A printer description from the renderer, checked (its address parsed) before it is kept. */
function checkedPrinter(printer: PrinterDescription): PrinterDescription {
  const base = { id: printer.id || "badge-printer", name: printer.name.trim() || "Badge printer" };
  const label =
    printer.label && printer.label.widthMm > 0 && printer.label.heightMm > 0 ? { label: printer.label } : {};
  if (printer.kind === "system") {
    if (!printer.systemName.trim()) throw new Error("A system printer needs its name");
    return { ...base, ...label, kind: "system", systemName: printer.systemName.trim() };
  }
  const connection =
    printer.connection.type === "tcp"
      ? tcpConnection(printer.connection.host, printer.connection.port)
      : deviceConnection(printer.connection.path);
  if (printer.kind === "zpl") return { ...base, ...label, kind: "zpl", connection, dpi: printer.dpi };
  if (printer.model !== "epson" && printer.model !== "star") throw new Error("An ESC/POS printer is epson or star");
  return {
    ...base,
    ...label,
    kind: "escpos",
    model: printer.model,
    connection,
    charactersPerLine: printer.charactersPerLine,
  };
}

export function createPrintHandlers(options: PrintHandlersOptions): DeskPrinting {
  const { core } = options;
  const now = options.now ?? (() => new Date());
  const material = createBadgeMaterial({ core, now, fetch: options.fetch, timeoutMs: options.timeoutMs ?? 3_000 });
  const maxSyncAgeMs = options.maxSyncAgeMs ?? MAX_SYNC_AGE_MS;
  let queue: PrintQueue | null = null;
  /** Whether each job of this run prints the QR (the log keeps it). */
  const withQr = new Map<string, boolean>();

  const store = (): PrintStore => createPrintStore(core.database());

  function session(): LocalSession {
    const found = readSession(core.database());
    if (!found) throw new PrintRefusedError("notSignedIn", "The desk is not signed in");
    return found;
  }

  /** The queue of the configured printer (a new one when the printer changed); null: no printer set. */
  function printQueue(printer = store().settings().printer): PrintQueue | null {
    if (!printer) return null;
    if (!queue || JSON.stringify(queue.printer) !== JSON.stringify(printer)) {
      queue = createPrintQueue(printer, {
        ...options.queue,
        now,
        onLog: (entry) => store().appendLog(entry, withQr.get(entry.jobId) ?? true),
      });
    }
    return queue;
  }

  function requireQueue(): PrintQueue {
    const found = printQueue();
    if (!found) throw new PrintRefusedError("noPrinter", "No badge printer is set up");
    return found;
  }

  const view = (job: PrintJob): PrintJobView => ({
    id: job.id,
    purpose: job.purpose,
    guestId: job.guestId,
    state: job.state,
    failure: job.failure,
    reason: job.reason,
    withQr: withQr.get(job.id) ?? true,
  });

  /** Waits until the job ended or the printer holds it (paper out), then answers its state. */
  async function settled(target: PrintQueue, job: PrintJob): Promise<PrintJobView> {
    await target.idle();
    return view(target.job(job.id) ?? job);
  }

  async function statusView(asking: boolean): Promise<PrintStatusView> {
    const settings = store().settings();
    const current = printQueue(settings.printer);
    const status = current ? (asking ? await current.checkStatus() : current.status()) : null;
    return {
      printer: settings.printer,
      state: status?.state ?? "unknown",
      detail: status?.detail ?? null,
      checkedAt: status?.checkedAt?.toISOString() ?? null,
      held: current?.isHeld() ?? false,
      printOnScan: settings.printOnScan,
      hasSupervisorPin: settings.pinHash !== null,
      jobs: (current?.jobs() ?? []).filter((job) => job.state === "queued" || job.state === "printing").map(view),
    };
  }

  async function printGuest(
    target: PrintQueue,
    guestId: string,
    reprint?: { reason: string; of: string | null },
  ): Promise<PrintJobView> {
    const { label, withQr: hasQr } = await material.labelOf(guestId, target.printer);
    const requestedBy = reprint ? `${session().desk} (supervisor)` : session().desk;
    const job = target.print({ label, requestedBy, guestId, reprint });
    withQr.set(job.id, hasQr);
    return settled(target, job);
  }

  /** The guest has a badge printed here, or one on its way. */
  function isPrintedOrPrinting(guestId: string): boolean {
    if (store().lastPrinted(guestId) !== null) return true;
    return (queue?.jobs() ?? []).some(
      (job) =>
        job.guestId === guestId && job.purpose !== "test" && (job.state === "queued" || job.state === "printing"),
    );
  }

  async function checkPin(pin: string, hash = store().settings().pinHash): Promise<boolean> {
    return hash !== null && verifyPin(pin, hash);
  }

  const printing: DeskPrinting = {
    "print.printers": async () => ({ configured: store().settings().printer, system: await listSystemPrinters() }),
    "print.setPrinter": async (printer) => {
      store().saveSetting("printer", printer ? checkedPrinter(printer) : null);
      return statusView(false);
    },
    "print.status": () => statusView(true),
    "print.badge": async (guestId) => {
      const target = requireQueue();
      if (isPrintedOrPrinting(guestId))
        throw new PrintRefusedError(
          "alreadyPrinted",
          "Already printed — a reprint needs the supervisor PIN and a reason",
        );
      return printGuest(target, guestId);
    },
    "print.reprint": async (guestId, reason, supervisorPin) => {
      const target = requireQueue();
      if (!reason.trim()) throw new PrintRefusedError("reasonRequired", "A reprint says why");
      const { pinHash } = store().settings();
      if (pinHash === null) throw new PrintRefusedError("pinNotSet", "No supervisor PIN is set on this desk");
      if (!(await checkPin(supervisorPin, pinHash))) throw new PrintRefusedError("pinWrong", "Wrong supervisor PIN");
      return printGuest(target, guestId, { reason: reason.trim(), of: store().lastPrinted(guestId) });
    },
    "print.testPage": async () => {
      const target = requireQueue();
      const job = target.printTestPage(session().desk);
      return settled(target, job);
    },
    "print.log": async (page = {}) =>
      store().log({
        limit: Math.min(LOG_PAGE_MAX, Math.max(1, page.limit ?? 50)),
        offset: Math.max(0, page.offset ?? 0),
      }),
    "print.setOptions": async ({ printOnScan }) => {
      store().saveSetting("printOnScan", printOnScan === true);
      return statusView(false);
    },
    "print.refreshTemplates": async () => ({ templates: (await material.refreshTemplates()).length }),
    "desk.setSupervisorPin": async (pin, currentPin) => {
      if (!isValidPin(pin)) throw new PrintRefusedError("pinInvalid", "A supervisor PIN is 4 to 8 digits");
      const { pinHash } = store().settings();
      if (pinHash !== null && !(await checkPin(currentPin ?? "", pinHash)))
        throw new PrintRefusedError("pinWrong", "Wrong supervisor PIN");
      store().saveSetting("pinHash", await hashPin(pin));
    },
    "desk.verifyPin": (pin) => checkPin(pin),
    "desk.preflight": async () => {
      const status = await core["desk.status"]();
      const local = store();
      const printer = local.settings().printer;
      const printerStatus = (await printQueue(printer)?.checkStatus()) ?? null;
      return preflightChecks({
        signedIn: status.signedIn,
        lastSyncAgeMs: status.lastSyncAgeMs,
        maxSyncAgeMs,
        verificationKeys: local.verificationKeyCount(),
        badgeTemplates: local.templates().length,
        printer: printer && printerStatus ? { name: printer.name, status: printerStatus } : null,
        pendingScans: status.pendingScans,
      });
    },
    afterCheck: async (answer) => {
      if (answer.result !== "ok" || answer.direction !== "in" || answer.repeated || !answer.guest) return null;
      const settings = store().settings();
      if (!settings.printOnScan) return null;
      const target = printQueue(settings.printer);
      if (!target || isPrintedOrPrinting(answer.guest.id)) return null;
      return printGuest(target, answer.guest.id);
    },
    hasSupervisorPin: () => store().settings().pinHash !== null,
    idle: async () => {
      await queue?.idle();
    },
  };
  return printing;
}
