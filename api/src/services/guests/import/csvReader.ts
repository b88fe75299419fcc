/**
 * A CSV reader for imports, written for speed on 100k-row files (several times faster than a general
 * parser with per-record info): RFC 4180 quoting (`""` inside quotes), CRLF, LF or CR line ends,
 * blank lines skipped, a quote inside an unquoted cell kept as text. Each record carries the file line
 * it starts on. An unclosed quote is the only fatal error (it swallows the rest of the file).
 */
export class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super(`Unclosed quote starting on line ${line}`);
  }
}

export interface CsvRecord {
  line: number;
  cells: string[];
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** The line ends (CRLF, LF or a lone CR) between `start` and `end`: the lines a quoted cell spans. */
function lineBreaksIn(text: string, start: number, end: number): number {
  let count = 0;
  for (let scan = start; scan < end; scan++) {
    const code = text.charCodeAt(scan);
    if (code === LF || (code === CR && text.charCodeAt(scan + 1) !== LF)) count++;
  }
  return count;
}

export interface ReadCsvOptions {
  /**
   * Whether line breaks inside quoted cells count as lines (default: yes, they are lines of the file).
   * No for the CSV made of an Excel sheet, whose records are the sheet's rows: a cell's line breaks
   * are then not rows of the sheet.
   */
  countsQuotedLineBreaks?: boolean;
  /** The line the text starts on (a piece of a longer file); default 1. */
  firstLine?: number;
}

/** The records of the text; each one's `line` is the physical line of the file it starts on (1-based). */
export function readCsv(text: string, separator: string, options: ReadCsvOptions = {}): CsvRecord[] {
  return [...csvRecords(text, separator, options)];
}

/**
 * readCsv one record at a time, so a caller can take a break between records (and not hold them all).
 * Returns the line after the text (where a next piece of the file starts).
 */
export function* csvRecords(
  text: string,
  separator: string,
  options: ReadCsvOptions = {},
): Generator<CsvRecord, number> {
  const countsQuotedLineBreaks = options.countsQuotedLineBreaks ?? true;
  const sep = separator.charCodeAt(0);
  const length = text.length;
  let index = 0;
  let line = options.firstLine ?? 1;
  while (index < length) {
    const recordLine = line;
    const cells: string[] = [];
    let blank = true;
    for (;;) {
      // One cell.
      let value: string;
      if (text.charCodeAt(index) === QUOTE) {
        blank = false;
        const openedOn = line;
        let start = ++index;
        let parts = "";
        for (;;) {
          const next = text.indexOf('"', index);
          if (next < 0) throw new UnclosedQuoteError(openedOn);
          if (countsQuotedLineBreaks) line += lineBreaksIn(text, index, next);
          if (text.charCodeAt(next + 1) === QUOTE) {
            parts += text.slice(start, next + 1);
            index = start = next + 2;
            continue;
          }
          value = parts + text.slice(start, next);
          index = next + 1;
          break;
        }
        // Text after the closing quote up to the separator is kept (lenient).
        let end = index;
        while (end < length) {
          const code = text.charCodeAt(end);
          if (code === sep || code === LF || code === CR) break;
          end++;
        }
        if (end > index) value += text.slice(index, end);
        index = end;
      } else {
        const start = index;
        while (index < length) {
          const code = text.charCodeAt(index);
          if (code === sep || code === LF || code === CR) break;
          index++;
        }
        value = text.slice(start, index);
        if (value.length) blank = false;
      }
      cells.push(value);
      const code = index < length ? text.charCodeAt(index) : -1;
      if (code === sep) {
        blank = false;
        index++;
        continue;
      }
      // End of record: CRLF, LF, CR or end of text.
      if (code === CR) index += text.charCodeAt(index + 1) === LF ? 2 : 1;
      else if (code === LF) index++;
      if (code !== -1) line++;
      break;
    }
    if (!blank) yield { line: recordLine, cells };
  }
  return line;
}
