import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, runImport as runImportOf, uploadFile } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { pngImage } from "../../../helpers/imageFixtures.ts";
import { useTestServer } from "../../../helpers/suite.ts";
import { BARE_ZIP, DOCX, PDF } from "../../../helpers/zipFixtures.ts";
import en from "../../../../shared/src/i18n/en/errors.json" with { type: "json" };
import es from "../../../../shared/src/i18n/es/errors.json" with { type: "json" };
import fr from "../../../../shared/src/i18n/fr/errors.json" with { type: "json" };

/** Excel's "Unicode text" (Save as → Unicode Text): UTF-16LE with a BOM, TAB-separated, CRLF. */
function unicodeText(rows: string[][]): Buffer {
  return Buffer.from("\ufeff" + rows.map((row) => row.join("\t")).join("\r\n") + "\r\n", "utf16le");
}

/** The same text in UTF-16BE: every code unit's two bytes swapped (BOM FE FF). */
function bigEndian(bytes: Buffer): Buffer {
  return Buffer.from(bytes).swap16();
}

/** The start of a 64-bit Linux executable: ELF magic, class, byte order, version, then zeros. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);

/** Bytes of no format at all, the same on every run. */
function randomBytes(count: number, seed: number): Buffer {
  const next = seededRandom(seed);
  return Buffer.from(Array.from({ length: count }, () => Math.floor(next() * 256)));
}

describe.each(databaseKinds())("guest import, what the file's bytes are, on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let base: string;
  let importsDir: string;

  beforeAll(async () => {
    const { account, user, http: client } = await importingAccount(suite.server, "organizer");
    http = client;
    event = await buildEvent(suite.server.db, account.id, { createdBy: user.id });
    base = importsPath(event);
    importsDir = path.join(suite.server.config.varDir, "files", "guest-imports", account.id);
  });

  const runImport = (bytes: Uint8Array | string, imports = base) =>
    runImportOf(suite.server, http, imports, bytes, { fileName: "invités.txt" });

  it.each([
    ["utf-16le", (bytes: Buffer) => bytes],
    ["utf-16be", bigEndian],
  ])("decodes Excel's Unicode text in %s with BOM (TAB, CRLF) and imports the accents right", async (encoding, to) => {
    const email = `helene-${randomUUID()}@example.com`;
    const file = to(
      unicodeText([
        ["Prénom", "Nom", "E-mail", "Société"],
        ["Hélène", "Müller", email, "Société Générale"],
        ["José", "Núñez", "", "Café Crème"],
      ]),
    );
    // An event of its own: in the other case's event, José (no email) would be matched by name and updated.
    const own = await buildEvent(suite.server.db, event.accountId, { createdBy: event.createdBy });
    const { upload, final, id } = await runImport(file, importsPath(own));
    expect(upload.body.import).toMatchObject({ encoding, separator: "\t", totalRows: 2 });
    expect(upload.body.import.headers).toEqual(["Prénom", "Nom", "E-mail", "Société"]);
    expect(upload.body.suggestedMapping).toEqual({ "0": "firstName", "1": "lastName", "2": "email", "3": "company" });
    expect(final).toMatchObject({ status: "done", createdRows: 2, failedRows: 0 });
    const guests = await Guest.query(suite.server.db).where({ importId: id }).orderBy("firstName");
    expect(guests.map(({ firstName, lastName, email, company }) => ({ firstName, lastName, email, company }))).toEqual([
      { firstName: "Hélène", lastName: "Müller", email, company: "Société Générale" },
      { firstName: "José", lastName: "Núñez", email: null, company: "Café Crème" },
    ]);
  });

  it("decodes UTF-16LE without a BOM, told by its NUL bytes", async () => {
    const email = `zoe-${randomUUID()}@example.com`;
    const file = unicodeText([
      ["first name", "last name", "email"],
      ["Zoé", "Lefèvre", email],
    ]).subarray(2);
    const { upload, final } = await runImport(file);
    expect(upload.body.import).toMatchObject({ encoding: "utf-16le", separator: "\t" });
    expect(final).toMatchObject({ status: "done", createdRows: 1, failedRows: 0 });
    const guest = await Guest.query(suite.server.db).findOne({ eventId: event.id, emailNormalized: email });
    expect(guest).toMatchObject({ firstName: "Zoé", lastName: "Lefèvre" });
  });

  /** What an upload could leave behind: the event's guests, the imports table, the stored files. */
  async function footprint() {
    const files = await readdir(importsDir).catch(() => [] as string[]);
    return {
      guests: await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize(),
      imports: await GuestImport.query(suite.server.db).resultSize(),
      files: files.sort(),
    };
  }

  it.each([
    ["a PNG image", pngImage(16, 16)],
    ["a PDF", PDF],
    ["a ZIP archive that is not a workbook", BARE_ZIP],
    ["a Word document", DOCX],
    ["an ELF executable", ELF],
    ["random bytes", randomBytes(3000, 9)],
  ])("refuses %s named guests.csv from its bytes, storing nothing", async (_, bytes) => {
    // Something already imported, so the storage directory exists and the counts are not all zero.
    await runImport(`email\nkept-${randomUUID()}@example.com\n`);
    const before = await footprint();
    const refused = await uploadFile(http, base, bytes, { fileName: "guests.csv", lang: "fr" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual(
      expect.objectContaining({ code: "import_not_text", message: fr.import_not_text }),
    );
    expect(await footprint()).toEqual(before);
  });

  it("says why in the caller's language", async () => {
    for (const [lang, catalogue] of [
      ["en", en],
      ["es", es],
    ] as const) {
      const refused = await uploadFile(http, base, pngImage(), { fileName: "guests.csv", lang });
      expect(refused.body.error).toMatchObject({ code: "import_not_text", message: catalogue.import_not_text });
    }
  });
});
