import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { HEAD_BYTES, sniffImportFile } from "./fileContent.ts";
import { decodeUtf16, detectUtf16 } from "./utf16.ts";

const TEXT = "Prénom\tNom\r\nHélène\tMüller\r\nJosé\tNúñez\r\n";
const le = (text: string) => Buffer.from(text, "utf16le");
const be = (text: string) => Buffer.from(text, "utf16le").swap16();

describe("UTF-16", () => {
  it("is told by its BOM, or without one by the NUL half of its code units, in both byte orders", () => {
    expect(detectUtf16(le("\ufeff" + TEXT))).toBe("utf-16le");
    expect(detectUtf16(be("\ufeff" + TEXT))).toBe("utf-16be");
    expect(detectUtf16(le(TEXT))).toBe("utf-16le");
    expect(detectUtf16(be(TEXT))).toBe("utf-16be");
    expect(detectUtf16(Buffer.from(TEXT, "utf8"))).toBeNull();
    expect(detectUtf16(Buffer.from([0x41, 0x00]))).toBeNull(); // one code unit proves nothing
  });

  it("decodes without the BOM; a lone surrogate or an odd last byte is U+FFFD", () => {
    expect(decodeUtf16(le("\ufeff" + TEXT), "utf-16le")).toBe(TEXT);
    expect(decodeUtf16(be("\ufeff" + TEXT), "utf-16be")).toBe(TEXT);
    expect(decodeUtf16(be(TEXT), "utf-16be")).toBe(TEXT);
    expect(decodeUtf16(Buffer.concat([le("\ufeffA"), Buffer.from([0x00, 0xd8]), le("B")]), "utf-16le")).toBe(
      "A\ufffdB",
    );
    expect(decodeUtf16(Buffer.concat([le("AB"), Buffer.from([0x43])]), "utf-16le")).toBe("AB\ufffd");
  });
});

describe("sniffImportFile", () => {
  it("tells text and its encoding from the first bytes; UTF-8 without a BOM stays to be confirmed", async () => {
    expect(await sniffImportFile(le("\ufeff" + TEXT))).toEqual({
      kind: "text",
      encoding: "utf-16le",
      isProvisional: false,
    });
    expect(await sniffImportFile(Buffer.from("\ufeff" + TEXT))).toEqual({
      kind: "text",
      encoding: "utf-8",
      isProvisional: false,
    });
    expect(await sniffImportFile(Buffer.from(TEXT))).toEqual({ kind: "text", encoding: "utf-8", isProvisional: true });
    expect(await sniffImportFile(Buffer.from([0x50, 0x72, 0xe9, 0x6e]))).toMatchObject({
      kind: "text",
      encoding: "windows-1252",
    });
  });

  it("does not take a character cut at the end of the first bytes for invalid UTF-8", async () => {
    const head = Buffer.from("Prénom,Nom\nHélène,Müller\n").subarray(0, 14); // cuts the é of Hélène
    expect(await sniffImportFile(head)).toEqual({ kind: "text", encoding: "utf-8", isProvisional: true });
  });

  it("keeps a text with a stray control byte (reported on its row) and one that merely starts like an MP3", async () => {
    expect(await sniffImportFile(Buffer.from("email,name\nbad\u0000@x.org,Ann\nok@x.org,Bob\n"))).toMatchObject({
      kind: "text",
    });
    expect(await sniffImportFile(Buffer.from("ID3;Nom\n1;Anne\n"))).toMatchObject({ kind: "text" });
  });

  it("refuses bytes of a known format, and text-less bytes of none", async () => {
    const next = seededRandom(3);
    const noise = Buffer.from(Array.from({ length: 2000 }, () => Math.floor(next() * 256)));
    const binaryAfterBom = Buffer.concat([Buffer.from([0xff, 0xfe]), noise]);
    const mp3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64)]);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
    for (const bytes of [noise, binaryAfterBom, mp3, pdf, Buffer.alloc(500)]) {
      expect(await sniffImportFile(bytes)).toEqual({ kind: "notText" });
    }
  });

  it("tells a workbook written as a stream (its [Content_Types].xml last) from its first bytes", async () => {
    const output = new PassThrough();
    const written = buffer(output);
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output });
    const sheet = writer.addWorksheet("Guests");
    for (let index = 0; index < 20_000; index++) sheet.addRow([`guest ${index}`, `g${index}@example.com`]).commit();
    sheet.commit();
    await writer.commit();
    const bytes = await written;
    expect(bytes.length).toBeGreaterThan(HEAD_BYTES);
    expect(await sniffImportFile(bytes.subarray(0, HEAD_BYTES))).toEqual({ kind: "workbook" });
  });
});
