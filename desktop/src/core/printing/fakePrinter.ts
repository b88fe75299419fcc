/**
 * A network printer stand-in for the tests: a TCP server on a local port that records each job's bytes and
 * answers status requests (DLE EOT 4 for ESC/POS, ~HS for ZPL) as a real printer would.
 */
import { createServer, type Server } from "node:net";
import { ESCPOS_PAPER_STATUS_REQUEST, ZPL_HOST_STATUS_REQUEST } from "./printerStatus.ts";
import { tcpConnection, type TcpConnection } from "./printer.ts";

export interface FakePrinter {
  readonly connection: TcpConnection;
  /** The bytes of each job received, in order (status requests excluded). */
  readonly jobs: Buffer[];
  statusRequests: number;
  isPaperOut: boolean;
  close(): Promise<void>;
}

const ESCPOS_PAPER_PRESENT = 0x12;
/** Paper-end bits 5 and 6 set. */
const ESCPOS_PAPER_END = 0x72;

function zplHostStatus(isPaperOut: boolean): Buffer {
  const frame = (text: string) => `\x02${text}\x03\r\n`;
  return Buffer.from(
    frame(`030,${isPaperOut ? 1 : 0},0,0400,000,0,0,0,000,0,0,0`) +
      frame("001,0,0,0,1,2,6,0,00000000,1,000") +
      frame("1234,0"),
    "ascii",
  );
}

/** A free local port with nothing listening on it: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startFakePrinter(kind: "escpos" | "zpl", port = 0): Promise<FakePrinter> {
  const statusRequest = kind === "escpos" ? ESCPOS_PAPER_STATUS_REQUEST : ZPL_HOST_STATUS_REQUEST;
  const server: Server = createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.equals(statusRequest)) {
        fake.statusRequests += 1;
        const paperOut = fake.isPaperOut;
        socket.write(
          kind === "escpos"
            ? Buffer.from([paperOut ? ESCPOS_PAPER_END : ESCPOS_PAPER_PRESENT])
            : zplHostStatus(paperOut),
        );
      }
    });
    socket.on("end", () => {
      if (received.length > 0 && !received.equals(statusRequest)) fake.jobs.push(received);
      socket.end();
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  const fake: FakePrinter = {
    connection: tcpConnection("127.0.0.1", address.port),
    jobs: [],
    statusRequests: 0,
    isPaperOut: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
