import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { decodeFile, type ImportEncoding } from "./parseFile.ts";
import { textChunks, Utf8Check } from "./textChunks.ts";

const TEXT = "Prénom;Nom\r\nZoé;Lefèvre 🎉 日本\r\n";

function inPieces(bytes: Uint8Array, next: () => number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(next() * 5);
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

function decodeInPieces(bytes: Uint8Array, encoding: ImportEncoding, next: () => number): string {
  const decoder = textChunks(encoding);
  return (
    inPieces(bytes, next)
      .map((piece) => decoder.write(piece))
      .join("") + decoder.end()
  );
}

const utf16le = (text: string) => Buffer.from(text, "utf16le");
const samples: Array<[ImportEncoding, Uint8Array]> = [
  ["utf-8", Buffer.from(TEXT)],
  ["utf-8", Buffer.from("\ufeff" + TEXT)],
  ["utf-8", Buffer.from("\ufeff\ufeff" + TEXT)],
  ["utf-8", Buffer.concat([Buffer.from(TEXT), Buffer.from([0xc3]), Buffer.from("x"), Buffer.from([0xe2, 0x82])])],
  ["windows-1252", Uint8Array.from([0x50, 0x72, 0xe9, 0x6e, 0x80, 0x92, 0x9c, 0x81])],
  ["utf-16le", utf16le("\ufeff" + TEXT)],
  ["utf-16le", utf16le(TEXT)],
  ["utf-16le", Buffer.concat([utf16le("\ufeffA"), Buffer.from([0x00, 0xd8]), utf16le("B"), Buffer.from([0x43])])],
  ["utf-16be", utf16le("\ufeff" + TEXT).swap16()],
  ["utf-16be", Buffer.concat([utf16le(TEXT).swap16(), Buffer.from([0x41])])],
];

describe("textChunks", () => {
  it.each(samples)("decodes %s in pieces to what decodeFile gives for the whole", (encoding, bytes) => {
    const next = seededRandom(bytes.length);
    for (let run = 0; run < 50; run++) expect(decodeInPieces(bytes, encoding, next)).toBe(decodeFile(bytes, encoding));
  });
});

describe("Utf8Check", () => {
  it("finds an invalid sequence wherever the pieces cut, and none in valid text cut inside characters", () => {
    const next = seededRandom(5);
    const check = (bytes: Uint8Array) => {
      const utf8 = new Utf8Check();
      for (const piece of inPieces(bytes, next)) utf8.write(piece);
      utf8.end();
      return utf8.isValid;
    };
    expect(check(Buffer.from(TEXT.repeat(10)))).toBe(true);
    expect(check(Buffer.concat([Buffer.from(TEXT), Buffer.from("Andr\xe9", "latin1")]))).toBe(false);
    expect(check(Buffer.concat([Buffer.from(TEXT), Buffer.from([0xf0, 0x9f])]))).toBe(false); // cut at the end
  });
});
