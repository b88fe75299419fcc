import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { readCsv, UnclosedQuoteError } from "./csvReader.ts";
import { csvRecordsOfPieces } from "./csvStream.ts";

async function* piecesOf(text: string, sizes: () => number): AsyncGenerator<string> {
  for (let start = 0; start < text.length;) {
    const end = Math.min(text.length, start + sizes());
    yield text.slice(start, end);
    start = end;
  }
}

async function streamed(text: string, sizes: () => number, countsQuotedLineBreaks = true) {
  const records = [];
  for await (const record of csvRecordsOfPieces(piecesOf(text, sizes), ",", { countsQuotedLineBreaks }))
    records.push(record);
  return records;
}

/** A cell of anything the reader must get right: quotes, separators, every kind of line end, stray quotes. */
function randomCell(next: () => number): string {
  const parts = ["a", "é", ",", '"', "\n", "\r", "\r\n", " ", "x y", '5" screen', ""];
  let cell = "";
  for (let length = Math.floor(next() * 5); length > 0; length--) cell += parts[Math.floor(next() * parts.length)];
  return next() < 0.5 ? `"${cell.replace(/"/g, '""')}"` : cell.replace(/["\r\n,]/g, "");
}

describe("csvRecordsOfPieces", () => {
  it("reads a text cut anywhere into pieces exactly as readCsv reads it whole (records and line numbers)", async () => {
    const next = seededRandom(7);
    for (let trial = 0; trial < 200; trial++) {
      const ends = ["\n", "\r\n", "\r"];
      const lines = Array.from({ length: 1 + Math.floor(next() * 30) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () => randomCell(next)).join(","),
      );
      const text = lines.map((line) => line + ends[Math.floor(next() * 3)]).join("");
      for (const counts of [true, false]) {
        const sizes = () => 1 + Math.floor(next() * 40);
        expect(await streamed(text, sizes, counts), JSON.stringify(text)).toEqual(
          readCsv(text, ",", { countsQuotedLineBreaks: counts }),
        );
      }
    }
  });

  it("holds a CR at the end of a piece until it knows whether a LF follows", async () => {
    const text = "a,b\r\nc,d\r\ne,f";
    expect(await streamed(text, () => 4)).toEqual(readCsv(text, ","));
  });

  it("refuses an unclosed quote once the text has ended, with the line it opened on", async () => {
    await expect(streamed('a,b\nc,"open\nrest\nmore', () => 3)).rejects.toThrow(UnclosedQuoteError);
    await expect(streamed('a,b\nc,"open\nrest\nmore', () => 3)).rejects.toMatchObject({ line: 2 });
  });
});
