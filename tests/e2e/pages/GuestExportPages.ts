import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";

export interface DownloadedFile {
  fileName: string;
  body: Buffer;
}

/** The export menu of the guest list: its links download the current view as the browser saves it. */
export class GuestExportPages {
  constructor(readonly page: Page) {}

  /** Opens the export menu and clicks one of its links; resolves with the file the browser downloaded. */
  async download(linkName: string, menuName = "Export"): Promise<DownloadedFile> {
    await this.page.getByRole("button", { name: menuName, exact: true }).click();
    const link = this.page.getByRole("menuitem", { name: linkName, exact: true });
    const [download] = await Promise.all([this.page.waitForEvent("download"), link.click()]);
    const failure = await download.failure();
    if (failure) throw new Error(`The download of ${linkName} failed: ${failure}`);
    return { fileName: download.suggestedFilename(), body: await readFile(await download.path()) };
  }
}
