import { resources } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";

const web = resources.en.web;

/** A block on the canvas as the editor places it (read from its properties panel, in mm and degrees). */
export interface PlacedBlock {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** An event's e-badges as an organizer sees them: the list, the create dialog, and a template's editor. */
export class EbadgePages {
  constructor(
    readonly page: Page,
    /** /manage/events/{id}/ebadges */
    readonly base: string,
  ) {}

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  /** Creates a template from the list's dialog; the editor opens on it. */
  async create(name: string, format: string): Promise<void> {
    await this.button(web.ebadges.create).click();
    const dialog = this.page.getByRole("dialog", { name: web.ebadges.create });
    await dialog.getByRole("textbox", { name: web.ebadges.fields.name }).fill(name);
    await dialog.getByText(format, { exact: true }).click();
    await this.button(web.ebadges.createSubmit, dialog).click();
    await this.waitForPath(/\/ebadges\/[0-9a-f-]{36}$/);
  }

  async addBlock(kind: string): Promise<void> {
    const group = this.page.getByRole("group", { name: web.ebadges.editor.addBlock });
    await this.button(kind, group).click();
  }

  canvas(): Locator {
    return this.page.getByTestId("badge-canvas");
  }

  /** A block of the canvas by the start of its name ("QR code", "Guest field: Full name"). */
  block(name: string): Locator {
    return this.canvas().getByRole("button", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},`) });
  }

  /** The selected block's place, size and rotation as its properties panel shows them. */
  async selected(): Promise<PlacedBlock> {
    const panel = this.page.getByTestId("block-properties");
    const read = async (label: string) =>
      Number((await panel.getByLabel(label, { exact: true }).inputValue()).replace(/[^\d.-]/g, ""));
    return {
      x: await read(web.ebadges.editor.x),
      y: await read(web.ebadges.editor.y),
      width: await read(web.ebadges.editor.width),
      height: await read(web.ebadges.editor.height),
      rotation: await read(web.ebadges.editor.rotation),
    };
  }

  /** Pixels per millimetre of the canvas (its width over the page's). */
  async scale(pageWidthMm: number): Promise<number> {
    const box = await this.canvas().boundingBox();
    return box!.width / pageWidthMm;
  }

  /** Drags a block with the mouse by (dx, dy) pixels, grabbing it `grab` pixels below its top edge. */
  async drag(block: Locator, dx: number, dy: number, grab = 10): Promise<void> {
    const box = (await block.boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + grab };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + dx, start.y + dy, { steps: 12 });
    await this.page.mouse.up();
    // dnd-kit swallows clicks for 50 ms after a drag (its document listener goes on a 50 ms timer): a page timer
    // set now for longer fires after it, so the next click of the test is a click again, however loaded the machine.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
  }

  /**
   * Picks the guest the preview is drawn for (found by typing part of their name), asks for the preview and
   * gives the PDF the API answered; the frame then shows it from a blob address.
   */
  async previewFor(typed: string, option: string): Promise<Buffer> {
    const preview = this.page.getByTestId("badge-preview");
    await preview.getByLabel(web.ebadges.preview.guest, { exact: true }).fill(typed);
    await this.page.getByRole("option", { name: option, exact: true }).click();
    // The answer is read on its way to the page (a blob address is out of the test's reach: the page's CSP).
    let answered: (pdf: Buffer) => void = () => undefined;
    const pdf = new Promise<Buffer>((resolve) => (answered = resolve));
    await this.page.route("**/ebadges/*/preview", async (route) => {
      const response = await route.fetch();
      if (response.status() !== 200) throw new Error(`The preview answered ${response.status()}`);
      answered(await response.body());
      await route.fulfill({ response });
    });
    await this.button(web.ebadges.preview.show, preview).click();
    return pdf;
  }

  /** Where the preview frame reads its PDF. */
  async previewFrameSource(): Promise<string> {
    const frame = this.page.getByTestId("badge-preview-frame");
    await frame.waitFor();
    return (await frame.getAttribute("src")) ?? "";
  }
}
