import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { readCsv, UnclosedQuoteError } from "./csvReader.ts";
import { CsvRecordScanner } from "./csvRecordScanner.ts";

/** Text made of the characters that shape a CSV, and a few others. */
function randomCsv(next: () => number, length: number): string {
  const alphabet = ['"', '"', ",", ";", "\n", "\r", "\r\n", "a", "b", " ", "é", "\t"];
  let text = "";
  while (text.length < length) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

/** The text cut in pieces at random places, and scanned piece by piece. */
function scan(
  text: string,
  next: () => number,
  options: { separator: string; countsQuotedLineBreaks: boolean; keep: number },
) {
  const scanner = new CsvRecordScanner(options.separator, options);
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(next() * 7);
    scanner.write(text.slice(at, at + size));
    at += size;
  }
  scanner.end();
  return scanner;
}

function readOrError(text: string, separator: string, countsQuotedLineBreaks: boolean) {
  try {
    return readCsv(text, separator, { countsQuotedLineBreaks });
  } catch (error) {
    if (error instanceof UnclosedQuoteError) return { unclosedOn: error.line };
    throw error;
  }
}

function scanOrError(text: string, next: () => number, separator: string, countsQuotedLineBreaks: boolean) {
  try {
    const scanner = scan(text, next, { separator, countsQuotedLineBreaks, keep: Infinity });
    expect(scanner.records).toBe(scanner.kept.length);
    return scanner.kept;
  } catch (error) {
    if (error instanceof UnclosedQuoteError) return { unclosedOn: error.line };
    throw error;
  }
}

describe("CsvRecordScanner", () => {
  it("finds the records readCsv finds (cells, lines, blank lines, unclosed quotes), however the text is cut", () => {
    const next = seededRandom(11);
    for (let run = 0; run < 3000; run++) {
      const text = randomCsv(next, Math.floor(next() * 40));
      for (const separator of [",", ";"]) {
        for (const countsQuotedLineBreaks of [true, false]) {
          expect(scanOrError(text, next, separator, countsQuotedLineBreaks), JSON.stringify(text)).toEqual(
            readOrError(text, separator, countsQuotedLineBreaks),
          );
        }
      }
    }
  });

  it("keeps only the first records it is asked for, and counts them all", () => {
    const text = 'email,name\r\na@x.org,"Ann\r\nLee"\r\n\r\nb@x.org,Bob\nc@x.org,"C ""the"" third"\n';
    const scanner = scan(text, seededRandom(2), { separator: ",", countsQuotedLineBreaks: true, keep: 3 });
    expect(scanner.records).toBe(4);
    expect(scanner.kept).toEqual([
      { line: 1, cells: ["email", "name"] },
      { line: 2, cells: ["a@x.org", "Ann\r\nLee"] },
      { line: 5, cells: ["b@x.org", "Bob"] },
    ]);
  });

  it("says on which line an unclosed quote opened", () => {
    const scanner = new CsvRecordScanner(",", { countsQuotedLineBreaks: true, keep: 0 });
    scanner.write('a,b\n"c\nd",e\nf,"g\nh\n');
    expect(() => scanner.end()).toThrow(expect.objectContaining({ line: 4 }));
  });
});
