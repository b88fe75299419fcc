import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { badgeLabelForGuest } from "./badgeLabel.ts";
import { badgePdf } from "./badgePdf.ts";

function hasTool(name: string): boolean {
  try {
    execFileSync("which", [name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("the badge PDF for system printers", () => {
  const label = badgeLabelForGuest(
    { name: "Zoë Ångström", company: "Café €uro", entryCode: "TSR1.ABCDEF-guest-code" },
    { widthMm: 80, heightMm: 100 },
  );

  async function written() {
    const folder = mkdtempSync(path.join(tmpdir(), "badge-pdf-"));
    const file = path.join(folder, "badge.pdf");
    writeFileSync(file, await badgePdf(label));
    return { folder, file };
  }

  it("is one page at the label's size holding the guest's name and company", async () => {
    const { file } = await written();
    const info = execFileSync("pdfinfo", [file]).toString();
    expect(info).toMatch(/Pages:\s+1/);
    // 80 × 100 mm in points.
    expect(info).toMatch(/Page size:\s+226\.77\d* x 283\.46\d* pts/);
    const text = execFileSync("pdftotext", [file, "-"]).toString();
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain("Café €uro");
  });

  it.skipIf(!hasTool("zbarimg") || !hasTool("pdftoppm"))("holds a QR a scanner reads as the entry code", async () => {
    const { folder, file } = await written();
    const image = path.join(folder, "page");
    execFileSync("pdftoppm", ["-r", "300", "-png", "-singlefile", file, image]);
    const read = execFileSync("zbarimg", ["--quiet", "--raw", `${image}.png`])
      .toString()
      .trim();
    expect(read).toBe("TSR1.ABCDEF-guest-code");
  });
});
