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
 * readCsv over a text handed over in pieces (a file decoded as it is read or received): each piece gives
 * the records that the text so far proves whole, so at most a piece and one unfinished record are held,
 * whatever the file's size. Same records, same line numbers as readCsv over the whole text; an unclosed
 * quote throws UnclosedQuoteError at the end.
 */
export class CsvPieceReader {
  private pending = "";
  private line: number;
  /** After a cut found a quoted cell still open, wait until the held text has doubled (linear overall). */
  private retryAt = 0;

  constructor(
    private readonly separator: string,
    private readonly options: ReadCsvOptions = {},
  ) {
    this.line = options.firstLine ?? 1;
  }

  private read(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    const reader = csvRecords(text, this.separator, { ...this.options, firstLine: this.line });
    for (let next = reader.next(); ; next = reader.next()) {
      if (next.done) {
        this.line = next.value;
        return records;
      }
      records.push(next.value);
    }
  }

  /** The records the text handed over so far completes. */
  write(piece: string): CsvRecord[] {
    this.pending += piece;
    if (this.pending.length < this.retryAt) return [];
    const cut = lastLineEnd(this.pending);
    if (cut === 0) return [];
    const line = this.line;
    try {
      // A line end may sit inside a quoted cell: read up to it, and only keep what that reading proves whole.
      const records = this.read(this.pending.slice(0, cut));
      this.pending = this.pending.slice(cut);
      this.retryAt = 0;
      return records;
    } catch (error) {
      if (!(error instanceof UnclosedQuoteError)) throw error;
      this.line = line;
      this.retryAt = this.pending.length * 2;
      return [];
    }
  }

  /** The text has ended: its last records. */
  end(): CsvRecord[] {
    const rest = this.pending;
    this.pending = "";
    return rest ? this.read(rest) : [];
  }
}

/** The records of a text that arrives in pieces (CsvPieceReader), as they are proved whole. */
export async function* csvRecordsOfPieces(
  pieces: AsyncIterable<string>,
  separator: string,
  options: ReadCsvOptions = {},
): AsyncGenerator<CsvRecord> {
  const reader = new CsvPieceReader(separator, options);
  for await (const piece of pieces) yield* reader.write(piece);
  yield* reader.end();
}
