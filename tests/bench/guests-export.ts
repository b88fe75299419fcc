// Guest export of 100,000 guests with 10 custom fields, CSV and XLSX, through HTTP (QUALITY.md: constant
// server memory; other requests' p95 unchanged during it). The server runs in this process: its memory is
// this process's (sampled every 20 ms), and, in a second export alone, the heap still in use after full
// collections (what the export keeps: the resident size also counts garbage not yet collected). Another
// client asks GET /auth/me every 20 ms meanwhile (timed from when each request was due); its worst and p95
// latency are set beside the same client's on an idle server (the floor), and the event loop's longest
// block during the export beside its longest while idle, each with the main thread's time on a CPU in it
// (on a shared machine a block's wall time also counts waiting for a CPU). `npm run bench --
// guests-export` runs it alone, on PostgreSQL when DATABASE_URL is set.
import { isPostgres } from "../../api/src/db/dialect.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildCustomField, buildGuests } from "../helpers/guests.ts";
import { startTestServer } from "../helpers/server.ts";
import { liveHeapDuring } from "./liveHeap.ts";
import { loopBlocksDuring, type LoopBlocks } from "./loopBlocks.ts";
import { mb, peakMemoryDuring, probe, PROBE_EVERY_MS } from "./duringWork.ts";
import { printTable, type Row } from "./stats.ts";

const GUESTS = Number(process.env.BENCH_EXPORT_GUESTS ?? 100_000);
const IDLE_PROBE_MS = 3_000;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchGuestExport(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "overseer" });
    const headers = { Authorization: `Bearer ${await sessionTokenFor(server.db, server.config, user)}` };
    const event = await buildEvent(server.db, account.id);
    const fields: CustomField[] = [];
    for (let index = 0; index < 10; index++)
      fields.push(await buildCustomField(server.db, event, { type: "short_text", label: `Question ${index}` }));
    await buildGuests(server.db, event, GUESTS, (i) => ({
      company: `Company ${i % 300}`,
      answers: Object.fromEntries(fields.map((field, n) => [field.id, `answer ${n} of guest ${i}`])) as never,
    }));
    if (isPostgres(server.db)) await server.db.raw("vacuum (analyze) guests");
    const me = `${server.baseUrl}/api/v1/auth/me`;
    const idle = await probe(me, headers);
    const idleBlocks = await loopBlocksDuring(() => new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS)));
    const floor = await idle.stop();

    const rows: Row[] = [];
    for (const format of ["csv", "xlsx"] as const) {
      const url = `${server.baseUrl}/api/v1/events/${account.id}/${event.id}/users/export?format=${format}`;
      let bytes = 0;
      let seconds = 0;
      const download = async () => {
        bytes = 0;
        const started = performance.now();
        const response = await fetch(url, { headers });
        if (response.status !== 200) throw new Error(`export ${format}: ${response.status}`);
        for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
        seconds = (performance.now() - started) / 1000;
      };
      const other = await probe(me, headers);
      let blocks: LoopBlocks = { longest: 0, longestOnCpu: 0 };
      const memory = await peakMemoryDuring(async () => {
        blocks = await loopBlocksDuring(download);
      });
      const during = await other.stop();
      const exportSeconds = seconds;
      // A second export, alone, for what it keeps in memory (its full collections would skew the latencies).
      const heap = await liveHeapDuring(download);
      rows.push(
        {
          operation: `${format}: time (${mb(bytes)} file)`,
          figure: `${exportSeconds.toFixed(1)} s`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${format}: server memory, peak over before`,
          figure: `+${mb(memory.peak - memory.before)} (peak ${mb(memory.peak)})`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${format}: live heap (after full GC), highest over before`,
          figure: `+${mb(heap.highest - heap.before)} (highest ${mb(heap.highest)})`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${format}: another client's p95 / worst`,
          figure: `${ms(during.p95)} / ${ms(during.worst)}${during.failed ? ` (${during.failed} failed)` : ""}`,
          floor: `${ms(floor.p95)} / ${ms(floor.worst)} idle`,
          ratio: `${(during.worst / Math.max(floor.worst, 0.1)).toFixed(1)}× worst`,
        },
        {
          operation: `${format}: event loop's longest block (on CPU)`,
          figure: `${ms(blocks.longest)} (${ms(blocks.longestOnCpu)})`,
          floor: `${ms(idleBlocks.longest)} (${ms(idleBlocks.longestOnCpu)}) idle`,
          ratio: "",
        },
      );
    }
    printTable(
      `guests export on ${kind}: ${GUESTS.toLocaleString("en")} guests × (identity + 10 custom fields); ` +
        `another client asks GET /auth/me every ${PROBE_EVERY_MS} ms meanwhile`,
      rows,
    );
  } finally {
    await server.close();
  }
}
