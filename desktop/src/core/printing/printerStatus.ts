import type { NetworkPrinter, TcpConnection } from "./printer.ts";
import { exchange } from "./tcp.ts";

/** What the desk shows of a printer. "paperOut" only when the printer itself reported it. */
export type PrinterState = "unknown" | "ready" | "offline" | "paperOut";

export interface PrinterStatus {
  state: PrinterState;
  /** Why it is not ready, in the printer's terms (the connection error, "paper end", "paused" …). */
  detail: string | null;
  checkedAt: Date | null;
}

/** ESC/POS real-time status, roll paper sensor: DLE EOT 4. */
export const ESCPOS_PAPER_STATUS_REQUEST = Buffer.from([0x10, 0x04, 0x04]);
/** ZPL host status: the printer answers three STX … ETX strings. */
export const ZPL_HOST_STATUS_REQUEST = Buffer.from("~HS\r\n", "ascii");

const STX = 0x02;
const ETX = 0x03;

export interface PaperReading {
  isPaperOut: boolean;
  isPaperNearEnd: boolean;
  /** Anything else that stops printing (ZPL: paused, head open, ribbon out), or null. */
  blocker: string | null;
}

/**
 * The answer to DLE EOT 4: one byte, 0xx1xx10 in binary; bits 2–3 set when the paper is near its end,
 * bits 5–6 when it has run out.
 */
export function parseEscPosPaperStatus(answer: Buffer): PaperReading {
  const byte = answer[0];
  if (byte === undefined || (byte & 0x93) !== 0x12) throw new Error("Not an ESC/POS paper status byte");
  return { isPaperOut: (byte & 0x60) !== 0, isPaperNearEnd: (byte & 0x0c) !== 0, blocker: null };
}

/** The STX … ETX strings of a ZPL answer, or null while fewer than three have arrived. */
function zplStrings(answer: Buffer): string[][] | null {
  const strings: string[][] = [];
  let start = answer.indexOf(STX);
  while (start !== -1) {
    const end = answer.indexOf(ETX, start + 1);
    if (end === -1) break;
    strings.push(
      answer
        .subarray(start + 1, end)
        .toString("ascii")
        .split(","),
    );
    start = answer.indexOf(STX, end + 1);
  }
  return strings.length >= 3 ? strings : null;
}

/**
 * The answer to ~HS (Zebra's ZPL II guide): string 1 "aaa,b,c,dddd,eee,f,g,h,iii,j,k,l" where b is paper out
 * and c paused; string 2 "mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www" where o is head up and p ribbon out; string 3
 * "xxxx,y".
 */
export function parseZplHostStatus(answer: Buffer): PaperReading {
  const strings = zplStrings(answer);
  const [first, second] = strings ?? [];
  if (!first || !second || first.length < 3 || second.length < 4) throw new Error("Not a ZPL host status answer");
  const isSet = (field: string | undefined) => field?.trim() === "1";
  const blockers = [
    isSet(first[2]) ? "paused" : null,
    isSet(second[2]) ? "head open" : null,
    isSet(second[3]) ? "ribbon out" : null,
  ].filter((blocker) => blocker !== null);
  return { isPaperOut: isSet(first[1]), isPaperNearEnd: false, blocker: blockers.join(", ") || null };
}

/** Asks the printer for its paper state (a separate connection from the jobs'); throws when unreachable. */
export async function readPaperStatus(
  printer: NetworkPrinter & { connection: TcpConnection },
  timeoutMs?: number,
): Promise<PaperReading> {
  if (printer.kind === "escpos") {
    const answer = await exchange(printer.connection, ESCPOS_PAPER_STATUS_REQUEST, {
      timeoutMs,
      isAnswerComplete: (bytes) => bytes.length >= 1,
    });
    return parseEscPosPaperStatus(answer);
  }
  const answer = await exchange(printer.connection, ZPL_HOST_STATUS_REQUEST, {
    timeoutMs,
    isAnswerComplete: (bytes) => zplStrings(bytes) !== null,
  });
  return parseZplHostStatus(answer);
}

/** The printer's state from a reading: paper out first, then any other blocker, else ready. */
export function statusFromReading(reading: PaperReading, checkedAt: Date): PrinterStatus {
  if (reading.isPaperOut) return { state: "paperOut", detail: "paper end", checkedAt };
  if (reading.blocker) return { state: "offline", detail: reading.blocker, checkedAt };
  return { state: "ready", detail: reading.isPaperNearEnd ? "paper near end" : null, checkedAt };
}
