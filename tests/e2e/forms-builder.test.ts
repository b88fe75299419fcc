import { describe, expect, it } from "vitest";
import { Form } from "../../api/src/models/Form.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildCustomField } from "../helpers/guests.ts";
import { FormsPages } from "./pages/FormsPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

/**
 * Issue 11, item 7: an organizer builds a registration form in the builder (a choice question and a
 * conditional group on it, one item moved with the keyboard), sees the builder's rules before saving,
 * saves it (the first save creates it), puts it online, duplicates it and finds both in the list.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the form builder on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("builds a registration form with a conditional group, saves it, puts it online and duplicates it", async () => {
    const { server, browser } = e2e;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "orla@example.com" });
    const workshop = await buildCustomField(server.db, event, {
      label: "Workshop",
      type: "unique_choice",
      options: [
        { id: "am", label: "Morning", quota: null },
        { id: "pm", label: "Afternoon", quota: null },
      ],
    });
    const diet = await buildCustomField(server.db, event, { label: "Diet", helpText: "Allergies included" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const forms = new FormsPages(page, server.baseUrl, `/manage/events/${event.id}/forms`);

    await screenshotOnFailure(page, `forms-builder-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, forms.base);
      await forms.sees("No form yet: create one to let guests register or answer a survey.");

      // Create: the kind and a title, then the builder opens on the unsaved form.
      await forms.button("Create a form").click();
      const dialog = page.getByRole("dialog", { name: "Create a form" });
      await dialog.getByRole("radio", { name: "Registration form" }).check();
      await dialog.getByRole("textbox", { name: "Title" }).fill("Registration");
      await forms.button("Open the builder", dialog).click();
      await forms.waitForPath(`${forms.base}/new`);
      expect(forms.url().searchParams.get("type")).toBe("registration");
      await forms.sees("Not saved yet");
      await forms.sees("You must add at least one item.");

      // A choice question, then a conditional group: its rules speak before anything is saved.
      await forms.addQuestion("Workshop");
      await forms.addItem("Conditional group");
      const group = forms.group();
      await group.getByText("You have to select a question.", { exact: true }).waitFor();
      await page.getByText("Bloc cannot be empty.", { exact: true }).waitFor();
      await forms.button("Save").click();
      await forms.sees("2 things to fix before the form can be saved: see the messages in red.");

      // The group's rule: the choice question placed before it, and one of its answers.
      await group.getByLabel(/^Question that shows the group/).click();
      await page.getByRole("option", { name: "Workshop", exact: true }).click();
      await group.getByText("Shown when Workshop is… (choose its answers)", { exact: true }).waitFor();
      // Mantine's multi-select draws its box over its input: the click goes to the input itself.
      await group.getByLabel(/^Answers that show it/).click({ force: true });
      await page.getByRole("option", { name: "Morning", exact: true }).click();
      await page.keyboard.press("Escape");
      await group.getByText("Shown when Workshop is Morning", { exact: true }).waitFor();

      // Diet is added at the end of the form, then moved into the group with the keyboard.
      await forms.addQuestion("Diet");
      expect(await forms.outline()).toEqual(["Workshop", "[Shown when Workshop is Morning]", "Diet"]);
      const handle = forms.item("Diet").getByRole("button", { name: "Move Diet", exact: true });
      await handle.focus();
      await page.keyboard.press("Space");
      await expect.poll(() => forms.liveRegion().textContent()).toBe("Picked up Diet. Position 3 of 3 in the form.");
      await page.keyboard.press("ArrowUp");
      await expect
        .poll(() => forms.liveRegion().textContent())
        .toBe("Diet: Position 1 of 1 in the group. Shown when Workshop is Morning.");
      await page.keyboard.press("Space");
      await expect
        .poll(() => forms.liveRegion().textContent())
        .toBe("Diet dropped. Position 1 of 1 in the group. Shown when Workshop is Morning.");
      expect(await forms.outline()).toEqual(["Workshop", "[Shown when Workshop is Morning]", "  Diet"]);
      await page.getByText("Bloc cannot be empty.", { exact: true }).waitFor({ state: "detached" });

      // The preview shows the group when the guest's answer meets its rule; its words follow its language.
      const preview = forms.preview();
      const dietInPreview = preview.getByRole("textbox", { name: "Diet" });
      expect(await dietInPreview.count()).toBe(0);
      await preview.getByRole("radio", { name: "Morning" }).check();
      await dietInPreview.waitFor();
      await preview.getByText("Allergies included", { exact: true }).waitFor();
      await preview.getByRole("radio", { name: "Afternoon" }).check();
      await dietInPreview.waitFor({ state: "detached" });
      await preview.getByText("Français", { exact: true }).click();
      await forms.button("M'inscrire", preview).waitFor();
      await screenshotFor(page, `forms-builder-${kind}`);

      // The first save creates the form.
      await forms.button("Save").click();
      await forms.sees("The form has been created.");
      await forms.waitForPath(/\/forms\/[0-9a-f-]{36}$/);
      const formId = forms.url().pathname.split("/").pop()!;
      const stored = await Form.query(server.db).findById(formId);
      expect(stored).toMatchObject({ type: "registration", state: "draft", title: "Registration" });
      expect(stored!.items).toMatchObject([
        { kind: "question", fieldId: workshop.id },
        {
          kind: "group",
          condition: { fieldId: workshop.id, answers: ["am"] },
          items: [{ kind: "question", fieldId: diet.id }],
        },
      ]);

      // Online, then a copy (a draft), which the builder opens.
      // The switch turns once the server has taken the change: click it, then wait for the answer.
      await page.getByRole("switch", { name: /^Online/ }).click();
      await forms.sees("Registration is online.");
      await expect.poll(() => page.getByRole("switch", { name: /^Online/ }).isChecked()).toBe(true);
      expect((await Form.query(server.db).findById(formId))?.state).toBe("online");
      await forms.button("Duplicate").click();
      await forms.sees("Registration (copy) has been created as a copy.");
      await page.waitForURL(
        ({ pathname }) => pathname !== `${forms.base}/${formId}` && /\/forms\/[0-9a-f-]{36}$/.test(pathname),
      );
      await page.getByRole("heading", { name: "Registration (copy)", level: 2 }).waitFor();

      // Leaving the copy with an unsaved change asks first.
      await page.getByRole("textbox", { name: "Title of the form" }).fill("Companions' registration");
      await page.getByRole("link", { name: "All forms" }).click();
      const question = page.getByRole("dialog", { name: "Unsaved changes" });
      await forms.button("Leave without saving", question).click();
      await forms.waitForPath(forms.base);
      expect(await forms.listed(2)).toEqual([
        "Registration (copy) · Draft · Registration form",
        "Registration · Online · Registration form",
      ]);
      await screenshotFor(page, `forms-list-${kind}`);
    });
    await context.close();
  });
});
