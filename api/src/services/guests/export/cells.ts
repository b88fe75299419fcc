/**
 * CSV injection (OWASP): a spreadsheet reads a cell starting with `=`, `+`, `-`, `@`, TAB or CR as a
 * formula. The CSV export prefixes such a cell with `'`, and also a cell that already starts with `'`, so
 * the import can undo exactly what the export did: a leading `'` followed by one of those characters or
 * by another `'` is taken off (`restoreNeutralizedCell`), and every string survives the round trip.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_START = /^'[=+\-@\t\r']/;

/** Any cell starting with `=`, `+`, `-`, `@`, TAB, CR or `'` is prefixed with `'` (CSV only). */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value;
}

/** The cell as it was before `neutralizeCell` (a CSV import's cells). */
export function restoreNeutralizedCell(cell: string): string {
  return cell.charCodeAt(0) === 39 && ESCAPED_START.test(cell) ? cell.slice(1) : cell;
}
