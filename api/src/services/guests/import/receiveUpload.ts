import { AppError } from "../../../errors.ts";
import type { FileStorage } from "../../../storage/fileStorage.ts";
import { HEAD_BYTES, sniffImportFile } from "./fileContent.ts";
import type { ImportEncoding } from "./parseFile.ts";
import { receiveText } from "./receiveText.ts";
import { receiveWorkbook } from "./receiveWorkbook.ts";
import { readUploadHead } from "./uploadHead.ts";

export interface ReceivedImportFile {
  encoding: ImportEncoding;
  separator: string;
  sourceFormat: "csv" | "xlsx";
  /** The file's records (blank lines left out), a header line included. */
  records: number;
}

/**
 * Takes in an uploaded import file as it streams, never whole in memory, and stores under `fileKey` what
 * the later steps read: a text file as it came, an Excel workbook as the CSV (UTF-8) of its first sheet.
 * What it is comes from its first bytes: anything else is refused (422 import_not_text) before a byte is
 * stored. More records than `maxRows` and a header line: refused as soon as they are counted.
 */
export async function receiveImportFile(
  storage: FileStorage,
  content: AsyncIterable<Uint8Array>,
  keys: { fileKey: string; workbookKey: string },
  maxRows: number,
): Promise<ReceivedImportFile> {
  const upload = await readUploadHead(content, HEAD_BYTES);
  if (upload.head.length === 0) throw AppError.invalid([{ field: "file", code: "required" }]);
  const sniffed = await sniffImportFile(upload.head);
  if (sniffed.kind === "notText") {
    await upload.release();
    throw new AppError("import_not_text", 422);
  }
  if (sniffed.kind === "workbook") {
    const { records } = await receiveWorkbook(storage, keys, upload, maxRows);
    return { encoding: "utf-8", separator: ",", sourceFormat: "xlsx", records };
  }
  return { ...(await receiveText(storage, keys.fileKey, upload, sniffed, maxRows)), sourceFormat: "csv" };
}
