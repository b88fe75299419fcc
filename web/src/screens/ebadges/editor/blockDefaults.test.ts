import { describe, expect, it } from "vitest";
import { newBlock, withType, writesText } from "./blockDefaults.ts";

const A7 = { width: 74, height: 105 };
const A4 = { width: 210, height: 297 };

describe("new badge blocks", () => {
  it("gives each kind its size, near the page's centre, with an id of its own", () => {
    const first = newBlock("qrCode", A4, [], "Text");
    expect(first).toEqual({ id: "qrCode-1", type: "qrCode", x: 87.5, y: 99, width: 35, height: 35, rotation: 0 });
    const second = newBlock("qrCode", A4, [first], "Text");
    expect(second.id).toBe("qrCode-2");
    expect(second.y).toBe(first.y + 6);
  });

  it("starts a text block with words and a guest field block with the guest's full name", () => {
    expect(newBlock("text", A4, [], "Your text")).toMatchObject({ text: "Your text", font: { size: 14 } });
    expect(newBlock("guestField", A4, [], "Your text")).toMatchObject({ field: "fullName" });
    expect(newBlock("guestField", A4, [], "Your text")).not.toHaveProperty("text");
  });

  it("fits a block on a small page", () => {
    const block = newBlock("guestField", A7, [], "");
    expect(block.width).toBe(74);
    expect(block.x).toBe(0);
    expect(block.y + block.height).toBeLessThanOrEqual(105);
  });

  it("turns a block into another kind, keeping its place and giving it the kind's own properties", () => {
    const text = { ...newBlock("text", A4, [], "Hello"), x: 12, rotation: 90 };
    const field = withType(text, "guestField", "Text");
    expect(field).toMatchObject({ id: text.id, x: 12, rotation: 90, type: "guestField", field: "fullName" });
    expect(field).not.toHaveProperty("text");
    const qr = withType(field, "qrCode", "Text");
    expect(qr).not.toHaveProperty("font");
    expect(qr).not.toHaveProperty("field");
    expect(withType(qr, "text", "Your text")).toMatchObject({ text: "Your text", font: { size: 14 } });
    expect(writesText("logo")).toBe(false);
    expect(writesText("date")).toBe(true);
  });
});
