/** First characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Any cell starting with `=`, `+`, `-`, `@`, TAB or CR is prefixed with `'` so it stays text. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
