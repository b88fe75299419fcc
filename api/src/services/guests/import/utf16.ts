/**
 * UTF-16 text files, as Excel's "Unicode text" writes them (UTF-16LE with a BOM, TAB-separated, CRLF):
 * told by their BOM, or without one by the NUL byte that Latin text leaves in every code unit.
 */
export type Utf16Encoding = "utf-16le" | "utf-16be";

/** How many bytes are looked at to tell UTF-16 without a BOM. */
const SAMPLE_BYTES = 4096;

/** The byte order a UTF-16 BOM (FF FE or FE FF) announces, if the file starts with one. */
export function utf16Bom(bytes: Uint8Array): Utf16Encoding | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * UTF-16 without a BOM: Latin text (accents included, all below U+0100) leaves the high byte of nearly
 * every code unit NUL and almost never the low one. Anything less clear-cut is not taken for UTF-16.
 */
function bomlessUtf16(bytes: Uint8Array): Utf16Encoding | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  const units = length / 2;
  if (units < 2) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenNuls++;
    if (bytes[index + 1] === 0) oddNuls++;
  }
  const isMost = (count: number) => count >= units * 0.9;
  const isRare = (count: number) => count <= units * 0.01;
  if (isMost(oddNuls) && isRare(evenNuls)) return "utf-16le";
  if (isMost(evenNuls) && isRare(oddNuls)) return "utf-16be";
  return null;
}

/** Whether the bytes are UTF-16 text, and in which byte order. */
export function detectUtf16(bytes: Uint8Array): Utf16Encoding | null {
  return utf16Bom(bytes) ?? bomlessUtf16(bytes);
}

/**
 * The text of UTF-16 bytes, without its BOM. A lone surrogate becomes U+FFFD and an odd last byte is
 * dropped for one U+FFFD: both are reported per row as unreadable characters.
 */
export function decodeUtf16(bytes: Uint8Array, encoding: Utf16Encoding): string {
  const body = utf16Bom(bytes) === encoding ? bytes.subarray(2) : bytes;
  const even = Buffer.from(body.subarray(0, body.length & ~1));
  // Big endian is read as little endian once each code unit's bytes are swapped (no ICU needed).
  const text = new TextDecoder("utf-16le").decode(encoding === "utf-16be" ? even.swap16() : even);
  return body.length % 2 ? text + "\ufffd" : text;
}
