// Bulk badge PDF of 1,000 guests (QUALITY.md: ≤ 15 s, constant memory), through HTTP as an organizer asks for
// it: POST ebadges/batches, then the job until it is done. The template is an A6 badge with an A4-shaped
// background, the event's name, date and place, the guest's name and company, and the QR of their signed entry
// code (issued on first need, as for a first print). The server runs in this process: its resident memory is
// sampled every 20 ms, and, in another run alone, the heap still in use after full collections (what the job
// keeps). Another client asks GET /auth/me every 20 ms meanwhile. The floor is pdfkit writing as many pages with
// the same background, fonts and texts into a file, with no per-guest work (no database, no code, no QR).
// `npm run bench -- badges` (BENCH_BADGE_GUESTS to change the count), on PostgreSQL when DATABASE_URL is set.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MM_TO_PT } from "@tessera/shared";
import { newBadgeDocument, openImage } from "../../api/src/services/ebadges/render.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildGuests } from "../helpers/guests.ts";
import { pngImage } from "../helpers/imageFixtures.ts";
import { startTestServer } from "../helpers/server.ts";
import { postMultipart } from "../helpers/uploads.ts";
import { mb, peakMemoryDuring, probe, PROBE_EVERY_MS } from "./duringWork.ts";
import { liveHeapDuring } from "./liveHeap.ts";
import { printTable, type Row } from "./stats.ts";

const GUESTS = Number(process.env.BENCH_BADGE_GUESTS ?? 1_000);
const BACKGROUND = pngImage(620, 877); // A4-shaped, 75 dpi
const BLOCKS = [
  { id: "event", type: "eventName", x: 5, y: 6, width: 95, height: 10, align: "center", font: { weight: "bold" } },
  { id: "date", type: "date", x: 5, y: 17, width: 95, height: 6, align: "center", font: { size: 9 } },
  { id: "name", type: "guestField", field: "fullName", x: 5, y: 30, width: 95, height: 14, font: { size: 22 } },
  { id: "company", type: "guestField", field: "company", x: 5, y: 46, width: 95, height: 8, font: { size: 12 } },
  { id: "place", type: "location", x: 5, y: 56, width: 95, height: 12, font: { size: 8 } },
  { id: "qr", type: "qrCode", x: 27.5, y: 75, width: 50, height: 50 },
];
const pt = (mm: number) => mm * MM_TO_PT;

/** pdfkit alone: the same pages (background, fonts, texts), no database, no code, no QR, written to a file. */
async function floorSeconds(pages: number): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), "badge-floor-"));
  try {
    const started = performance.now();
    const doc = newBadgeDocument("floor");
    const written = pipeline(doc as unknown as NodeJS.ReadableStream, createWriteStream(path.join(dir, "floor.pdf")));
    const background = openImage(doc, BACKGROUND);
    for (let index = 0; index < pages; index++) {
      doc.addPage({ size: [pt(105), pt(148)], margin: 0 });
      doc.image(background as never, 0, 0, { cover: [pt(105), pt(148)] });
      doc.font("sans-bold").fontSize(14).fillColor("#000000");
      doc.text("Bench Conference", pt(5), pt(6), { width: pt(95), align: "center" });
      doc
        .font("sans-normal")
        .fontSize(22)
        .text(`Guest ${index} Bench`, pt(5), pt(30), { width: pt(95) });
      doc.fontSize(12).text(`Company ${index % 300}`, pt(5), pt(46), { width: pt(95) });
      if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    }
    doc.end();
    await written;
    return (performance.now() - started) / 1000;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchBadges(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "overseer" });
    const token = await sessionTokenFor(server.db, server.config, user);
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const event = await buildEvent(server.db, account.id, {
      name: "Bench Conference",
      startsAt: new Date("2027-06-01T08:00:00Z"),
      endsAt: new Date("2027-06-02T17:00:00Z"),
      venueName: "Palais des congrès",
      address: "2 place de la Porte Maillot, Paris",
    });
    const base = `/api/v1/events/${account.id}/${event.id}/ebadges`;
    const created = await fetch(`${server.baseUrl}${base}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Attendee", format: "a6", blocks: BLOCKS }),
    });
    const badge = (await created.json()) as { id: string };
    await postMultipart(server.baseUrl, `${base}/${badge.id}/background`, {
      token,
      files: [{ bytes: BACKGROUND, fileName: "bg.png", contentType: "image/png" }],
    });
    await buildGuests(server.db, event, GUESTS, (i) => ({
      firstName: `Guest ${i}`,
      lastName: "Bench",
      company: `Company ${i % 300}`,
      status: "confirmed",
    }));

    /** One bulk print, from the request to the PDF stored: its seconds and the file's size. */
    const bulk = async (layout: string, reason: string) => {
      const started = performance.now();
      const asked = await fetch(`${server.baseUrl}${base}/batches`, {
        method: "POST",
        headers,
        body: JSON.stringify({ layout, reason }),
      });
      const { id } = (await asked.json()) as { id: string };
      for (;;) {
        const state = (await (await fetch(`${server.baseUrl}${base}/batches/${id}`, { headers })).json()) as {
          status: string;
          size: number | null;
          printed: number;
        };
        if (state.status === "failed") throw new Error("the bulk print failed");
        if (state.status === "done") {
          if (state.printed !== GUESTS) throw new Error(`printed ${state.printed} of ${GUESTS}`);
          return { seconds: (performance.now() - started) / 1000, size: state.size ?? 0 };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const floor = await floorSeconds(GUESTS);
    const me = `${server.baseUrl}/api/v1/auth/me`;
    const idle = await probe(me, headers);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleLatency = await idle.stop();

    const rows: Row[] = [];
    // The first run issues every guest's entry code (as a first print does); later runs find them.
    for (const [layout, label] of [
      ["page", "one A6 badge per page, first print (codes issued)"],
      ["page", "one A6 badge per page, reprint"],
      ["a6x4", "4 × A6 on A4 sheets, reprint"],
    ] as const) {
      const other = await probe(me, headers);
      let run = { seconds: 0, size: 0 };
      const memory = await peakMemoryDuring(async () => {
        run = await bulk(layout, "bench");
      });
      const during = await other.stop();
      rows.push(
        {
          operation: `${label}: time (${mb(run.size)} PDF)`,
          figure: `${run.seconds.toFixed(2)} s`,
          floor: `${floor.toFixed(2)} s`,
          ratio: `${(run.seconds / floor).toFixed(1)}×`,
        },
        {
          operation: `${label}: server memory, peak over before`,
          figure: `+${mb(memory.peak - memory.before)} (peak ${mb(memory.peak)})`,
          floor: "",
          ratio: "",
        },
        {
          operation: `${label}: another client's p95 / worst`,
          figure: `${during.p95.toFixed(1)} ms / ${during.worst.toFixed(1)} ms`,
          floor: `${idleLatency.p95.toFixed(1)} ms / ${idleLatency.worst.toFixed(1)} ms idle`,
          ratio: "",
        },
      );
    }
    // Alone, for what the job keeps: the live heap after full collections.
    const heap = await liveHeapDuring(() => bulk("page", "bench"), 250);
    rows.push({
      operation: "one per page, reprint: live heap (after full GC), highest over before",
      figure: `+${mb(heap.highest - heap.before)} (highest ${mb(heap.highest)})`,
      floor: "",
      ratio: "",
    });
    printTable(
      `bulk badge PDF on ${kind}: ${GUESTS.toLocaleString("en")} guests, A6 with background, 5 texts and a QR ` +
        `code; floor: pdfkit alone writing the same pages without QR or per-guest work; another client asks ` +
        `GET /auth/me every ${PROBE_EVERY_MS} ms meanwhile`,
      rows,
    );
  } finally {
    await server.close();
  }
}
