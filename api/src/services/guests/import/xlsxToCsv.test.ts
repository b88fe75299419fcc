import { readdirSync } from "node:fs";
import os from "node:os";
import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { xlsxCsvLines } from "./xlsxToCsv.ts";

/** The first worksheet of a workbook as CSV text (CRLF between rows): the lines the upload stores. */
async function xlsxToCsv(bytes: Buffer): Promise<string> {
  const lines: string[] = [];
  for await (const line of xlsxCsvLines(Readable.from([bytes]))) lines.push(line);
  return lines.join("\r\n");
}

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

  it("leaves no temporary copy of a sheet behind, even when the reading stops early", async () => {
    // A streamed workbook puts its sheet before its shared strings: the reader copies the sheet to a
    // temporary file first, named after this process.
    const ownTemporaryFiles = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = ownTemporaryFiles();
    const bytes = await workbook(
      Array.from({ length: 3000 }, (_, index) => [`guest ${index}`]),
      true,
    );
    expect((await xlsxToCsv(bytes)).split("\r\n")).toHaveLength(3000);
    for await (const line of xlsxCsvLines(PassThrough.from([bytes]))) if (line === "guest 10") break;
    expect(ownTemporaryFiles()).toEqual(before);
  });
});
