import { csvRecords, UnclosedQuoteError, type CsvRecord, type ReadCsvOptions } from "./csvReader.ts";

const LF = "\n";
const CR = "\r";

/** Where the text can be cut after a line end without splitting a CR LF: the index after it, or 0. */
function lastLineEnd(text: string): number {
  let end = Math.max(text.lastIndexOf(LF), text.lastIndexOf(CR));
  // A CR last may be the first half of a CR LF still to come.
  if (end === text.length - 1 && text[end] === CR)
    end = Math.max(text.lastIndexOf(LF, end - 1), text.lastIndexOf(CR, end - 1));
  return end + 1;
}

/**
 * readCsv over a text that arrives in pieces (a file decoded as it is read): records are read as soon as
 * the text up to a line end holds only whole ones, so at most a piece and one unfinished record are held,
 * whatever the file's size. Same records, same line numbers as readCsv over the whole text; an unclosed
 * quote throws UnclosedQuoteError once the text has ended.
 */
export async function* csvRecordsOfPieces(
  pieces: AsyncIterable<string>,
  separator: string,
  options: ReadCsvOptions = {},
): AsyncGenerator<CsvRecord> {
  let pending = "";
  let line = options.firstLine ?? 1;
  // After a cut found a quoted cell still open, wait until the held text has doubled (linear overall).
  let retryAt = 0;
  const read = function* (text: string): Generator<CsvRecord> {
    const records = csvRecords(text, separator, { ...options, firstLine: line });
    for (let next = records.next(); ; next = records.next()) {
      if (next.done) {
        line = next.value;
        return;
      }
      yield next.value;
    }
  };
  for await (const piece of pieces) {
    pending += piece;
    if (pending.length < retryAt) continue;
    const cut = lastLineEnd(pending);
    if (cut === 0) continue;
    let records: CsvRecord[];
    const startLine = line;
    try {
      // A line end may sit inside a quoted cell: read up to it, and only keep what that reading proves whole.
      records = [...read(pending.slice(0, cut))];
    } catch (error) {
      if (!(error instanceof UnclosedQuoteError)) throw error;
      line = startLine;
      retryAt = pending.length * 2;
      continue;
    }
    retryAt = 0;
    pending = pending.slice(cut);
    yield* records;
  }
  if (pending) yield* read(pending);
}
