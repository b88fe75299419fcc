// The bench's HTTP clients run in a child process, as a server's clients run elsewhere: the server's thread
// then does the server's work only, not also the clients' (sending, parsing a 100 KB answer: about a fifth
// of a list page's CPU when they shared it). The floor's SQL stays in the server's process: it is the
// server's own work.
import { fork, type ChildProcess } from "node:child_process";
import type { LatencySummary, Measured } from "./stats.ts";

/** How a client checks each answer: a page of guests (full unless fewer match), a total, or a 200 only. */
export interface LoadCheck {
  asks: "page" | "count" | "any";
  /** Where the page starts, to know how many guests it must hold. */
  offset: number;
}

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  check: LoadCheck;
  /**
   * A POST's JSON body: `{{n}}` becomes a number no other request of the process got, `{{n%2}}` its parity
   * (a different guest each time, half choosing one answer), `{{uuid}}` a new uuid, `{{n%M:uuid}}` the uuid
   * of row n % M as httpLoadProcess.ts indexUuid makes it.
   */
  body?: string;
  /** The statuses taken as answered (default 200). */
  accepts?: readonly number[];
}

export interface LoadAsk extends LoadRequest {
  id: number;
  count: number;
  concurrency: number;
  /** Offered at this rate in total (measurePaced) rather than back to back. */
  perSecond?: number | undefined;
}

export type LoadReply =
  { id: number; summary: LatencySummary; total?: number | undefined } | { id: number; error: string };

/** The uuid a bench gives its i-th row (a body's `{{n%M:uuid}}` names row n % M). */
export const indexUuid = (index: number) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;

export class HttpLoad {
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: LoadReply) => void>();
  /** The last total a page or count answer reported. */
  total = 0;

  private constructor(private readonly child: ChildProcess) {
    child.on("message", (reply: LoadReply) => this.waiting.get(reply.id)?.(reply));
  }

  static async start(): Promise<HttpLoad> {
    const child = fork(new URL("./httpLoadProcess.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
    await new Promise<void>((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", (code) => reject(new Error(`the HTTP client process ended (${code})`)));
    });
    return new HttpLoad(child);
  }

  /** GETs of `request` measured from the client process. */
  measurer(request: LoadRequest): Measured {
    return (count, concurrency, perSecond) => {
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        this.waiting.set(id, (reply) => {
          this.waiting.delete(id);
          if ("error" in reply) return reject(new Error(reply.error));
          if (reply.total !== undefined) this.total = reply.total;
          resolve(reply.summary);
        });
        this.child.send({ ...request, id, count, concurrency, perSecond } satisfies LoadAsk);
      });
    };
  }

  close(): void {
    this.child.kill();
  }
}
