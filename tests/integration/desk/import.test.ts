import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { Guest } from "../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../api/src/models/GuestImport.ts";
import { createDeskCore } from "../../../desktop/src/core/core.ts";
import type { FetchLike } from "../../../desktop/src/core/deskHttp.ts";
import { createImportHandlers, type ImportHandlerOptions } from "../../../desktop/src/core/import/handlers.ts";
import { LocalFileError } from "../../../desktop/src/core/import/parseLocal.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { DEFAULT_PASSWORD } from "../../helpers/factories.ts";
import { importingAccount } from "../../helpers/guestImport.ts";
import { putImportChunk } from "../../helpers/importChunks.ts";
import { useTestServer } from "../../helpers/suite.ts";

const CHUNK = 64 * 1024;

/** A guest list of `rows` rows under a header line, `;`-separated, with accents and a quoted cell. */
function guestCsv(rows: number): Buffer {
  const lines = ["Prénom;Nom;E-mail;Société"];
  for (let index = 0; index < rows; index++)
    lines.push(`Hélène${index};Müller${index};guest.${index}@example.com;"Société ${index % 13}; Paris"`);
  return Buffer.from(lines.join("\r\n") + "\r\n", "utf8");
}

/** A fetch that notes the offset of every chunk sent (the real server answers every call). */
function recordingFetch() {
  const offsets: number[] = [];
  const fetchLike: FetchLike = (input, init) => {
    if (init?.method === "PUT") offsets.push(Number(new URL(input).searchParams.get("offset")));
    return fetch(input, init);
  };
  return { offsets, fetch: fetchLike };
}

/**
 * The desk app's bulk import against a real API (issue 13, item 8): a large file previewed locally, sent in
 * chunks, interrupted (the app closed), resumed by a new core from the server's count, then mapped and processed.
 */
describe.each(databaseKinds())("the desk's bulk import on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { account, user, http } = await importingAccount(suite.server, "organizer");
    const event = await buildEvent(suite.server.db, account.id, { createdBy: user.id, name: "Gala import" });
    const folder = mkdtempSync(path.join(tmpdir(), "desk-import-"));
    const databaseFile = path.join(folder, "desk.sqlite");
    const open = (options: Omit<ImportHandlerOptions, "core"> = {}) => {
      const core = createDeskCore({ version: "0.1.0", platform: "linux", databaseFile, probeIntervalMs: 0 });
      return { core, handlers: createImportHandlers({ core, ...options }) };
    };
    const signIn = (handlers: ReturnType<typeof open>["handlers"]) =>
      handlers["backoffice.signIn"](suite.server.baseUrl, user.email, DEFAULT_PASSWORD);
    return { account, user, http, event, folder, open, signIn };
  }

  it("uploads 20,000 rows in chunks, resumes after the app closed from the server's count, maps and processes", async () => {
    const { user, http, event, folder, open, signIn } = await setUp();
    const file = guestCsv(20_000);
    const filePath = path.join(folder, "invités.csv");
    writeFileSync(filePath, file);
    expect(file.length).toBeGreaterThan(10 * CHUNK);

    // The first run: closed by the user after three chunks.
    const first = recordingFetch();
    let closeAfter = 3 * CHUNK;
    const run = open({
      fetch: first.fetch,
      chunkBytes: CHUNK,
      onProgress: (progress) => {
        if (progress.received >= closeAfter) {
          closeAfter = Infinity;
          run.handlers.close();
        }
      },
    });
    expect(await signIn(run.handlers)).toMatchObject({ id: user.id });
    const events = await run.handlers["backoffice.events"]();
    expect(events).toContainEqual(expect.objectContaining({ id: event.id, accountId: event.accountId }));

    const preview = await run.handlers["import.preview"](filePath);
    expect(preview).toMatchObject({ kind: "csv", rows: 20_000, separator: ";", encoding: "utf-8" });
    expect(preview.headers).toEqual(["Prénom", "Nom", "E-mail", "Société"]);
    expect(preview.firstRows[0]).toEqual(["Hélène0", "Müller0", "guest.0@example.com", "Société 0; Paris"]);

    const started = await run.handlers["import.upload"](filePath, event.accountId, event.id);
    expect(started).toMatchObject({ fileName: "invités.csv", size: file.length, state: "uploading" });
    await run.handlers.settled(started.id);
    expect(first.offsets).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(await run.handlers["import.progress"](started.id)).toMatchObject({
      received: 3 * CHUNK,
      state: "uploading",
      isSending: false,
    });
    run.core.close();

    // The server took in a fourth chunk the desk never heard of (the app killed before the answer came).
    const uploadUrl = `/api/v1/events/${event.accountId}/${event.id}/imports/uploads/${started.id}`;
    const fourth = await putImportChunk(http, uploadUrl, 3 * CHUNK, file.subarray(3 * CHUNK, 4 * CHUNK));
    expect(fourth.status).toBe(200);

    // A new app: the interrupted upload is listed at once, and goes on from the server's count once signed in.
    const second = recordingFetch();
    const again = open({ fetch: second.fetch, chunkBytes: CHUNK });
    const waiting = await again.handlers["import.resume"]();
    expect(waiting).toEqual([expect.objectContaining({ id: started.id, received: 3 * CHUNK, isSending: false })]);
    await signIn(again.handlers);
    await again.handlers["import.resume"]();
    await again.handlers.settled(started.id);
    expect(second.offsets[0]).toBe(4 * CHUNK);
    const expected: number[] = [];
    for (let offset = 4 * CHUNK; offset < file.length; offset += CHUNK) expected.push(offset);
    expect(second.offsets).toEqual(expected);

    const uploaded = await again.handlers["import.progress"](started.id);
    expect(uploaded).toMatchObject({ state: "uploaded", received: file.length, error: null });
    const answer = uploaded.upload!;
    expect(answer.import).toMatchObject({ totalRows: 20_000, separator: ";", fileName: "invités.csv" });
    expect(answer.preview).toEqual(preview.firstRows);
    const stored = await GuestImport.query(suite.server.db).findById(answer.import.id);
    expect(Buffer.compare(await buffer((await suite.server.deps.storage.get(stored!.fileKey))!.stream), file)).toBe(0);

    const mapped = await again.handlers["import.setMapping"](started.id, answer.suggestedMapping);
    expect(mapped.import).toMatchObject({ status: "mapped", failedRows: 0 });
    expect((await again.handlers["import.process"](started.id)).status).toBe("processing");
    await suite.server.deps.jobs.drain(120_000);
    expect(await again.handlers["import.status"](started.id)).toMatchObject({
      status: "done",
      createdRows: 20_000,
      failedRows: 0,
      processedRows: 20_000,
      totalRows: 20_000,
    });
    expect(await again.handlers["import.progress"](started.id)).toMatchObject({ state: "done" });
    const counted = await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize();
    expect(counted).toBe(20_000);
    expect(await again.handlers["import.resume"]()).toEqual([]);
    again.core.close();
  });

  it("previews an .xlsx workbook locally as the server reads it, and refuses a file that is no guest list", async () => {
    const { event, folder, open, signIn } = await setUp();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invités");
    sheet.addRow(["First name", "Last name", "Email", "Company"]);
    for (let index = 0; index < 25; index++)
      sheet.addRow([`Zoé${index}`, `Núñez${index}`, `zoe.${index}@example.com`, index]);
    workbook.addWorksheet("Other").addRow(["not", "read"]);
    const filePath = path.join(folder, "guests.xlsx");
    await workbook.xlsx.writeFile(filePath);

    const { core, handlers } = open({ chunkBytes: CHUNK });
    const preview = await handlers["import.preview"](filePath);
    expect(preview).toMatchObject({ kind: "xlsx", rows: 25, encoding: null, separator: null });
    expect(preview.headers).toEqual(["First name", "Last name", "Email", "Company"]);
    expect(preview.firstRows).toHaveLength(10);
    expect(preview.firstRows[3]).toEqual(["Zoé3", "Núñez3", "zoe.3@example.com", "3"]);

    await signIn(handlers);
    const started = await handlers["import.upload"](filePath, event.accountId, event.id);
    await handlers.settled(started.id);
    const uploaded = await handlers["import.progress"](started.id);
    expect(uploaded.upload?.import).toMatchObject({ sourceFormat: "xlsx", totalRows: preview.rows });
    expect(uploaded.upload?.preview).toEqual(preview.firstRows);

    const binary = path.join(folder, "photo.csv");
    writeFileSync(binary, Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 9)));
    await expect(handlers["import.preview"](binary)).rejects.toMatchObject({ code: "import_not_text" });
    const empty = path.join(folder, "empty.csv");
    writeFileSync(empty, "");
    await expect(handlers["import.preview"](empty)).rejects.toBeInstanceOf(LocalFileError);

    // Sent anyway, the server refuses it: the upload fails with the server's code, nothing to resume.
    const refused = await handlers["import.upload"](binary, event.accountId, event.id);
    await handlers.settled(refused.id);
    const failed = await handlers["import.progress"](refused.id);
    expect(failed).toMatchObject({ state: "failed", importId: null, isSending: false });
    expect(failed.error).toMatch(/^\[import_not_text\] /);
    expect((await handlers["import.resume"]()).map((upload) => upload.id)).not.toContain(refused.id);
    core.close();
  });

  it("does not resume a file changed since its upload began", async () => {
    const { event, folder, open, signIn } = await setUp();
    const filePath = path.join(folder, "guests.csv");
    writeFileSync(filePath, guestCsv(3_000));
    const first = open({
      chunkBytes: CHUNK,
      onProgress: (progress) => progress.received > 0 && first.handlers.close(),
    });
    await signIn(first.handlers);
    const started = await first.handlers["import.upload"](filePath, event.accountId, event.id);
    await first.handlers.settled(started.id);
    expect((await first.handlers["import.progress"](started.id)).received).toBe(CHUNK);
    first.core.close();

    writeFileSync(filePath, guestCsv(3_001));
    const again = open({ chunkBytes: CHUNK });
    await signIn(again.handlers);
    await again.handlers["import.resume"]();
    await again.handlers.settled(started.id);
    const failed = await again.handlers["import.progress"](started.id);
    expect(failed).toMatchObject({ state: "failed", received: CHUNK });
    expect(failed.error).toMatch(/^\[import_file_changed\] /);
    again.core.close();
  });
});
