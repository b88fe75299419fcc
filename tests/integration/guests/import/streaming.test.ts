import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import type { StoredFile } from "../../../../api/src/storage/fileStorage.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { sessionTokenFor } from "../../../helpers/factories.ts";
import { importingAccount, importsPath, uploadFile } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";
import { postEndlessMultipart } from "../../../helpers/uploads.ts";
import { storedZip } from "../../../helpers/zipFixtures.ts";

const MAX_ROWS = 50;
const MAX_BYTES = 12 * 1024 * 1024;
const encoder = new TextEncoder();

/** Guest lines without end, 64 KiB at a time after the header line. */
function guestChunk(index: number): Uint8Array {
  const head = index === 0 ? "firstName,lastName,email\n" : "";
  let lines = "";
  for (let row = 0; lines.length < 64 * 1024; row++) lines += `Ann,"Lee, Jr",ann.${index}.${row}@example.com\n`;
  return encoder.encode(head + lines);
}

/**
 * An .xlsx whose first sheet holds `rows` rows of inline text, its shared strings and relationships put
 * before the sheet (as Excel may): the streaming reader then reads the sheet straight from the archive.
 */
function inlineWorkbook(rows: number): Buffer {
  const cell = (column: string, row: number, text: string) =>
    `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheetRows = [`<row r="1">${cell("A", 1, "firstName")}${cell("B", 1, "email")}</row>`];
  for (let row = 2; row <= rows + 1; row++)
    sheetRows.push(`<row r="${row}">${cell("A", row, `Guest ${row}`)}${cell("B", row, `g${row}@example.com`)}</row>`);
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return storedZip([
    {
      name: "[Content_Types].xml",
      content:
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.' +
        'spreadsheetml.sheet.main+xml"/></Types>',
    },
    {
      name: "_rels/.rels",
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      content: `<?xml version="1.0"?><workbook xmlns="${main}" xmlns:r="${rels}"><sheets><sheet name="Guests" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: "xl/sharedStrings.xml", content: `<?xml version="1.0"?><sst xmlns="${main}" count="0" uniqueCount="0"/>` },
    {
      name: "xl/worksheets/sheet1.xml",
      content: `<?xml version="1.0"?><worksheet xmlns="${main}"><sheetData>${sheetRows.join("")}</sheetData></worksheet>`,
    },
  ]);
}

describe.each(databaseKinds())("guest import upload, streamed, on %s", (kind) => {
  const suite = useTestServer(kind, {
    env: { IMPORT_MAX_ROWS: String(MAX_ROWS), IMPORT_MAX_BYTES: String(MAX_BYTES) },
  });
  let http: HttpClient;
  let token: string;
  let base: string;
  let importsDir: string;

  beforeAll(async () => {
    const { account, user, http: client } = await importingAccount(suite.server, "organizer");
    http = client;
    token = await sessionTokenFor(suite.server.db, suite.server.config, user);
    base = importsPath(await buildEvent(suite.server.db, account.id, { createdBy: user.id }));
    importsDir = path.join(suite.server.config.varDir, "files", "guest-imports", account.id);
  });

  const storedFiles = async () => (await readdir(importsDir).catch(() => [] as string[])).sort();

  it("refuses too many rows as soon as they are counted, long before the rest of the file is sent", async () => {
    const before = { imports: await GuestImport.query(suite.server.db).resultSize(), files: await storedFiles() };
    const refused = await postEndlessMultipart(suite.server.baseUrl, base, {
      token,
      fields: {},
      fileName: "guests.csv",
      contentType: "text/csv",
      chunkAt: guestChunk,
      stopAfterBytes: 16 * 1024 * 1024,
    });
    expect(refused.status).toBe(422);
    expect((refused.body as { error: { code: string } }).error.code).toBe("import_too_many_rows");
    // Held whole, the 16 MB would have been read before any answer.
    expect(refused.bytesSentBeforeAnswer).toBeLessThan(2 * 1024 * 1024);
    expect(refused.body).toMatchObject({
      error: { message: `The file has more than ${MAX_ROWS} rows; an import takes at most ${MAX_ROWS}.` },
    });
    expect(await GuestImport.query(suite.server.db).resultSize()).toBe(before.imports);
    expect(await storedFiles()).toEqual(before.files); // no partial or temporary file left
  });

  it("refuses a file past IMPORT_MAX_BYTES while it streams (no declared length), keeping nothing", async () => {
    const before = await storedFiles();
    const oneCell = encoder.encode("x".repeat(64 * 1024)); // one endless cell: never too many rows
    const refused = await postEndlessMultipart(suite.server.baseUrl, base, {
      token,
      fields: {},
      fileName: "guests.csv",
      contentType: "text/csv",
      chunkAt: (index) => (index === 0 ? encoder.encode("email\n") : oneCell),
      stopAfterBytes: 8 * MAX_BYTES,
    });
    expect(refused.status).toBe(413);
    expect((refused.body as { error: { code: string } }).error.code).toBe("file_too_big");
    // Read whole, all 8 × the limit would go before the answer. How far past the limit the client got depends
    // on the machine's load (the client and the server share one process): a busy CI sent twice the limit.
    expect(refused.bytesSentBeforeAnswer).toBeLessThan(4 * MAX_BYTES);
    expect(await storedFiles()).toEqual(before);
  });

  it("reads hasHeaders sent after the file, as the web client sends it", async () => {
    const csv = encoder.encode("a@example.com,Ann\nb@example.com,Bob\n");
    const upload = await postEndlessMultipart(suite.server.baseUrl, base, {
      token,
      fields: {},
      fileName: "guests.csv",
      contentType: "text/csv",
      chunkAt: () => csv,
      stopAfterBytes: csv.length,
      fieldsAfter: { hasHeaders: "0" },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body).toMatchObject({
      import: { hasHeaders: false, totalRows: 2, headers: ["Column 1", "Column 2"] },
      preview: [
        ["a@example.com", "Ann"],
        ["b@example.com", "Bob"],
      ],
    });
  });

  it("counts a header line against the limit only when the file has one", async () => {
    const lines = "email\n" + Array.from({ length: MAX_ROWS }, (_, i) => `g${i}@example.com\n`).join("");
    expect((await uploadFile(http, base, lines)).status).toBe(201);
    const withoutHeaders = await uploadFile(http, base, lines, { fields: { hasHeaders: "0" } });
    expect(withoutHeaders.status).toBe(422);
    expect(withoutHeaders.body.error.code).toBe("import_too_many_rows");
  });

  it("tells Windows-1252 by an invalid UTF-8 byte far past the first bytes, and previews in it", async () => {
    const small = Buffer.concat([
      Buffer.from("Prénom;email\n", "utf8"),
      Buffer.from("x".repeat(200 * 1024) + ";pad@example.com\n", "latin1"),
      Buffer.from("Andr\xe9;andre@example.com\n", "latin1"),
    ]);
    const decoded = await uploadFile(http, base, small);
    expect(decoded.status, JSON.stringify(decoded.body)).toBe(201);
    expect(decoded.body.import).toMatchObject({ encoding: "windows-1252", separator: ";", totalRows: 2 });
    // The whole file is Windows-1252: the UTF-8 of the title reads as such, as processing will read it.
    expect(decoded.body.import.headers).toEqual(["PrÃ©nom", "email"]);
    expect(decoded.body.preview[1]).toEqual(["André", "andre@example.com"]);
  });

  it("refuses an unclosed quote far into the file with its line, keeping nothing", async () => {
    const before = await storedFiles();
    const csv = "email,name\n" + "a@example.com,Ann\n".repeat(30) + 'b@example.com,"Bob\n' + "x".repeat(300_000);
    const refused = await uploadFile(http, base, csv, { lang: "en" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "import_malformed_file", message: expect.stringContaining("32") });
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a workbook over the limit without reading its sheet to the end, keeping nothing", async () => {
    const workbook = inlineWorkbook(60_000);
    const storage = suite.server.deps.storage;
    const get = storage.get.bind(storage);
    let workbookBytesRead = 0;
    storage.get = async (key: string): Promise<StoredFile | null> => {
      const stored = await get(key);
      if (!stored || !key.endsWith(".xlsx")) return stored;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of stored.stream as AsyncIterable<Buffer>) {
            workbookBytesRead += chunk.length;
            yield chunk;
          }
        })(),
        { objectMode: false },
      );
      counted.once("close", () => stored.stream.destroy());
      return { ...stored, stream: counted };
    };
    try {
      const before = await storedFiles();
      const refused = await uploadFile(http, base, workbook, { fileName: "guests.xlsx" });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.error.code).toBe("import_too_many_rows");
      expect(workbookBytesRead).toBeGreaterThan(0);
      expect(workbookBytesRead).toBeLessThan(workbook.length / 4);
      expect(await storedFiles()).toEqual(before);
    } finally {
      storage.get = get;
    }
    const within = await uploadFile(http, base, inlineWorkbook(MAX_ROWS), { fileName: "guests.xlsx" });
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    expect(within.body.import).toMatchObject({ sourceFormat: "xlsx", totalRows: MAX_ROWS });
    expect(within.body.preview[0]).toEqual(["Guest 2", "g2@example.com"]);
  });
});
