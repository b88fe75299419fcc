import type { DeskBadgeTemplate } from "@tessera/shared/schemas/deskBadges";
import { describe, expect, it } from "vitest";
import { badgeFieldsFromSnapshot, badgeForTemplate, badgeWithoutTemplate } from "./badgeForTemplate.ts";

const block = (over: Partial<DeskBadgeTemplate["blocks"][number]>): DeskBadgeTemplate["blocks"][number] => ({
  type: "text",
  x: 5,
  y: 5,
  width: 60,
  height: 10,
  fontSize: 14,
  bold: false,
  ...over,
});

const a6: DeskBadgeTemplate = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Visitors",
  page: { width: 105, height: 148 },
  isDefault: true,
  updatedAt: "2026-11-27T10:00:00.000Z",
  blocks: [
    block({ type: "qrCode", y: 90, width: 40, height: 40 }),
    block({ type: "guestField", field: "company", y: 40, fontSize: 12 }),
    block({ type: "guestField", field: "fullName", y: 20, fontSize: 28, bold: true }),
    block({ type: "text", text: "Tessera Summit", y: 5, fontSize: 10 }),
    block({ type: "guestField", field: "cf:diet", y: 60, fontSize: 10 }),
  ],
};

describe("a badge label from a template", () => {
  it("prints the text and field blocks top to bottom with their sizes, and the QR when the template shows it", () => {
    const label = badgeForTemplate(a6, { fullName: "Ada Lovelace", company: "Analytical Engines" }, "CODE-1");
    expect(label.lines.map((line) => [line.text, line.bold])).toEqual([
      ["Tessera Summit", false],
      ["Ada Lovelace", true],
      ["Analytical Engines", false],
    ]);
    // 28 pt capitals are about 7 mm tall; 10 pt about 2.5 mm.
    expect(label.lines[1]!.size).toBeCloseTo(7.1, 1);
    expect(label.lines[0]!.size).toBeCloseTo(2.5, 1);
    expect(label).toMatchObject({ qr: "CODE-1", widthMm: 105, heightMm: 148 });
  });

  it("scales the fonts to a smaller label and leaves the QR out when the template has none", () => {
    const withoutQr = { ...a6, blocks: a6.blocks.filter((one) => one.type !== "qrCode") };
    const label = badgeForTemplate(withoutQr, { fullName: "Ada" }, "CODE-1", { widthMm: 52.5, heightMm: 100 });
    expect(label.qr).toBeNull();
    expect(label.lines.find((line) => line.text === "Ada")!.size).toBeCloseTo(3.6, 1);
    expect(label).toMatchObject({ widthMm: 52.5, heightMm: 100 });
  });

  it("reads the snapshot's displayed fields as templates name them", () => {
    const fields = badgeFieldsFromSnapshot({ firstName: "Ada", lastName: "Lovelace", diet: ["vegan", "halal"] });
    expect(fields).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      "cf:diet": "vegan, halal",
      fullName: "Ada Lovelace",
    });
    expect(badgeForTemplate(a6, fields, null).lines.map((line) => line.text)).toEqual([
      "Tessera Summit",
      "Ada Lovelace",
      "vegan, halal",
    ]);
  });

  it("makes a name badge when there is no template", () => {
    const label = badgeWithoutTemplate({ firstName: "Grace", lastName: "Hopper", company: "Navy" }, "CODE-2");
    expect(label.lines.map((line) => line.text)).toEqual(["Grace Hopper", "Navy"]);
    expect(label.qr).toBe("CODE-2");
  });
});
