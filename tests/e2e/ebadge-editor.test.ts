import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { Ebadge } from "../../api/src/models/Ebadge.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { pdfText } from "../helpers/ebadges.ts";
import { buildGuest } from "../helpers/guests.ts";
import { EbadgePages } from "./pages/EbadgePages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;
/** A6 portrait, in mm. */
const PAGE = { width: 105, height: 148 };

/**
 * Issue 12, item 7: an organizer creates an e-badge, adds a QR code and the guest's name, drags the QR code with
 * the mouse and moves and turns the name with the keyboard (leaving unsaved asks first; a block added by mistake
 * goes with Delete), saves, finds both where they left them after a reload, and previews the badge's PDF for a
 * guest, which names them (no print is recorded).
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the e-badge editor on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("places blocks with the mouse and the keyboard, saves them and previews the PDF for a guest", async () => {
    const { server, browser } = e2e;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "orla@example.com" });
    await buildGuest(server.db, event, { firstName: "Zoé", lastName: "Lefèvre", status: "confirmed" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const badges = new EbadgePages(page, `/manage/events/${event.id}/ebadges`);

    await screenshotOnFailure(page, `ebadge-editor-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, badges.base);
      await page.getByText(web.ebadges.empty, { exact: true }).waitFor();
      await badges.create("Staff", web.ebadges.formats.a6);
      await page.getByRole("heading", { name: "Staff", level: 2 }).waitFor();
      const ebadgeId = new URL(page.url()).pathname.split("/").pop()!;

      // A QR code, dragged by the mouse 20 mm right and 30 mm down.
      await badges.addBlock(web.ebadges.blockTypes.qrCode);
      const qr = badges.block(web.ebadges.blockTypes.qrCode);
      await expect.poll(() => qr.evaluate((element) => element === document.activeElement)).toBe(true);
      const added = await badges.selected();
      expect(added).toEqual({ x: 35, y: 49.3, width: 35, height: 35, rotation: 0 });
      const pxPerMm = await badges.scale(PAGE.width);
      await badges.drag(qr, 20 * pxPerMm, 30 * pxPerMm);
      await expect.poll(async () => (await badges.selected()).x).toBeCloseTo(55, 0);
      const dragged = await badges.selected();
      expect(dragged.y).toBeCloseTo(79.3, 0);

      // The guest's full name, moved with the keyboard (2 × 1 mm right, 10 mm down) and turned by 15°.
      await badges.addBlock(web.ebadges.blockTypes.guestField);
      const name = badges.block("Guest field: Full name");
      await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
      const start = await badges.selected();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Shift+ArrowDown");
      await page.keyboard.press("]");
      await expect
        .poll(() => badges.selected())
        .toEqual({ ...start, x: start.x + 2, y: Number((start.y + 10).toFixed(1)), rotation: 15 });
      // The canvas is described by the visible help, which says what the keyboard does.
      const helpId = await badges.canvas().getAttribute("aria-describedby");
      expect(await page.locator(`[id="${helpId}"]`).textContent()).toBe(web.ebadges.editor.keyboardHelp);
      await page.getByTestId("unsaved-badge").waitFor();
      await screenshotFor(page, `ebadge-editor-${kind}`);

      // Leaving with the changes unsaved asks first; staying keeps them.
      await page.getByRole("link", { name: web.ebadges.backToList }).click();
      const leaving = page.getByRole("dialog", { name: web.unsaved.title });
      await badges.button(web.unsaved.stay, leaving).click();
      await leaving.waitFor({ state: "detached" });
      expect((await badges.selected()).rotation).toBe(15);

      // A block added by mistake goes with Delete, the focus back on the next block.
      await badges.addBlock(web.ebadges.blockTypes.text);
      const mistake = badges.block(`${web.ebadges.blockTypes.text}: ${web.ebadges.editor.newText}`);
      await expect.poll(() => mistake.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("Delete");
      await mistake.waitFor({ state: "detached" });

      await badges.button(web.common.save).click();
      await page.getByText("Staff has been saved.", { exact: true }).waitFor();
      await page.getByTestId("unsaved-badge").waitFor({ state: "detached" });
      const stored = await Ebadge.query(server.db).findById(ebadgeId);
      const byType = Object.fromEntries(stored!.blocks.map((block) => [block.type, block]));
      expect(byType.qrCode).toMatchObject({ width: 35, height: 35, rotation: 0 });
      expect(byType.qrCode!.x).toBeCloseTo(dragged.x, 5);
      expect(byType.qrCode!.y).toBeCloseTo(dragged.y, 5);
      expect(byType.guestField).toMatchObject({
        field: "fullName",
        x: start.x + 2,
        y: Number((start.y + 10).toFixed(1)),
        rotation: 15,
      });

      // After a reload, the blocks are where they were saved.
      await page.reload();
      await badges.block("Guest field: Full name").click();
      expect(await badges.selected()).toMatchObject({ x: byType.guestField!.x, y: byType.guestField!.y, rotation: 15 });
      await badges.block(web.ebadges.blockTypes.qrCode).focus();
      expect(await badges.selected()).toMatchObject({ x: byType.qrCode!.x, y: byType.qrCode!.y });

      // The preview for a guest found by name: a PDF with their name, and no print recorded.
      const pdf = await badges.previewFor("Zo", "Zoé Lefèvre");
      await page.getByText("Preview for Zoé Lefèvre", { exact: true }).waitFor();
      expect(await badges.previewFrameSource()).toMatch(/^blob:/);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      // The name is turned by 15°: poppler reads it in pieces.
      expect((await pdfText(pdf)).replace(/\s+/g, "")).toContain("ZoéLefèvre");
      expect(Number((await server.db("ebadgePrints").count({ n: "*" }))[0]!.n)).toBe(0);
      await screenshotFor(page, `ebadge-editor-preview-${kind}`);
    });
    await context.close();
  });
});
