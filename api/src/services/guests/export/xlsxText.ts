/**
 * Text in an XLSX cell (OOXML ST_Xstring): a character XML cannot carry as it is (CR, which XML reads
 * back as LF, and the other control characters, which exceljs drops) is written `_xHHHH_`, the way
 * Excel writes them; so a literal `_x` followed by four hex digits is written `_x005F_x…` (an escaped
 * underscore). `decodeXlsxText` reads both back, for workbooks from Excel and from our export alike.
 */
// eslint-disable-next-line no-control-regex -- escaping control characters is the point
const UNSAFE = /[\x00-\x08\x0b\x0c\r\x0e-\x1f\x7f]/g;
const LITERAL_ESCAPE = /_(?=x[0-9a-f]{4})/gi;
const ESCAPE = /_x([0-9a-f]{4})_/gi;

const hex = (character: string) => character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");

export function encodeXlsxText(text: string): string {
  return text.replace(LITERAL_ESCAPE, "_x005F_").replace(UNSAFE, (character) => `_x${hex(character)}_`);
}

export function decodeXlsxText(text: string): string {
  return text.includes("_x")
    ? text.replace(ESCAPE, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    : text;
}
