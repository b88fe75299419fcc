import { UnclosedQuoteError, type CsvRecord } from "./csvReader.ts";

/**
 * The records of a CSV text handed over in pieces, read as readCsv reads a whole text (RFC 4180 quoting,
 * CRLF, LF or CR line ends, blank lines skipped, text after a closing quote kept, a quote inside an
 * unquoted cell kept as text; each record's line is the physical line it starts on): it counts them
 * all and keeps only the first `keep`, so a file of any length is read in constant memory.
 */
export interface CsvScanOptions {
  /** Whether line breaks inside quoted cells count as lines (readCsv's option; no for an Excel sheet's CSV). */
  countsQuotedLineBreaks: boolean;
  /** How many records, from the first, are kept with their cells. */
  keep: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Between records: the next character opens one. */
const RECORD_START = 0;
/** At the start of a cell: a quote opens a quoted cell. */
const CELL_START = 1;
const UNQUOTED = 2;
const QUOTED = 3;
/** A quote inside a quoted cell: a second one is a quote in the text, anything else closes the cell. */
const QUOTE_IN_QUOTED = 4;
/** After a quoted cell's closing quote: text up to the separator is kept. */
const AFTER_QUOTE = 5;
/** A record ended on CR: a LF right after belongs to it. */
const AFTER_CR = 6;

export class CsvRecordScanner {
  /** Records seen so far (blank lines left out). */
  records = 0;
  /** The first `keep` records, with their cells. */
  readonly kept: CsvRecord[] = [];

  private readonly separator: number;
  private state = RECORD_START;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private isBlank = true;
  private previousWasCr = false;
  private cells: string[] = [];
  private cell = "";

  constructor(
    separator: string,
    private readonly options: CsvScanOptions,
  ) {
    this.separator = separator.charCodeAt(0);
  }

  private get isKeeping(): boolean {
    return this.kept.length < this.options.keep;
  }

  private endCell(): void {
    if (this.isKeeping) this.cells.push(this.cell);
    this.cell = "";
  }

  private endRecord(): void {
    this.endCell();
    if (!this.isBlank) {
      if (this.isKeeping) this.kept.push({ line: this.recordLine, cells: this.cells });
      this.records++;
    }
    this.cells = [];
  }

  /** Reads the next piece of the text. */
  write(text: string): void {
    const length = text.length;
    const sep = this.separator;
    let index = 0;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (this.state === AFTER_CR) {
        this.state = RECORD_START;
        if (code === LF) {
          index++;
          continue;
        }
      }
      if (this.state === RECORD_START) {
        this.recordLine = this.line;
        this.isBlank = true;
        this.state = CELL_START;
      }
      if (this.state === CELL_START) {
        if (code === QUOTE) {
          this.isBlank = false;
          this.quoteLine = this.line;
          this.previousWasCr = false;
          this.state = QUOTED;
          index++;
          continue;
        }
        this.state = UNQUOTED;
      }
      if (this.state === QUOTED) index = this.readQuoted(text, index);
      else if (this.state === QUOTE_IN_QUOTED) {
        if (code === QUOTE) {
          if (this.isKeeping) this.cell += '"';
          this.previousWasCr = false;
          this.state = QUOTED;
          index++;
        } else this.state = AFTER_QUOTE;
      } else index = this.readUnquoted(text, index, sep);
    }
  }

  /** Unquoted text (or text after a closing quote) up to the end of the cell, and that end. */
  private readUnquoted(text: string, from: number, sep: number): number {
    const length = text.length;
    let index = from;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === sep || code === LF || code === CR) break;
      index++;
    }
    if (index > from) {
      this.isBlank = false;
      if (this.isKeeping) this.cell += text.slice(from, index);
    }
    if (index === length) return index;
    const end = text.charCodeAt(index);
    if (end === sep) {
      this.isBlank = false;
      this.endCell();
      this.state = CELL_START;
    } else {
      this.endRecord();
      this.line++;
      this.state = end === CR ? AFTER_CR : RECORD_START;
    }
    return index + 1;
  }

  /** Quoted text up to the next quote, its line breaks counted as lines when they are. */
  private readQuoted(text: string, from: number): number {
    const length = text.length;
    const countsLines = this.options.countsQuotedLineBreaks;
    let index = from;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) break;
      if (countsLines) {
        // CRLF, LF or a lone CR: one line each.
        if (code === CR || (code === LF && !this.previousWasCr)) this.line++;
        this.previousWasCr = code === CR;
      }
      index++;
    }
    if (this.isKeeping) this.cell += text.slice(from, index);
    if (index === length) return index;
    this.state = QUOTE_IN_QUOTED;
    return index + 1;
  }

  /** The text has ended: its last record is complete. An unclosed quote throws UnclosedQuoteError. */
  end(): void {
    if (this.state === QUOTED) throw new UnclosedQuoteError(this.quoteLine);
    if (this.state === RECORD_START || this.state === AFTER_CR) return;
    this.endRecord();
    this.state = RECORD_START;
  }
}
