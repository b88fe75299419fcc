import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../../api/src/models/Event.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildGuest } from "../../../helpers/guests.ts";
import { importingAccount, importsPath, runImport as runImportOf } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/*
 * Issue 9, item 2: a row without an email updates the guest without email of the same first and last
 * name (and company when the row gives one) instead of creating it again; several candidates: reported.
 */
describe.each(databaseKinds())("guest import of rows without an email on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let accountId: string;

  beforeAll(async () => {
    const { account, http: client } = await importingAccount(suite.server);
    accountId = account.id;
    http = client;
  });

  async function runImport(event: Event, csv: string) {
    const base = importsPath(event);
    const { id, final } = await runImportOf(suite.server, http, base, csv);
    return { final, errors: `${base}/${id}/errors.csv` };
  }

  /** The event's guests as [first name, last name, and one more column], sorted the same on both databases. */
  async function guestsOf(event: Event, column: "company" | "jobTitle"): Promise<unknown[][]> {
    const guests = await Guest.query(suite.server.db).where({ eventId: event.id });
    const rows = guests.map((guest) => [guest.firstName, guest.lastName, guest[column]]);
    return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }

  it("importing the same file twice creates its guests without email once, and updates them", async () => {
    const event = await buildEvent(suite.server.db, accountId);
    const csv =
      "firstName;lastName;email;company;jobTitle\n" +
      "Anne;Durand;;ACME;CEO\nBruno;Petit;;;\nChloé;Roux;chloe@example.com;;\nDiane;;;;\n";
    // Diane, a first name only, is no one an import can tell apart: refused both times (identity.test.ts).
    const first = await runImport(event, csv);
    expect(first.final).toMatchObject({ status: "done", createdRows: 3, updatedRows: 0, failedRows: 1 });
    const second = await runImport(event, csv.replace("CEO", "Chair"));
    expect(second.final).toMatchObject({ status: "done", createdRows: 0, updatedRows: 3, failedRows: 1 });
    expect(await guestsOf(event, "jobTitle")).toEqual([
      ["Anne", "Durand", "Chair"],
      ["Bruno", "Petit", null],
      ["Chloé", "Roux", null],
    ]);
  });

  it("compares names without accents, capitals or extra spaces, and never takes a guest who has an email", async () => {
    const event = await buildEvent(suite.server.db, accountId);
    const elodie = await buildGuest(suite.server.db, event, {
      firstName: "Élodie",
      lastName: "Martin",
      company: "CAFE",
      email: null,
    });
    await buildGuest(suite.server.db, event, { firstName: "Paul", lastName: "Simon", email: "paul@example.com" });
    const { final } = await runImport(
      event,
      "first name,last name,company,job\n  elodie , MARTIN , Café,Chef\nElodie,Martin,Bistro,\nPaul,Simon,,\n",
    );
    // Élodie at Bistro is someone else: a row that gives a company only matches a guest of that company.
    expect(final).toMatchObject({ createdRows: 2, updatedRows: 1, failedRows: 0 });
    expect(await Guest.query(suite.server.db).findById(elodie.id)).toMatchObject({
      firstName: "elodie",
      company: "Café",
      jobTitle: "Chef",
    });
    // Paul of the file has no email: he is not the Paul who has one.
    expect(await guestsOf(event, "company")).toEqual([
      ["Elodie", "Martin", "Bistro"],
      ["elodie", "MARTIN", "Café"],
      ["Paul", "Simon", null],
      ["Paul", "Simon", null],
    ]);
  });

  it("tells homonyms apart by company; reports a row that matches several guests (en, fr, es) and writes nothing for it", async () => {
    const event = await buildEvent(suite.server.db, accountId);
    const acme = await buildGuest(suite.server.db, event, { firstName: "Jean", lastName: "Dupont", company: "ACME", email: null }); // prettier-ignore
    await buildGuest(suite.server.db, event, {
      firstName: "Jean",
      lastName: "Dupont",
      company: "Initech",
      email: null,
    });
    const csv = "firstName,lastName,company,jobTitle\nJean,Dupont,acme,Buyer\nJean,Dupont,,Seller\n";
    const { final, errors } = await runImport(event, csv);
    expect(final).toMatchObject({ status: "done", createdRows: 0, updatedRows: 1, failedRows: 1 });
    expect(await Guest.query(suite.server.db).findById(acme.id)).toMatchObject({ jobTitle: "Buyer" });
    expect(await guestsOf(event, "jobTitle")).toEqual([
      ["Jean", "Dupont", "Buyer"],
      ["Jean", "Dupont", null],
    ]);
    expect((await http.get(errors)).body as string).toContain(
      '3,,Jean Dupont,"This row has no email and matches several guests without email of the same name',
    );
    expect((await http.get(errors, { lang: "fr" })).body as string).toContain("Cette ligne sans e-mail correspond");
    expect((await http.get(errors, { lang: "es" })).body as string).toContain("Esta fila sin correo electrónico");
  });

  it("reports two rows of one file that stand for the same guest instead of writing it twice", async () => {
    const event = await buildEvent(suite.server.db, accountId);
    await buildGuest(suite.server.db, event, { firstName: "Lea", lastName: "Moreau", email: null });
    const { final } = await runImport(event, "firstName,lastName,jobTitle\nLea,Moreau,A\nLéa,Moreau,B\n");
    expect(final).toMatchObject({ createdRows: 0, updatedRows: 0, failedRows: 2 });
    expect(await guestsOf(event, "jobTitle")).toEqual([["Lea", "Moreau", null]]);
  });
});
