import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { xlsxToCsv } from "./xlsxToCsv.ts";

/** A workbook as Excel writes them (shared strings) or as a streaming export does (inline strings). */
async function workbook(rows: ExcelJS.CellValue[][], useSharedStrings: boolean): Promise<Buffer> {
  const output = new PassThrough();
  const written = buffer(output);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings });
  const sheet = writer.addWorksheet("Guests");
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await writer.commit();
  return written;
}

describe("xlsxToCsv", () => {
  it.each([true, false])(
    "reads non-ASCII text whole across the reader's chunks (shared strings: %s)",
    async (useSharedStrings) => {
      const text = "Zoé 日本 🎉 ".repeat(40);
      const rows = Array.from({ length: 2000 }, (_, index) => [`${text}${index}`]);
      const csv = await xlsxToCsv(await workbook(rows, useSharedStrings));
      expect(csv).not.toContain("\ufffd");
      expect(csv.split("\r\n")[1999]).toBe(`${text}1999`);
    },
  );

  it("gives a row its trailing empty cells back and reads Excel's _x000D_ escapes", async () => {
    const rows = [
      ["first", "last", "note"],
      ["Anne", null, null],
      ["Bob", "B", "a_x000D_\nb"],
    ];
    const csv = await xlsxToCsv(await workbook(rows, true));
    expect(csv).toBe('first,last,note\r\nAnne,,\r\nBob,B,"a\r\nb"');
  });
});
