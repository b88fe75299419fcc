import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, processImport, uploadFile } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";
import en from "../../../../shared/src/i18n/en/validation.json" with { type: "json" };
import es from "../../../../shared/src/i18n/es/validation.json" with { type: "json" };
import fr from "../../../../shared/src/i18n/fr/validation.json" with { type: "json" };

/** A guest is someone: an import never creates one without an email or a first AND last name. */
describe.each(databaseKinds())("guest import, who a guest is, on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let base: string;

  beforeAll(async () => {
    const { account, user, http: client } = await importingAccount(suite.server, "organizer");
    http = client;
    event = await buildEvent(suite.server.db, account.id, { createdBy: user.id });
    base = importsPath(event);
  });

  async function upload(csv: string): Promise<string> {
    const uploaded = await uploadFile(http, base, csv);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    return uploaded.body.import.id as string;
  }

  it("refuses a mapping with no email column and not both name columns, in the caller's language", async () => {
    const id = await upload("Prénom,Nom,E-mail,Société\nAnne,Dupont,anne@example.com,ACME\n");
    for (const mapping of [{ "0": "firstName", "3": "company" }, { "1": "lastName" }, {}]) {
      const refused = await http.post(`${base}/${id}/mapping`, { mapping }, { lang: "fr" });
      expect(refused.status, JSON.stringify(mapping)).toBe(422);
      expect(refused.body.error.details).toEqual([
        expect.objectContaining({
          field: "mapping",
          code: "import_no_identity_column",
          message: fr.import_no_identity_column,
        }),
      ]);
    }
    for (const [lang, catalogue] of [
      ["en", en],
      ["es", es],
    ] as const) {
      const refused = await http.post(`${base}/${id}/mapping`, { mapping: { "3": "company" } }, { lang });
      expect(refused.body.error.details[0].message).toBe(catalogue.import_no_identity_column);
    }
    expect((await GuestImport.query(suite.server.db).findById(id))!.status).toBe("uploaded");
    expect((await http.post(`${base}/${id}/mapping`, { mapping: { "0": "firstName", "1": "lastName" } })).status).toBe(
      200,
    );
    expect((await http.post(`${base}/${id}/mapping`, { mapping: { "2": "email" } })).status).toBe(200);
  });

  it("reports each row without an email nor a full name and creates no guest from it", async () => {
    const email = `solo-${randomUUID()}@example.com`;
    const csv = [
      "firstName,lastName,email,company",
      "Anne,,,ACME", // first name only
      ",Durand,,Durand SA", // last name only
      ",,,Lonely Corp", // nothing but a company
      ",,,", // nothing at all
      "Paul,Martin,,", // a full name: a guest
      `,,${email},`, // an email: a guest
      "",
    ].join("\n");
    const id = await upload(csv);
    const mapped = await http.post(`${base}/${id}/mapping`, {
      mapping: { "0": "firstName", "1": "lastName", "2": "email", "3": "company" },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.sampleErrors).toEqual(
      [2, 3, 4, 5].map((line) =>
        expect.objectContaining({
          line,
          column: "",
          code: "import_row_no_identity",
          message: en.import_row_no_identity,
        }),
      ),
    );
    const final = await processImport(suite.server, http, base, id);
    expect(final).toMatchObject({ status: "done", totalRows: 6, createdRows: 2, failedRows: 4 });
    const guests = await Guest.query(suite.server.db).where({ importId: id }).orderBy("createdAt");
    expect(guests.map((guest) => [guest.firstName, guest.lastName, guest.email]).sort()).toEqual(
      [
        ["Paul", "Martin", null],
        [null, null, email],
      ].sort(),
    );
    const report = await http.get(`${base}/${id}/errors.csv`, { lang: "es" });
    expect(report.body as string).toContain(es.import_row_no_identity);
  });

  it("fails, writing no guest, an import whose stored mapping has no identity column", async () => {
    // A mapping recorded before this rule (or written around the API) is caught when the job runs.
    const id = await upload("Société\nACME\nInitech\n");
    await GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ status: "mapped", mapping: { "0": "company" } });
    expect((await processImport(suite.server, http, base, id)).status).toBe("failed");
    expect(await Guest.query(suite.server.db).where({ importId: id }).resultSize()).toBe(0);
  });
});
