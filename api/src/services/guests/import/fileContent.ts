import { fileTypeFromBuffer } from "file-type";
import type { ImportEncoding } from "./parseFile.ts";
import { textChunks, Utf8Check } from "./textChunks.ts";
import { detectUtf16, utf16Bom } from "./utf16.ts";

/**
 * What an uploaded import file is, judged from its first bytes and never from its name: an Excel
 * workbook, text in an encoding, or something else (an image, a PDF, an archive, a program, random
 * bytes) that is refused before anything is stored.
 */
export type ImportFileContent =
  | { kind: "workbook" }
  | {
      kind: "text";
      /** The encoding as far as the first bytes tell. */
      encoding: ImportEncoding;
      /** UTF-8 judged from the first bytes only: an invalid sequence further on makes it Windows-1252. */
      isProvisional: boolean;
    }
  | { kind: "notText" };

/** How much of an upload is looked at before anything of it is stored: 64k characters even of UTF-16. */
export const HEAD_BYTES = 128 * 1024;

/** Formats file-type tells from a few bytes that text may also start with ("ID3…", "ÿû…"): a clue, not proof. */
const WEAK_SIGNATURES = new Set(["mp1", "mp2", "mp3", "aac"]);

/** How much of the text is looked at. */
const SAMPLE_CHARS = 65_536;

/**
 * What no text holds: control characters other than TAB, LF, VT, FF, CR and SUB (an old end-of-file
 * mark), NUL included; and U+FFFD, which UTF-16 decoding leaves for the lone surrogates of binary data.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f\ufffd]/g;

/** A few stray control characters are reported on their rows; more than 1 % of the text is binary data. */
const STRAY_CHARACTERS = 3;

const hasUtf8Bom = (bytes: Uint8Array) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * The names of the ZIP entries whose local headers lie in the first bytes. An .xlsx written as a stream
 * (our own export, exceljs's streaming writer) puts its [Content_Types].xml last, where file-type looks
 * for it: its first entries' folder ("xl/") tells it instead.
 */
function zipEntryNames(head: Uint8Array): string[] {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const names: string[] = [];
  for (let at = bytes.indexOf("PK\x03\x04", 0, "latin1"); at >= 0 && at + 30 <= bytes.length;) {
    const nameLength = bytes.readUInt16LE(at + 26);
    names.push(bytes.toString("latin1", at + 30, Math.min(bytes.length, at + 30 + nameLength)));
    at = bytes.indexOf("PK\x03\x04", at + 30, "latin1");
  }
  return names;
}

const isWorkbookZip = (head: Uint8Array) => zipEntryNames(head).some((name) => name.startsWith("xl/"));

/** The encoding the first bytes show (UTF-16, UTF-8 with a BOM, else UTF-8 while they are valid UTF-8). */
function headEncoding(head: Uint8Array): { encoding: ImportEncoding; isProvisional: boolean } {
  const utf16 = detectUtf16(head);
  if (utf16) return { encoding: utf16, isProvisional: false };
  if (hasUtf8Bom(head)) return { encoding: "utf-8", isProvisional: false };
  const check = new Utf8Check();
  check.write(head); // a character cut at the end of the head is not a fault
  return check.isValid
    ? { encoding: "utf-8", isProvisional: true }
    : { encoding: "windows-1252", isProvisional: false };
}

/** The first bytes decoded, without the end of a character they cut. */
export function headText(head: Uint8Array, encoding: ImportEncoding): string {
  return textChunks(encoding).write(head);
}

/**
 * What an upload is, from its first HEAD_BYTES (or the whole of a smaller file): a workbook (told by
 * file-type), else text unless the bytes are not text.
 */
export async function sniffImportFile(head: Uint8Array): Promise<ImportFileContent> {
  // A UTF-16 BOM first: file-type takes FF FE for the start of an MPEG audio frame.
  const detected = utf16Bom(head) ? null : ((await fileTypeFromBuffer(head))?.ext ?? null);
  if (detected === "xlsx" || (detected === "zip" && isWorkbookZip(head))) return { kind: "workbook" };
  if (detected && !WEAK_SIGNATURES.has(detected)) return { kind: "notText" };
  const { encoding, isProvisional } = headEncoding(head);
  const sample = headText(head, encoding).slice(0, SAMPLE_CHARS);
  const count = sample.match(NOT_TEXT)?.length ?? 0;
  const isBinary = detected ? count > 0 : count > STRAY_CHARACTERS && count * 100 > sample.length;
  return isBinary ? { kind: "notText" } : { kind: "text", encoding, isProvisional };
}
