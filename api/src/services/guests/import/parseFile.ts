import type { ImportEncoding } from "@tessera/shared";
import { decodeUtf16, detectUtf16 } from "./utf16.ts";

export type { ImportEncoding };
export const IMPORT_SEPARATORS = [",", ";", "\t"] as const;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

/**
 * UTF-16 (Excel's "Unicode text") when it has a UTF-16 BOM or the NUL bytes of UTF-16; else UTF-8 (with
 * or without BOM) when the bytes are valid UTF-8, otherwise Windows-1252 (what Excel writes on Windows):
 * an invalid UTF-8 sequence is the sign of a single-byte file.
 */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  const utf16 = detectUtf16(bytes);
  if (utf16) return utf16;
  if (hasUtf8Bom(bytes)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/**
 * Windows-1252 characters of bytes 0x80–0x9F (ISO-8859-1 elsewhere). The five bytes the code page
 * leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay C1 controls, reported as unreadable.
 * Spelled out rather than left to TextDecoder, whose windows-1252 is plain Latin-1 without full ICU.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\u0080-\u009f]/g, (character) => CP1252_HIGH[character.charCodeAt(0) - 0x80]!);
}

/** The text of the file in its encoding, without a BOM. */
export function decodeFile(bytes: Uint8Array, encoding: ImportEncoding): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  if (encoding === "utf-16le" || encoding === "utf-16be") return decodeUtf16(bytes, encoding);
  // Invalid UTF-8 (only possible when the encoding was forced) becomes U+FFFD, reported per row.
  return new TextDecoder("utf-8").decode(hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes);
}

/** How often each separator appears on each of the first lines, quoted text left out. */
function separatorCounts(text: string, maxLines: number): Array<Record<string, number>> {
  const lines: Array<Record<string, number>> = [];
  let counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let inQuotes = false;
  for (let index = 0; index < text.length && lines.length < maxLines; index++) {
    const character = text[index]!;
    if (character === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (character === "\n" || character === "\r")) {
      if (character === "\r" && text[index + 1] === "\n") index++;
      lines.push(counts);
      counts = { ",": 0, ";": 0, "\t": 0 };
    } else if (!inQuotes && character in counts) counts[character]! += 1;
  }
  if (lines.length < maxLines && Object.values(counts).some((count) => count > 0)) lines.push(counts);
  return lines;
}

/**
 * The separator among `,` `;` and TAB: the one found on the first line that keeps the most steady
 * count over the next lines (ties: the most frequent). A file of one column falls back to `,`.
 */
export function detectSeparator(text: string): string {
  const lines = separatorCounts(text, 10);
  let best = ",";
  let bestScore = -1;
  for (const separator of IMPORT_SEPARATORS) {
    const first = lines[0]?.[separator] ?? 0;
    if (first === 0) continue;
    const steady = lines.filter((line) => line[separator] === first).length;
    const score = steady * 1000 + first;
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

/** Characters that only a wrongly decoded file holds: NUL, replacement characters, C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BROKEN_TEXT = /[\u0000\u0080-\u009f\ufffd]/;

export function hasBrokenCharacters(value: string): boolean {
  return BROKEN_TEXT.test(value);
}
