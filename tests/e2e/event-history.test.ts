import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";
import { HistoryPages } from "./pages/HistoryPages.ts";

/** A small import: a new guest, Marie again (updated, matched by her email) and a row with a bad email. */
const CSV = [
  "Prénom;Nom;E-mail;Diet",
  "Jean;Martin;jean.martin@example.com;Fish",
  "Marie;Dupont;marie.dupont@example.com;Vegan",
  "Éric;Dupré;pas-un-email;Vegan",
].join("\r\n");

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

describe.skipIf(!shouldRunE2e())("an organizer reads the event's history in words", () => {
  const e2e = useE2eEnvironment({ tempDirPrefix: "tessera-history-" });

  it("names guests, custom fields, forms and the import, and shows values as the screens do", async () => {
    const { server, browser, dir } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, {
      email: "orla@example.com",
      firstName: "Orla",
      lastName: "Marchand",
    });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const fieldsUrl = `/api/v1/events/${account.id}/${event.id}/customfields`;
    const diet = await api.post(fieldsUrl, {
      name: "Diet",
      label: "Diet",
      type: "unique_choice",
      options: [{ label: "Vegan" }, { label: "Fish" }],
    });
    expect(diet.status).toBe(201);
    expect((await api.post(fieldsUrl, { name: "Arrival", label: "Arrival", type: "date" })).status).toBe(201);
    // A registration form asking Diet, renamed and put online.
    const formsUrl = `/api/v1/events/${account.id}/${event.id}/forms`;
    const form = await api.post(formsUrl, {
      type: "registration",
      title: "Register",
      items: [{ kind: "question", id: "q-diet", fieldId: diet.body.id }],
    });
    expect(form.status).toBe(201);
    expect((await api.post(`${formsUrl}/${form.body.id}`, { title: "Sign up", state: "online" })).status).toBe(200);
    const file = path.join(dir, "invités.csv");
    writeFileSync(file, CSV, "utf8");

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    const history = new HistoryPages(page, server.baseUrl, `/manage/events/${event.id}`);

    await screenshotOnFailure(page, "event-history", async () => {
      // A guest added with answers, then changed.
      await signInAs(page, server.baseUrl, "orla@example.com", `${guests.base}/new`);
      await page.getByLabel("First name", { exact: true }).fill("Marie");
      await page.getByLabel("Last name", { exact: true }).fill("Dupont");
      await page.getByLabel("Email", { exact: true }).fill("marie.dupont@example.com");
      await page.getByRole("radio", { name: "Vegan" }).check();
      await page.getByLabel("Arrival").fill("10/06/2027");
      await guests.button("Add the guest").click();
      await guests.sees("The guest has been saved.");
      await page.getByRole("radio", { name: "Fish" }).check();
      await page.getByLabel("Company", { exact: true }).fill("Lumière");
      await guests.button("Save").click();
      await guests.sees("The guest has been saved.");

      // The import, through its three steps.
      await guests.open("/import");
      await guests.chooseImportFile(file);
      await guests.button("Upload").click();
      expect(await guests.targetOf("Diet").inputValue()).toBe("Diet");
      await guests.button("Check the rows").click();
      await guests.button("Start the import").click();
      await guests.summary().getByText("1 guest created", { exact: true }).waitFor();

      await history.open();
      const imported = history.row("Imported 2 guests from invités.csv (1 updated, 1 refused)");
      await imported.waitFor();
      // The person who started the import is its author, not "Tessera".
      await imported.getByText("Orla Marchand", { exact: true }).waitFor();

      const changed = history.row("Changed the guest Marie Dupont");
      await changed.getByText("Vegan", { exact: true }).waitFor();
      await changed.getByText("Fish", { exact: true }).waitFor();
      await changed.getByText("Lumière", { exact: true }).waitFor();
      expect(await changed.innerText()).toContain("Company");

      const created = history.row("Created the guest Marie Dupont");
      await created.getByText("Jun 10, 2027", { exact: true }).waitFor();
      await created.getByText("Unanswered", { exact: true }).waitFor();
      for (const label of ["Diet", "Arrival", "First name", "Status"])
        await created.getByText(label, { exact: true }).first().waitFor();

      await history.row("Added the custom field Diet (Unique choice)").waitFor();
      await history.row("Added the custom field Arrival (Date)").waitFor();

      // The form's changes name it by its kind and title, the questions by their label.
      await history.row("Created the registration form “Register”").getByText("Diet", { exact: true }).waitFor();
      const renamed = history.row("Changed the registration form “Sign up”");
      await renamed.getByText("Register", { exact: true }).waitFor();
      await renamed.getByText("Sign up", { exact: true }).waitFor();
      await history.row("Put the registration form “Sign up” online").waitFor();

      const shown = await history.text();
      expect(shown).not.toMatch(UUID);
      expect(shown).not.toMatch(ISO_DATE);
      expect(shown).not.toContain("guest.updated");
      expect(shown).not.toContain("{");
    });
    await context.close();
  });
});
