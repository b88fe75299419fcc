import { fileTypeFromBuffer } from "file-type";
import { decodeFile, detectEncoding, type ImportEncoding } from "./parseFile.ts";
import { utf16Bom } from "./utf16.ts";

/**
 * What an uploaded import file is, judged from its bytes and never from its name: an Excel workbook,
 * text in an encoding, or something else (an image, a PDF, an archive, a program, random bytes) that is
 * refused before anything is stored.
 */
export type ImportFileContent =
  { kind: "workbook" } | { kind: "text"; encoding: ImportEncoding; text: string } | { kind: "notText" };

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

function notTextCount(text: string): { count: number; sampled: number } {
  const sample = text.slice(0, SAMPLE_CHARS);
  return { count: sample.match(NOT_TEXT)?.length ?? 0, sampled: sample.length };
}

/** Reads an upload: a workbook (told by file-type), else decoded text unless the bytes are not text. */
export async function readImportFile(bytes: Uint8Array): Promise<ImportFileContent> {
  // A UTF-16 BOM first: file-type takes FF FE for the start of an MPEG audio frame.
  const detected = utf16Bom(bytes) ? null : ((await fileTypeFromBuffer(bytes))?.ext ?? null);
  if (detected === "xlsx") return { kind: "workbook" };
  if (detected && !WEAK_SIGNATURES.has(detected)) return { kind: "notText" };
  const encoding = detectEncoding(bytes);
  const text = decodeFile(bytes, encoding);
  const { count, sampled } = notTextCount(text);
  const isBinary = detected ? count > 0 : count > STRAY_CHARACTERS && count * 100 > sampled;
  return isBinary ? { kind: "notText" } : { kind: "text", encoding, text };
}
