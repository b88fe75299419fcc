import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LocalFileError, previewLocalFile } from "./parseLocal.ts";

const folder = mkdtempSync(path.join(tmpdir(), "desk-parse-"));

function fileOf(name: string, bytes: Buffer): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

/** Windows-1252 bytes of text in the Latin-1 range. */
const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("a guest file read on the desk", () => {
  it("reads Excel's Unicode text (UTF-16 LE with BOM, TAB) and its accents", async () => {
    const text = "\ufeffPrénom\tNom\r\nHélène\tMüller\r\nJosé\tNúñez\r\n";
    const preview = await previewLocalFile(fileOf("unicode.txt", Buffer.from(text, "utf16le")));
    expect(preview).toMatchObject({ kind: "csv", encoding: "utf-16le", separator: "\t", rows: 2 });
    expect(preview.headers).toEqual(["Prénom", "Nom"]);
    expect(preview.firstRows).toEqual([
      ["Hélène", "Müller"],
      ["José", "Núñez"],
    ]);
  });

  it("falls back to Windows-1252 when the bytes are not UTF-8, and leaves blank lines out", async () => {
    const preview = await previewLocalFile(fileOf("latin.csv", latin1("Nom;Société\n\nCafé;Crème\n\nÉlise;Noël\n")));
    expect(preview).toMatchObject({ encoding: "windows-1252", separator: ";", rows: 2 });
    expect(preview.firstRows).toEqual([
      ["Café", "Crème"],
      ["Élise", "Noël"],
    ]);
  });

  it("counts a quoted cell spanning lines as one row, and keeps the first ten rows only", async () => {
    const lines = ["name,note"];
    for (let index = 0; index < 30; index++) lines.push(`Guest ${index},"line one\nline two, ${index}"`);
    const preview = await previewLocalFile(fileOf("multiline.csv", Buffer.from(lines.join("\n"))));
    expect(preview).toMatchObject({ encoding: "utf-8", separator: ",", rows: 30 });
    expect(preview.firstRows).toHaveLength(10);
    expect(preview.firstRows[9]).toEqual(["Guest 9", "line one\nline two, 9"]);
  });

  it("refuses binary data and an empty file with the server's codes", async () => {
    const binary = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 7) % 32));
    await expect(previewLocalFile(fileOf("image.csv", binary))).rejects.toMatchObject({ code: "import_not_text" });
    const empty = previewLocalFile(fileOf("empty.csv", Buffer.alloc(0)));
    await expect(empty).rejects.toBeInstanceOf(LocalFileError);
    await expect(previewLocalFile(fileOf("blank.csv", Buffer.from("\n\n")))).rejects.toMatchObject({
      code: "import_empty_file",
    });
  });
});
