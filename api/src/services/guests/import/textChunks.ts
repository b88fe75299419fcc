import { decodeFile, type ImportEncoding } from "./parseFile.ts";
import { utf16Bom } from "./utf16.ts";

/**
 * An import file decoded chunk by chunk, to the same text as decodeFile gives for the whole file: a
 * character split between two chunks is decoded whole, the BOM is left out.
 */
export interface TextChunks {
  /** The text of the next bytes (what a split character still lacks is kept for the next ones). */
  write(bytes: Uint8Array): string;
  /** The text still held back once the file has ended. */
  end(): string;
}

const UTF8_BOM = Uint8Array.from([0xef, 0xbb, 0xbf]);

/** Holds the first bytes until there are `count` of them (or the file ends), for a BOM to be told. */
class StartBuffer {
  private held: Uint8Array | null = new Uint8Array(0);
  constructor(private readonly count: number) {}

  /** The bytes to pass on: none while the start is still short, then the start and all later bytes. */
  take(bytes: Uint8Array, ended = false): { start: boolean; bytes: Uint8Array } {
    if (!this.held) return { start: false, bytes };
    const joined = Buffer.concat([this.held, bytes]);
    if (joined.length < this.count && !ended) {
      this.held = joined;
      return { start: false, bytes: new Uint8Array(0) };
    }
    this.held = null;
    return { start: true, bytes: joined };
  }
}

/** UTF-8 as decodeFile reads it: its BOM left out, an invalid sequence turned into U+FFFD. */
function utf8Chunks(): TextChunks {
  const decoder = new TextDecoder("utf-8");
  const start = new StartBuffer(UTF8_BOM.length);
  const decode = (bytes: Uint8Array, ended: boolean) => {
    const taken = start.take(bytes, ended);
    let body = taken.bytes;
    if (taken.start && UTF8_BOM.every((byte, index) => body[index] === byte)) body = body.subarray(3);
    return decoder.decode(body, { stream: !ended }) + (ended ? decoder.decode() : "");
  };
  return { write: (bytes) => decode(bytes, false), end: () => decode(new Uint8Array(0), true) };
}

/** UTF-16 as decodeUtf16 reads it: its BOM left out, a lone surrogate or an odd last byte U+FFFD. */
function utf16Chunks(encoding: "utf-16le" | "utf-16be"): TextChunks {
  const decoder = new TextDecoder("utf-16le");
  const start = new StartBuffer(2);
  let odd: number | null = null;
  const decode = (bytes: Uint8Array, ended: boolean) => {
    const taken = start.take(bytes, ended);
    let body = taken.bytes;
    if (taken.start && utf16Bom(body) === encoding) body = body.subarray(2);
    if (odd !== null) body = Buffer.concat([Uint8Array.of(odd), body]);
    odd = body.length % 2 ? body[body.length - 1]! : null;
    const even = Buffer.from(body.subarray(0, body.length & ~1));
    // Big endian is read as little endian once each code unit's bytes are swapped (as decodeUtf16 does).
    let text = decoder.decode(encoding === "utf-16be" ? even.swap16() : even, { stream: !ended });
    if (ended) text += decoder.decode() + (odd === null ? "" : "\ufffd");
    return text;
  };
  return { write: (bytes) => decode(bytes, false), end: () => decode(new Uint8Array(0), true) };
}

/** Windows-1252 has one character a byte: each chunk decodes on its own. */
const windows1252Chunks = (): TextChunks => ({
  write: (bytes) => decodeFile(bytes, "windows-1252"),
  end: () => "",
});

export function textChunks(encoding: ImportEncoding): TextChunks {
  if (encoding === "windows-1252") return windows1252Chunks();
  if (encoding === "utf-16le" || encoding === "utf-16be") return utf16Chunks(encoding);
  return utf8Chunks();
}

/**
 * Whether the bytes seen so far are valid UTF-8, judged chunk by chunk (a character may straddle two):
 * the first invalid sequence settles it.
 */
export class Utf8Check {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  isValid = true;

  write(bytes: Uint8Array): void {
    if (!this.isValid) return;
    try {
      this.decoder.decode(bytes, { stream: true });
    } catch {
      this.isValid = false;
    }
  }

  /** The bytes have ended: a character they cut short is invalid too. */
  end(): void {
    if (!this.isValid) return;
    try {
      this.decoder.decode();
    } catch {
      this.isValid = false;
    }
  }
}
