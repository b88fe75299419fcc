import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../../api/src/models/AuditLog.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import type { CustomField } from "../../../../api/src/models/CustomField.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import {
  buildCustomField,
  importingAccount,
  importsPath,
  latin1,
  runImport as runImportOf,
  uploadFile,
} from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

describe.each(databaseKinds())("guest import on %s", (kind) => {
  const suite = useTestServer(kind, { env: { IMPORT_MAX_ROWS: "20", IMPORT_MAX_BYTES: "20000" } });
  let http: HttpClient;
  let event: Event;
  let otherEvent: Event;
  let diet: CustomField;
  let foreignField: CustomField;
  let base: string;
  let importerId: string;

  beforeAll(async () => {
    const { account, http: client, user } = await importingAccount(suite.server);
    http = client;
    importerId = user.id;
    event = await buildEvent(suite.server.db, account.id);
    otherEvent = await buildEvent(suite.server.db, account.id);
    diet = await buildCustomField(suite.server.db, event, { name: "diet", label: "Régime", type: "short_text" });
    foreignField = await buildCustomField(suite.server.db, otherEvent, { name: "diet", type: "short_text" });
    base = importsPath(event);
  });

  /** Uploads, maps with the suggestion (or the given mapping), processes and waits for the job. */
  const runImport = (file: Uint8Array | string, mapping?: Record<string, string | null>) =>
    runImportOf(suite.server, http, base, file, { mapping });

  it("reads UTF-8 with BOM and `;`, suggests the mapping (fr synonyms, custom field by label) and previews", async () => {
    const csv = "\ufeffPrénom;Nom;E-mail;Société;Régime\nAnne;Dupont;anne@example.com;ACME;vegan\n";
    const upload = await uploadFile(http, base, csv);
    expect(upload.status).toBe(201);
    expect(upload.body.import).toMatchObject({
      status: "uploaded",
      sourceFormat: "csv",
      encoding: "utf-8",
      separator: ";",
      totalRows: 1,
    });
    expect(upload.body.import.headers).toEqual(["Prénom", "Nom", "E-mail", "Société", "Régime"]);
    expect(upload.body.preview).toEqual([["Anne", "Dupont", "anne@example.com", "ACME", "vegan"]]);
    expect(upload.body.suggestedMapping).toEqual({
      "0": "firstName",
      "1": "lastName",
      "2": "email",
      "3": "company",
      "4": `customField:${diet.id}`,
    });
  });

  it("decodes a Windows-1252 file with TAB separators (accents right) and creates the guests", async () => {
    const email = `helene-${randomUUID()}@example.com`;
    const file = latin1(`first name\tlast name\temail\tcompany\nHélène\tLefèvre\t${email}\tÉcole supérieure\n`);
    const { upload, final, id } = await runImport(file);
    expect(upload.body.import).toMatchObject({ encoding: "windows-1252", separator: "\t" });
    expect(final).toMatchObject({ status: "done", createdRows: 1, updatedRows: 0, failedRows: 0, processedRows: 1 });
    const guest = await Guest.query(suite.server.db).findOne({ eventId: event.id, emailNormalized: email });
    expect(guest).toMatchObject({
      firstName: "Hélène",
      lastName: "Lefèvre",
      company: "École supérieure",
      createdSource: "import",
    });
    expect(guest!.searchText).toContain("helene lefevre");
    // The history credits the import to whoever started it, not to the job that ran it.
    const [entry] = await AuditLog.query(suite.server.db).where({ action: "guests.imported", subjectId: id });
    expect(entry).toMatchObject({ actorUserId: importerId, eventId: event.id });
  });

  it("reports truly broken bytes per row and imports the readable rows", async () => {
    const bytes = new Uint8Array([...latin1("firstName,lastName\nBad"), 0x81, ...latin1("Byte,X\nGood,Row\n")]);
    const { final, mapped, id } = await runImport(bytes);
    expect(mapped.body.sampleErrors).toMatchObject([{ line: 2, column: "firstName", code: "import_bad_encoding" }]);
    expect(final).toMatchObject({ status: "done", createdRows: 1, failedRows: 1 });
    expect(await Guest.query(suite.server.db).where({ importId: id })).toHaveLength(1);
  });

  it("updates a guest matched by email (mapped fields only), creates rows without email, reports ragged rows", async () => {
    const existing = await Guest.query(suite.server.db).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      firstName: "Old",
      lastName: "Name",
      email: "Match@Example.com",
      emailNormalized: "match@example.com",
      company: "Kept Inc",
      status: "confirmed",
      mailStatus: "none",
      answers: { [diet.id]: "none" },
      companionsExpected: 0,
      createdSource: "manual",
      searchText: "old name",
    });
    const csv = [
      "firstName,lastName,email,Régime",
      "New,Name, match@example.COM ,vegan",
      "No,Email,,",
      "Too,Many,cells,here,extra",
      "Later,Wins,dup@example.com,",
      "Latest,Wins,DUP@example.com,fish",
      "",
    ].join("\r\n");
    const { final, id } = await runImport(csv);
    expect(final).toMatchObject({ status: "done", totalRows: 5, createdRows: 2, updatedRows: 1, failedRows: 1 });
    const updated = await Guest.query(suite.server.db).findById(existing.id);
    expect(updated).toMatchObject({
      firstName: "New",
      company: "Kept Inc",
      status: "confirmed",
      createdSource: "manual",
    });
    expect(updated!.answers[diet.id]).toBe("vegan");
    expect(
      await Guest.query(suite.server.db).where({ eventId: event.id, emailNormalized: "match@example.com" }),
    ).toHaveLength(1);
    const dup = await Guest.query(suite.server.db).where({ eventId: event.id, emailNormalized: "dup@example.com" });
    expect(dup).toHaveLength(1);
    expect(dup[0]).toMatchObject({ firstName: "Latest", lastName: "Wins", importId: id });
    expect(dup[0]!.answers[diet.id]).toBe("fish");
    const noEmail = await Guest.query(suite.server.db).where({ importId: id, firstName: "No" });
    expect(noEmail).toHaveLength(1);
    const report = await http.get(`${base}/${id}/errors.csv`);
    expect(report.body).toContain("This row has 5 columns instead of 4.");
  });

  it("reports bad field values per row in the caller's language: a bad email refuses the row, a bad optional value is left out", async () => {
    await buildCustomField(suite.server.db, event, { name: "age", label: "Âge", type: "number" });
    const csv =
      "firstName,email,companions,civility,Age\nA,not-an-email,1,Mme,\nB,b@example.com,-2,M.,\nC,c@example.com,2,Dr,\n" +
      "D,d@example.com,3,Monsieur,41\nE,e@example.com,0,,old\n";
    const { final, id } = await runImport(csv);
    expect(final).toMatchObject({ status: "done", createdRows: 4, failedRows: 1, warningRows: 3, warningCells: 3 });
    const fr = await http.get(`${base}/${id}/errors.csv`, { lang: "fr" });
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-type")).toContain("text/csv");
    const lines = (fr.body as string)
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Ligne,Colonne,Valeur,Erreur,Résultat");
    expect(lines).toContain("2,email,not-an-email,Le format de l'email est incorrect.,Ligne non importée");
    expect(lines).toContainEqual(expect.stringMatching(/^3,companions,'-2,.*,Importée sans cette valeur$/)); // the value itself is neutralised
    expect(lines).toContain("6,Age,old,Ce n'est pas un nombre valide.,Importée sans cette valeur");
    expect(lines).toHaveLength(5);
    const es = await http.get(`${base}/${id}/errors.csv`, { lang: "es" });
    expect(es.body as string).toContain("6,Age,old,No es un número válido.,Importada sin este valor");
    const guest = await Guest.query(suite.server.db).findOne({ importId: id, firstName: "D" });
    expect(guest).toMatchObject({ firstName: "D", civility: "mr", companionsExpected: 3 });
    const withoutBadValues = await Guest.query(suite.server.db).findOne({ importId: id, firstName: "C" });
    expect(withoutBadValues).toMatchObject({ civility: null, companionsExpected: 2 });
  });

  it("refuses a file too big (413) and one over the row limit (422), storing nothing", async () => {
    const before = await GuestImport.query(suite.server.db).resultSize();
    const big = await uploadFile(http, base, "email\n" + "x@example.com\n".repeat(2000));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("file_too_big");
    const many = await uploadFile(http, base, "email\n" + "x@example.com\n".repeat(21), { lang: "en" });
    expect(many.status).toBe(422);
    expect(many.body.error).toMatchObject({
      code: "import_too_many_rows",
      message: "The file has more than 20 rows; an import takes at most 20.",
    });
    expect(await GuestImport.query(suite.server.db).resultSize()).toBe(before);
  });

  it("maps Tessera export columns by id and refuses ids that are not custom fields of this event", async () => {
    const csv = `email,Régime [${diet.id}],Other [${foreignField.id}],${randomUUID()}\nu@example.com,veggie,x,y\n`;
    const upload = await uploadFile(http, base, csv);
    expect(upload.body.suggestedMapping).toEqual({ "0": "email", "1": `customField:${diet.id}` });
    expect(upload.body.columnIssues).toMatchObject([
      { field: "columns.2", code: "import_unknown_custom_field" },
      { field: "columns.3", code: "import_unknown_custom_field" },
    ]);
    const id = upload.body.import.id;
    const refused = await http.post(`${base}/${id}/mapping`, {
      mapping: { "0": "email", "2": `customField:${foreignField.id}` },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("mapping.2");
    expect(JSON.stringify(refused.body)).toContain("import_unknown_custom_field");
    const twice = await http.post(`${base}/${id}/mapping`, { mapping: { "0": "email", "1": "email" } });
    expect(twice.status).toBe(422);
  });

  it("marks an import failed, with no guest written, when its processing throws", async () => {
    const upload = await uploadFile(http, base, "email\nlost@example.com\n");
    const id = upload.body.import.id as string;
    expect((await http.post(`${base}/${id}/mapping`, { mapping: { "0": "email" } })).status).toBe(200);
    await suite.server.deps.storage.delete((await GuestImport.query(suite.server.db).findById(id))!.fileKey);
    expect((await http.post(`${base}/${id}/process`)).status).toBe(202);
    await suite.server.deps.jobs.drain();
    expect((await http.get(`${base}/${id}`)).body.import.status).toBe("failed");
    expect(await Guest.query(suite.server.db).where({ importId: id }).resultSize()).toBe(0);
  });

  it("processes only mapped imports, cancels unprocessed ones, and takes the legacy upload with x-has-headers", async () => {
    const upload = await uploadFile(http, base, "email\nz@example.com\n");
    const id = upload.body.import.id;
    expect((await http.post(`${base}/${id}/process`)).status).toBe(409);
    const cancelled = await http.delete(`${base}/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.import.status).toBe("cancelled");
    expect((await http.post(`${base}/${id}/mapping`, { mapping: { "0": "email" } })).status).toBe(409);

    const legacy = await uploadFile(
      http,
      `/${event.slug}/admin/imports/uploadCsvJson`,
      "a@example.com;Ann\nb@example.com;Bob\n",
      {
        headers: { "x-has-headers": "0" },
      },
    );
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(201);
    expect(legacy.body.import).toMatchObject({
      hasHeaders: false,
      totalRows: 2,
      headers: ["Column 1", "Column 2"],
      separator: ";",
    });
  });

  it("folds the rows of one email from what the mapping step learnt, without checking the file again", async () => {
    const tag = randomUUID();
    const { id, final } = await runImport(
      `email,firstName,Régime\nann-${tag}@example.com,Ann,vegan\nbob-${tag}@example.com,Bob,none\nANN-${tag}@example.com,Annie,halal\n`,
    );
    expect(final).toMatchObject({ createdRows: 2, failedRows: 0 });
    const mapped = await GuestImport.query(suite.server.db).findById(id);
    expect(mapped!.planFacts).toMatchObject({ repeatedEmails: [[`ann-${tag}@example.com`, 4]], namelessRows: 0 });
    const guests = await Guest.query(suite.server.db).where({ importId: id }).orderBy("email");
    expect(guests.map((guest) => [guest.email, guest.firstName, guest.answers[diet.id]])).toEqual([
      [`ann-${tag}@example.com`, "Annie", "halal"],
      [`bob-${tag}@example.com`, "Bob", "none"],
    ]);
  });
});
