// Guest import uploads that are big (issue 9: an upload is never held whole in memory, another client
// never waits more than 100 ms): a CSV of 100,000 and 300,000 rows accepted, four of the first at once,
// and an Excel workbook over the row limit refused. For each: the time of the upload, the server's peak memory over what it was
// before (the server runs in this process; the file is sent from disk through node:http, so the client
// holds none of it), the longest its event loop was held up, and another client's p95 and worst latency
// during it against the same client on an idle server.
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { once } from "node:events";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";
import { idleLatency, mb, peakMemoryDuring, probe, PROBE_EVERY_MS } from "./duringWork.ts";
import { printTable, type Row } from "./stats.ts";
import { uploadFromDisk } from "./uploadFromDisk.ts";

const CSV_ROWS = [100_000, 300_000];
const XLSX_ROWS = Number(process.env.BENCH_UPLOAD_XLSX_ROWS ?? 250_000);
const XLSX_MAX_ROWS = 100_000;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function guestLine(index: number): string[] {
  return [
    `First${index % 977}`,
    `Last${index % 1013}`,
    `guest.${index}@example.com`,
    `"Company ${index % 300}, Inc."`,
    "Engineer",
    ...Array.from({ length: 10 }, (_, n) => `answer ${n} of guest ${index}`),
  ];
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const header = [
    "firstName",
    "lastName",
    "email",
    "company",
    "jobTitle",
    ...Array.from({ length: 10 }, (_, n) => `Q${n}`),
  ];
  out.write(header.join(",") + "\n");
  for (let index = 0; index < rows; index++) {
    if (!out.write(guestLine(index).join(",") + "\n")) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

/** The workbook, written by a child process (writeWorkbook.ts): this one's memory stays the server's. */
function writeXlsx(file: string, rows: number): void {
  const script = fileURLToPath(new URL("./writeWorkbook.ts", import.meta.url));
  const child = spawnSync(process.execPath, [...process.execArgv, script, file, String(rows)], { stdio: "inherit" });
  if (child.status !== 0) throw new Error(`writeWorkbook.ts ended with ${child.status}`);
}

interface Upload {
  label: string;
  file: string;
  fileName: string;
  maxRows: number;
  expect: number;
  /** How many of the same upload are sent at once (default one). */
  atOnce?: number;
}

async function measureUploads(kind: "sqlite" | "postgres", uploads: Upload[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const upload of uploads) {
    const server = await startTestServer({
      kind,
      env: { IMPORT_MAX_ROWS: String(upload.maxRows), IMPORT_MAX_BYTES: String(200 * 1024 * 1024) },
    });
    try {
      const account = await buildAccount(server.db);
      const user = await buildUser(server.db, { accountId: account.id, role: "overseer" });
      const headers = { Authorization: `Bearer ${await sessionTokenFor(server.db, server.config, user)}` };
      const event = await buildEvent(server.db, account.id);
      const me = `${server.baseUrl}/api/v1/auth/me`;
      const floor = await idleLatency(me, headers);
      const url = `${server.baseUrl}/api/v1/events/${account.id}/${event.id}/imports`;
      let seconds = 0;
      let answer = "";
      const other = await probe(me, headers);
      const memory = await peakMemoryDuring(async () => {
        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: upload.atOnce ?? 1 }, async () => {
            const { status, body } = await uploadFromDisk(url, headers, upload.file, upload.fileName);
            return `${status}${body.error ? ` ${body.error.code}` : ""}`;
          }),
        );
        seconds = (performance.now() - started) / 1000;
        answer = answers[0]!;
        if (answers.some((one) => !one.startsWith(String(upload.expect))))
          throw new Error(`${upload.label}: ${answers}`);
      });
      const during = await other.stop();
      const size = (await stat(upload.file)).size;
      rows.push(
        {
          operation: `${upload.label}: time (${mb(size)} file, ${answer})`,
          figure: `${seconds.toFixed(1)} s`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${upload.label}: server memory, peak over before`,
          figure: `+${mb(memory.peak - memory.before)} (peak ${mb(memory.peak)})`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${upload.label}: another client's p95 / worst`,
          figure: `${ms(during.p95)} / ${ms(during.worst)}`,
          floor: `${ms(floor.p95)} / ${ms(floor.worst)} idle`,
          ratio: `${(during.worst / Math.max(floor.worst, 0.1)).toFixed(1)}× worst`,
        },
        {
          operation: `${upload.label}: server's event loop, longest held up`,
          figure: ms(memory.longestLoopDelay),
          floor: "",
          ratio: "",
        },
      );
    } finally {
      await server.close();
    }
  }
  return rows;
}

export async function benchGuestImportUpload(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const dir = await mkdtemp(path.join(os.tmpdir(), "tessera-bench-upload-"));
  try {
    const uploads: Upload[] = [];
    for (const count of CSV_ROWS) {
      const file = path.join(dir, `guests-${count}.csv`);
      await writeCsv(file, count);
      uploads.push({
        label: `csv ${count.toLocaleString("en")} rows`,
        file,
        fileName: "guests.csv",
        maxRows: count,
        expect: 201,
      });
    }
    uploads.push({ ...uploads[0]!, label: `4 × ${uploads[0]!.label} at once`, atOnce: 4 });
    const workbook = path.join(dir, "guests.xlsx");
    writeXlsx(workbook, XLSX_ROWS);
    uploads.push({
      label: `xlsx ${XLSX_ROWS.toLocaleString("en")} rows, limit ${XLSX_MAX_ROWS.toLocaleString("en")}`,
      file: workbook,
      fileName: "guests.xlsx",
      maxRows: XLSX_MAX_ROWS,
      expect: 422,
    });
    const rows = await measureUploads(kind, uploads);
    printTable(
      `guests import upload on ${kind}: 15 columns a row; another client asks GET /auth/me every ${PROBE_EVERY_MS} ms meanwhile`,
      rows,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
