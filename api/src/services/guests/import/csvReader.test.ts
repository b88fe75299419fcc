import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readCsv, UnclosedQuoteError } from "./csvReader.ts";
import { detectEncoding, detectSeparator, decodeFile } from "./parseFile.ts";
import { neutralizeCell } from "../export/cells.ts";

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("readCsv", () => {
  it("reads quotes, doubled quotes, separators and line breaks inside quotes, and every line ending", () => {
    const text = 'a,"b,1","c ""q"""\r\n"multi\nline",x,\n\nlast,row,here\rcr,only,end';
    expect(readCsv(text, ",")).toEqual([
      { line: 1, cells: ["a", "b,1", 'c "q"'] },
      { line: 2, cells: ["multi\nline", "x", ""] },
      { line: 5, cells: ["last", "row", "here"] },
      { line: 6, cells: ["cr", "only", "end"] },
    ]);
  });

  it("counts every line a quoted cell spans, whatever the line ends (CR alone too)", () => {
    for (const end of ["\n", "\r\n", "\r"]) {
      const text = `a${end}"b${end}c${end}d",e${end}${end}f${end}"g""${end}h"${end}last`;
      expect(readCsv(text, ",").map((record) => record.line)).toEqual([1, 2, 6, 7, 9]);
      // The CSV of an Excel sheet: a record per sheet row, a cell's line breaks are not rows.
      const sheetRows = readCsv(text, ",", { countsQuotedLineBreaks: false }).map((record) => record.line);
      expect(sheetRows).toEqual([1, 2, 4, 5, 6]);
    }
  });

  it("keeps a quote inside an unquoted cell and refuses an unclosed quote with its line", () => {
    expect(readCsv('5" screen;ok', ";")).toEqual([{ line: 1, cells: ['5" screen', "ok"] }]);
    expect(() => readCsv('a,b\nc,"open\nrest', ",")).toThrow(UnclosedQuoteError);
    try {
      readCsv('a,b\nc,"open\nrest', ",");
    } catch (error) {
      expect((error as UnclosedQuoteError).line).toBe(2);
    }
  });

  it("agrees with csv-parse on random well-formed files (fuzz, fixed seed)", () => {
    const next = random(7);
    const pieces = ["a", "é", " ", ",", ";", "\t", '"', "\n", "\r\n", "x y", "=1+2", ""];
    for (let round = 0; round < 300; round++) {
      const separator = [",", ";", "\t"][round % 3]!;
      const rows = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
          Array.from({ length: Math.floor(next() * 4) }, () => pieces[Math.floor(next() * pieces.length)]).join(""),
        ),
      );
      const text = rows
        .map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(separator))
        .join("\r\n");
      const expected = parse(text, { delimiter: separator, relax_column_count: true }) as string[][];
      expect(readCsv(text, separator).map((record) => record.cells)).toEqual(expected);
    }
  });

  it("never throws anything but UnclosedQuoteError on random bytes (fuzz)", () => {
    const next = random(11);
    for (let round = 0; round < 500; round++) {
      const bytes = Uint8Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 256));
      const text = decodeFile(bytes, detectEncoding(bytes));
      try {
        readCsv(text, detectSeparator(text));
      } catch (error) {
        expect(error).toBeInstanceOf(UnclosedQuoteError);
      }
    }
  });
});

describe("detection", () => {
  it("tells UTF-8 (BOM or not) from Windows-1252 and finds the separator outside quotes", () => {
    expect(detectEncoding(new TextEncoder().encode("Prénom"))).toBe("utf-8");
    expect(detectEncoding(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf-8");
    expect(decodeFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]), "utf-8")).toBe("A");
    expect(detectEncoding(Uint8Array.from([0x50, 0x72, 0xe9, 0x6e]))).toBe("windows-1252");
    expect(decodeFile(Uint8Array.from([0x50, 0x72, 0xe9, 0x6e, 0x80, 0x92, 0x9c, 0x81]), "windows-1252")).toBe(
      "Prén€’œ\u0081",
    );
    expect(detectSeparator('"a;b",c,d\n1,2,3\n')).toBe(",");
    expect(detectSeparator("a;b;c\n1;2,5;3\n")).toBe(";");
    expect(detectSeparator("a\tb\n1\t2\n")).toBe("\t");
    expect(detectSeparator("email\nx@example.com\n")).toBe(",");
  });
});

describe("neutralizeCell (property)", () => {
  it("prefixes exactly the cells a spreadsheet would read as a formula, and those starting with the prefix", () => {
    const next = random(3);
    const alphabet = ["=", "+", "-", "@", "\t", "\r", "a", "1", " ", "'", "é"];
    for (let round = 0; round < 2000; round++) {
      const value = Array.from(
        { length: Math.floor(next() * 6) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
      const out = neutralizeCell(value);
      if (/^[=+\-@\t\r']/.test(value)) expect(out).toBe(`'${value}`);
      else expect(out).toBe(value);
      expect(out).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
