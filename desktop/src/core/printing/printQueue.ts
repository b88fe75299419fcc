import { randomUUID } from "node:crypto";
import type { BadgeLabel } from "./badgeLabel.ts";
import { writeToDevice } from "./device.ts";
import { isNetworkPrinter, type PrinterDescription, type SystemPrinter } from "./printer.ts";
import { readPaperStatus, statusFromReading, type PrinterStatus } from "./printerStatus.ts";
import { renderForPrinter } from "./render.ts";
import { PrinterConnectionError, sendToPrinter } from "./tcp.ts";
import { printOnSystemPrinter } from "./systemPrinter.ts";
import { testPageLabel } from "./testPage.ts";

export type PrintJobState = "queued" | "printing" | "printed" | "failed";
export type PrintPurpose = "badge" | "reprint" | "test";

export interface PrintJob {
  id: string;
  printerId: string;
  purpose: PrintPurpose;
  guestId: string | null;
  /** Who asked for it (the desk operator's or supervisor's name or id). */
  requestedBy: string;
  /** Why a reprint was made; null for first prints and test pages. */
  reason: string | null;
  /** The job this one reprints. */
  reprintOf: string | null;
  state: PrintJobState;
  attempts: number;
  failure: string | null;
  queuedAt: Date;
  finishedAt: Date | null;
}

/** One line of the print log: a job that ended, printed or failed. */
export type PrintLogEntry = Pick<
  PrintJob,
  "printerId" | "purpose" | "guestId" | "requestedBy" | "reason" | "reprintOf" | "queuedAt" | "failure"
> & { jobId: string; outcome: "printed" | "failed"; at: Date };

export interface PrintRequest {
  label: BadgeLabel;
  requestedBy: string;
  guestId?: string | null;
  /** A reprint of a badge printed before (perhaps by an earlier run of the app): why, and the job it reprints. */
  reprint?: { reason: string; of: string | null };
}

export interface PrintQueueOptions {
  /** Tries of a job before it fails, when the printer cannot be reached (default 4). */
  maxAttempts?: number;
  /** Wait before the second try; each further try waits twice as long (default 500 ms). */
  retryDelayMs?: number;
  /** Time a connection, a job's sending or a status answer may take (default 5 s). */
  timeoutMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Called after every change of a job or of the printer's state (the desk's UI refreshes). */
  onChange?: () => void;
  /** Called with each log entry as it is written (the desk stores it). */
  onLog?: (entry: PrintLogEntry) => void;
  /** Prints a label on a system printer (default: its badge PDF through lp or pdf-to-printer). */
  printSystem?: (printer: SystemPrinter, label: BadgeLabel) => Promise<void>;
}

export interface PrintQueue {
  readonly printer: PrinterDescription;
  print(request: PrintRequest): PrintJob;
  /** Prints an earlier job's label again; the reason is required (the supervisor PIN is the caller's check). */
  reprint(jobId: string, request: { requestedBy: string; reason: string }): PrintJob;
  printTestPage(requestedBy: string): PrintJob;
  /** Asks the printer; a ready answer resumes a queue held by paper out. */
  checkStatus(): Promise<PrinterStatus>;
  /** Resumes a queue held by paper out or a paused printer (after the operator fixed it). */
  resume(): void;
  status(): PrinterStatus;
  /** True while a job waits for the printer to be fixed (paper out, paused, head open). */
  isHeld(): boolean;
  jobs(): PrintJob[];
  job(id: string): PrintJob | undefined;
  log(): PrintLogEntry[];
  /** Resolves when nothing is printing: every job ended, or the queue is held. */
  idle(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One printer's queue: jobs print one at a time in the order they came, each retried when unreachable. */
export function createPrintQueue(printer: PrinterDescription, options: PrintQueueOptions = {}): PrintQueue {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const retryDelayMs = options.retryDelayMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? defaultSleep;

  const jobs: PrintJob[] = [];
  /** Each job's label, kept for reprints. */
  const labels = new Map<string, BadgeLabel>();
  const entries: PrintLogEntry[] = [];
  let status: PrinterStatus = { state: "unknown", detail: null, checkedAt: null };
  let isHeld = false;
  let isDraining = false;
  let idleWaiters: (() => void)[] = [];

  const copy = (job: PrintJob): PrintJob => ({ ...job });
  const changed = () => options.onChange?.();

  function enqueue(
    label: BadgeLabel,
    fields: Omit<PrintJob, "id" | "printerId" | "state" | "attempts" | "failure" | "queuedAt" | "finishedAt">,
  ) {
    const job: PrintJob = {
      id: randomUUID(),
      printerId: printer.id,
      ...fields,
      state: "queued",
      attempts: 0,
      failure: null,
      queuedAt: now(),
      finishedAt: null,
    };
    jobs.push(job);
    labels.set(job.id, label);
    changed();
    void drain();
    return copy(job);
  }

  function finish(job: PrintJob, outcome: "printed" | "failed", failure: string | null) {
    job.state = outcome;
    job.failure = failure;
    job.finishedAt = now();
    const { id, printerId, purpose, guestId, requestedBy, reason, reprintOf, queuedAt } = job;
    const entry: PrintLogEntry = {
      jobId: id,
      printerId,
      purpose,
      guestId,
      requestedBy,
      reason,
      reprintOf,
      queuedAt,
      failure,
      outcome,
      at: job.finishedAt,
    };
    entries.push(entry);
    options.onLog?.(entry);
    changed();
  }

  function setStatus(next: PrinterStatus) {
    status = next;
    changed();
  }

  /** Runs one job to its end, or back to "queued" when the printer holds it; true when the queue must hold. */
  async function run(job: PrintJob, label: BadgeLabel): Promise<boolean> {
    if (!isNetworkPrinter(printer)) {
      job.attempts += 1;
      job.state = "printing";
      changed();
      try {
        await (options.printSystem ?? printOnSystemPrinter)(printer, label);
        setStatus({ state: "ready", detail: null, checkedAt: now() });
        finish(job, "printed", null);
      } catch (error) {
        setStatus({ state: "offline", detail: (error as Error).message, checkedAt: now() });
        finish(job, "failed", (error as Error).message);
      }
      return false;
    }
    const connection = printer.connection;
    let bytes: Buffer;
    try {
      bytes = renderForPrinter(printer, label);
    } catch (error) {
      finish(job, "failed", (error as Error).message);
      return false;
    }
    for (;;) {
      job.attempts += 1;
      job.state = "printing";
      changed();
      try {
        if (connection.type === "tcp") {
          const reading = statusFromReading(await readPaperStatus({ ...printer, connection }, timeoutMs), now());
          setStatus(reading);
          if (reading.state !== "ready") {
            job.attempts -= 1;
            job.state = "queued";
            changed();
            return true;
          }
        }
        if (connection.type === "tcp") await sendToPrinter(connection, bytes, timeoutMs);
        else await writeToDevice(connection, bytes);
        setStatus({ state: "ready", detail: status.detail, checkedAt: now() });
        finish(job, "printed", null);
        return false;
      } catch (error) {
        const message = (error as Error).message;
        if (!(error instanceof PrinterConnectionError)) {
          finish(job, "failed", message);
          return false;
        }
        setStatus({ state: "offline", detail: message, checkedAt: now() });
        if (job.attempts >= maxAttempts) {
          finish(job, "failed", `${message} after ${job.attempts} attempts`);
          return false;
        }
        job.state = "queued";
        changed();
        await sleep(retryDelayMs * 2 ** (job.attempts - 1));
      }
    }
  }

  async function drain() {
    if (isDraining) return;
    isDraining = true;
    try {
      while (!isHeld) {
        const job = jobs.find((candidate) => candidate.state === "queued");
        if (!job) break;
        isHeld = await run(job, labels.get(job.id)!);
      }
    } finally {
      isDraining = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  const resume = () => {
    isHeld = false;
    void drain();
  };

  return {
    printer,
    print: (request) => {
      const reason = request.reprint?.reason.trim() ?? null;
      if (reason === "") throw new Error("A reprint says why");
      return enqueue(request.label, {
        purpose: request.reprint ? "reprint" : "badge",
        guestId: request.guestId ?? null,
        requestedBy: request.requestedBy,
        reason,
        reprintOf: request.reprint?.of ?? null,
      });
    },
    reprint: (jobId, request) => {
      const original = jobs.find((job) => job.id === jobId);
      if (!original) throw new Error(`No print job ${jobId}`);
      const reason = request.reason.trim();
      if (!reason) throw new Error("A reprint says why");
      return enqueue(labels.get(original.id)!, {
        purpose: "reprint",
        guestId: original.guestId,
        requestedBy: request.requestedBy,
        reason,
        reprintOf: original.id,
      });
    },
    printTestPage: (requestedBy) =>
      enqueue(testPageLabel(printer, now()), {
        purpose: "test",
        guestId: null,
        requestedBy,
        reason: null,
        reprintOf: null,
      }),
    checkStatus: async () => {
      // A USB device file and the OS spooler say nothing of the paper: the last job's outcome is what is known.
      if (!isNetworkPrinter(printer) || printer.connection.type !== "tcp") return status;
      const connection = printer.connection;
      try {
        setStatus(statusFromReading(await readPaperStatus({ ...printer, connection }, timeoutMs), now()));
      } catch (error) {
        setStatus({ state: "offline", detail: (error as Error).message, checkedAt: now() });
      }
      if (isHeld && status.state === "ready") resume();
      return status;
    },
    resume,
    status: () => ({ ...status }),
    isHeld: () => isHeld,
    jobs: () => jobs.map(copy),
    job: (id) => {
      const job = jobs.find((candidate) => candidate.id === id);
      return job && copy(job);
    },
    log: () => entries.map((entry) => ({ ...entry })),
    idle: () => (isDraining ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
  };
}
