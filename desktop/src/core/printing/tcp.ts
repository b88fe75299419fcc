import { Socket } from "node:net";
import type { TcpConnection } from "./printer.ts";

export const DEFAULT_TCP_TIMEOUT_MS = 5_000;

/** The network could not reach the printer, or the printer stopped answering: worth another try. */
export class PrinterConnectionError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "PrinterConnectionError";
  }
}

function connectionError(error: unknown, connection: TcpConnection): PrinterConnectionError {
  const code = (error as NodeJS.ErrnoException).code ?? "ECONNECTION";
  const where = `${connection.host}:${connection.port}`;
  return new PrinterConnectionError(`Printer ${where} unreachable (${code})`, code);
}

/**
 * Opens a connection, writes `bytes`, and, when `isAnswerComplete` is given, reads until it says the answer is
 * whole; resolves with what was read. The whole exchange must end within `timeoutMs`.
 */
export function exchange(
  connection: TcpConnection,
  bytes: Buffer,
  options: { timeoutMs?: number; isAnswerComplete?: (answer: Buffer) => boolean } = {},
): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TCP_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    let isSettled = false;
    const settle = (error: Error | null) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(
      () => settle(connectionError(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }), connection)),
      timeoutMs,
    );
    socket.on("error", (error) => settle(connectionError(error, connection)));
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (options.isAnswerComplete?.(Buffer.concat(chunks))) settle(null);
    });
    socket.on("close", () => {
      if (options.isAnswerComplete) settle(connectionError({ code: "ECONNRESET" }, connection));
    });
    socket.connect(connection.port, connection.host, () => {
      // A request keeps our side open for the answer; a job closes it once written.
      if (options.isAnswerComplete) socket.write(bytes);
      else socket.end(bytes, () => settle(null));
    });
  });
}

/** Sends the bytes of one job; resolves once the printer's side has them. */
export async function sendToPrinter(connection: TcpConnection, bytes: Buffer, timeoutMs?: number): Promise<void> {
  await exchange(connection, bytes, { timeoutMs });
}
