import { request as httpRequest } from "node:http";
import { buffer } from "node:stream/consumers";
import { beforeAll, describe, expect, it } from "vitest";
import { GuestImport } from "../../api/src/models/GuestImport.ts";
import { listedUser } from "../helpers/actors.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildEvent } from "../helpers/events.ts";
import { importingAccount, importsPath, processImport, uploadFile } from "../helpers/guestImport.ts";
import { putImportChunk } from "../helpers/importChunks.ts";
import type { HttpClient } from "../helpers/http.ts";
import { useTestServer } from "../helpers/suite.ts";

/** A guest list of `rows` rows (a header line first), each guest with an email of its own. */
function guestCsv(rows: number, tag: string): Buffer {
  const lines = ["First name;Last name;Email;Company"];
  for (let index = 0; index < rows; index++)
    lines.push(`Ann${index};Lee${index};ann.${index}.${tag}@example.com;Société ${index % 7}`);
  return Buffer.from(lines.join("\r\n") + "\r\n", "utf8");
}

/**
 * Step 1 of the guest import in resumable chunks (issue 13, item 8): start, chunks at the offset received,
 * an interrupted chunk left out, the same answer as the multipart upload once complete.
 */
describe.each(databaseKinds())("guest import uploads in chunks on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: { id: string; accountId: string; createdBy: string | null };
  let base: string;

  beforeAll(async () => {
    const { account, user, http: client } = await importingAccount(suite.server, "organizer");
    http = client;
    event = await buildEvent(suite.server.db, account.id, { createdBy: user.id });
    base = importsPath(event);
  });

  const uploadsOf = (imports: string) => `${imports}/uploads`;

  /** Sends the first `sent` bytes of a chunk announced whole, then cuts the connection (a kill midway). */
  function cutChunk(client: HttpClient, url: string, offset: number, chunk: Uint8Array, sent: number) {
    return new Promise<void>((resolve) => {
      const target = new URL(`${client.baseUrl}${url}?offset=${offset}`);
      const request = httpRequest(target, {
        method: "PUT",
        headers: {
          ...client.authHeaders(),
          "Content-Type": "application/octet-stream",
          "Content-Length": String(chunk.length),
        },
      });
      request.on("error", () => resolve());
      request.on("response", () => resolve());
      request.write(chunk.subarray(0, sent), () => {
        request.destroy();
        resolve();
      });
    });
  }

  async function start(client: HttpClient, imports: string, file: Buffer, fileName = "guests.csv") {
    const started = await client.post(uploadsOf(imports), { fileName, size: file.length });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return `${uploadsOf(imports)}/${started.body.upload.id as string}`;
  }

  it("assembles the chunks into the same import as the multipart upload, then maps and processes it", async () => {
    const file = guestCsv(3_000, "same");
    const url = await start(http, base, file, "invités.csv");
    const chunkBytes = 64 * 1024;
    for (let offset = 0; offset < file.length; offset += chunkBytes) {
      const put = await putImportChunk(http, url, offset, file.subarray(offset, offset + chunkBytes));
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.upload.received).toBe(Math.min(offset + chunkBytes, file.length));
    }
    const completed = await http.post(`${url}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(201);

    const multipart = await uploadFile(http, base, file, { fileName: "invités.csv" });
    expect(multipart.status).toBe(201);
    expect(completed.body.preview).toEqual(multipart.body.preview);
    expect(completed.body.suggestedMapping).toEqual(multipart.body.suggestedMapping);
    const { id: _chunked, createdAt: _c, ...chunkedImport } = completed.body.import;
    const { id: _multipart, createdAt: _m, ...multipartImport } = multipart.body.import;
    expect(chunkedImport).toEqual(multipartImport);
    expect(chunkedImport).toMatchObject({ totalRows: 3_000, separator: ";", fileName: "invités.csv" });

    const id = completed.body.import.id as string;
    expect((await http.get(url)).body.upload).toMatchObject({ received: file.length, importId: id });
    const again = await http.post(`${url}/complete`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "import_upload_completed", details: { importId: id } });

    const mapped = await http.post(`${base}/${id}/mapping`, { mapping: completed.body.suggestedMapping });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(await processImport(suite.server, http, base, id)).toMatchObject({ status: "done", createdRows: 3_000 });
  });

  it("answers 409 with the bytes received to a chunk at another offset, and refuses to complete with bytes missing", async () => {
    const file = guestCsv(200, "offsets");
    const url = await start(http, base, file);
    expect((await putImportChunk(http, url, 0, file.subarray(0, 1000))).status).toBe(200);

    for (const offset of [0, 500, 2000]) {
      const wrong = await putImportChunk(http, url, offset, file.subarray(offset, offset + 1000));
      expect(wrong.status).toBe(409);
      expect(wrong.body.error).toMatchObject({ code: "import_upload_offset_mismatch", details: { received: 1000 } });
    }
    const tooFar = await putImportChunk(http, url, 1000, Buffer.alloc(file.length, 0x41));
    expect(tooFar.status).toBe(413);
    expect(tooFar.body.error.code).toBe("import_upload_beyond_size");

    const early = await http.post(`${url}/complete`, undefined, { lang: "fr" });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: "import_upload_incomplete",
      details: { received: 1000, size: file.length },
    });
    expect(early.body.error.message).toContain("1000");
    expect((await http.get(url)).body.upload).toMatchObject({ received: 1000, size: file.length, importId: null });
  });

  it("leaves out a chunk cut midway: the upload resumes at the bytes received and ends with the same bytes", async () => {
    const file = guestCsv(5_000, "resume");
    const url = await start(http, base, file);
    const chunkBytes = 100_000;
    expect((await putImportChunk(http, url, 0, file.subarray(0, chunkBytes))).status).toBe(200);
    expect((await putImportChunk(http, url, chunkBytes, file.subarray(chunkBytes, 2 * chunkBytes))).status).toBe(200);
    await cutChunk(http, url, 2 * chunkBytes, file.subarray(2 * chunkBytes, 3 * chunkBytes), 40_000);

    let received = (await http.get(url)).body.upload.received as number;
    expect(received).toBe(2 * chunkBytes);
    while (received < file.length) {
      const put = await putImportChunk(http, url, received, file.subarray(received, received + chunkBytes));
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      received = put.body.upload.received;
    }
    const completed = await http.post(`${url}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(201);
    expect(completed.body.import.totalRows).toBe(5_000);
    const stored = await GuestImport.query(suite.server.db).findById(completed.body.import.id);
    const kept = await suite.server.deps.storage.get(stored!.fileKey);
    expect(Buffer.compare(await buffer(kept!.stream), file)).toBe(0);
  });

  it("completes an upload once when asked twice at the same time", async () => {
    const own = await buildEvent(suite.server.db, event.accountId, { createdBy: event.createdBy });
    const file = guestCsv(2_000, "twice");
    const url = await start(http, importsPath(own), file, "twice.csv");
    expect((await putImportChunk(http, url, 0, file)).status).toBe(200);
    const answers = await Promise.all([http.post(`${url}/complete`), http.post(`${url}/complete`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    const completed = answers.find((answer) => answer.status === 201)!;
    expect(refused.body.error).toMatchObject({
      code: "import_upload_completed",
      details: { importId: completed.body.import.id },
    });
    const imports = await GuestImport.query(suite.server.db).where({ eventId: own.id });
    expect(imports.map((guestImport) => guestImport.id)).toEqual([completed.body.import.id]);
  });

  it("checks the assembled file's bytes as the multipart upload does", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), Buffer.alloc(2000, 0)]);
    const url = await start(http, base, pdf, "guests.csv");
    const first = await putImportChunk(http, url, 0, pdf.subarray(0, 1000));
    expect(first.status).toBe(200);
    expect((await putImportChunk(http, url, 1000, pdf.subarray(1000))).status).toBe(200);
    const completed = await http.post(`${url}/complete`);
    expect(completed.status).toBe(422);
    expect(completed.body.error.code).toBe("import_not_text");

    // A first chunk that holds the file's head is judged at once: refused before the rest is sent.
    const early = await start(http, base, Buffer.concat([pdf, Buffer.alloc(300_000, 0x20)]), "scan.csv");
    const refused = await putImportChunk(http, early, 0, Buffer.concat([pdf, Buffer.alloc(200_000, 0x20)]));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("import_not_text");
    expect((await http.get(early)).body.upload.received).toBe(0);

    const tooBig = await http.post(uploadsOf(base), {
      size: suite.server.config.guestImport.maxBytes + 1,
      fileName: "big.csv",
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("file_too_big");
  });

  it("is for the event's editors and above: a reader 403, another account's user 404", async () => {
    const file = guestCsv(10, "tenancy");
    const url = await start(http, base, file);
    const reader = await listedUser(suite.server, event, { role: "reader" });
    const other = await importingAccount(suite.server, "overseer");
    const otherEvent = await buildEvent(suite.server.db, other.account.id, { createdBy: other.user.id });

    expect((await reader.http.post(uploadsOf(base), { size: file.length })).status).toBe(403);
    expect((await reader.http.get(url)).status).toBe(403);
    expect((await putImportChunk(reader.http, url, 0, file)).status).toBe(403);
    expect((await reader.http.post(`${url}/complete`)).status).toBe(403);

    expect((await other.http.post(uploadsOf(base), { size: file.length })).status).toBe(404);
    expect((await other.http.get(url)).status).toBe(404);
    expect((await putImportChunk(other.http, url, 0, file)).status).toBe(404);
    expect((await other.http.post(`${url}/complete`)).status).toBe(404);
    // Its own event's path with this upload's id: not its upload either.
    const foreign = url.replace(base, importsPath(otherEvent));
    expect((await other.http.get(foreign)).status).toBe(404);
    expect((await putImportChunk(other.http, foreign, 0, file)).status).toBe(404);
    expect((await http.get(url)).body.upload.received).toBe(0);
  });

  it("expires an upload untouched for a day (on read), and a raw body elsewhere is refused (415)", async () => {
    const file = guestCsv(10, "expiry");
    const url = await start(http, base, file);
    expect((await putImportChunk(http, url, 0, file.subarray(0, 100))).status).toBe(200);
    const id = url.split("/").pop()!;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await suite.server.db("guest_import_uploads").where({ id }).update({ updatedAt: dayAgo });
    const chunks = await suite.server.db("guest_import_upload_chunks").where({ uploadId: id });
    expect(chunks).toHaveLength(1);
    expect((await http.get(url)).status).toBe(404);
    expect(await suite.server.db("guest_import_uploads").where({ id })).toHaveLength(0);
    expect(await suite.server.deps.storage.get(chunks[0]!.storageKey)).toBeNull();

    const raw = await fetch(`${http.baseUrl}${base}/${id}/mapping`, {
      method: "POST",
      headers: { ...http.authHeaders(), "Content-Type": "application/octet-stream" },
      body: Buffer.from("{}"),
    });
    expect(raw.status).toBe(415);
  });
});
