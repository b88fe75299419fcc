import type { FileStorage } from "../../../storage/fileStorage.ts";
import { UnclosedQuoteError } from "./csvReader.ts";
import { CsvPieceReader } from "./csvStream.ts";
import { headText } from "./fileContent.ts";
import { detectSeparator, type ImportEncoding } from "./parseFile.ts";
import { textChunks, Utf8Check } from "./textChunks.ts";
import type { UploadHead } from "./uploadHead.ts";
import { malformedFile, mostRecords, tooManyRows } from "./uploadRefusals.ts";

export interface ReceivedText {
  encoding: ImportEncoding;
  separator: string;
  /** The file's records (blank lines left out), a header line included. */
  records: number;
}

/**
 * Stores a text upload as it came, chunk by chunk, while its records are counted: past the row limit, or
 * on an unclosed quote at its end, it is refused and nothing is kept. The separator comes from its first
 * lines; whether it is UTF-8 or Windows-1252 from all of it (the first invalid UTF-8 sequence tells).
 */
export async function receiveText(
  storage: FileStorage,
  fileKey: string,
  upload: UploadHead,
  sniffed: { encoding: ImportEncoding; isProvisional: boolean },
  maxRows: number,
): Promise<ReceivedText> {
  const separator = detectSeparator(headText(upload.head, sniffed.encoding));
  const reader = new CsvPieceReader(separator, { countsQuotedLineBreaks: true });
  let records = 0;
  // UTF-8 and Windows-1252 agree on every character that shapes a CSV (quotes, separators, line ends):
  // the records counted in one are the records of the other.
  const decoder = textChunks(sniffed.encoding === "windows-1252" ? "utf-8" : sniffed.encoding);
  const utf8 = sniffed.isProvisional ? new Utf8Check() : null;
  const limit = mostRecords(maxRows);

  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of upload.whole()) {
      utf8?.write(chunk);
      records += reader.write(decoder.write(chunk)).length;
      if (records > limit) throw tooManyRows(maxRows);
      yield chunk;
    }
    try {
      records += reader.write(decoder.end()).length;
      records += reader.end().length;
    } catch (error) {
      throw error instanceof UnclosedQuoteError ? malformedFile(error.line) : error;
    }
    if (records > limit) throw tooManyRows(maxRows);
    utf8?.end();
  }

  await storage.putStream(fileKey, counted(), { contentType: "text/csv" });
  const encoding = utf8 && !utf8.isValid ? "windows-1252" : sniffed.encoding;
  return { encoding, separator, records };
}
