/*
 * The text blocks' editing: a textarea of the limited HTML the campaigns accept (p, br, strong, em, u, a, ul/ol/li,
 * h1–h3; the server sanitises the rest), with a toolbar that wraps the selection in a tag and a menu that inserts
 * merge tags. Each operation takes the text and the selection and returns the new text and selection.
 */

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** Puts `before` and `after` around the selection (the selection stays on the same words). */
export function wrapSelection(value: string, start: number, end: number, before: string, after: string): TextEdit {
  const from = Math.max(0, Math.min(start, end, value.length));
  const to = Math.min(value.length, Math.max(start, end));
  return {
    value: value.slice(0, from) + before + value.slice(from, to) + after + value.slice(to),
    selectionStart: from + before.length,
    selectionEnd: to + before.length,
  };
}

/** Replaces the selection with `text`; the caret goes after it. */
export function insertText(value: string, start: number, end: number, text: string): TextEdit {
  const from = Math.max(0, Math.min(start, end, value.length));
  const to = Math.min(value.length, Math.max(start, end));
  const caret = from + text.length;
  return { value: value.slice(0, from) + text + value.slice(to), selectionStart: caret, selectionEnd: caret };
}

export const TEXT_FORMATS = ["bold", "italic", "link", "bulletList", "numberedList"] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** Escapes what would break out of an attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * Applies a toolbar format to the selection: bold and italic wrap it; a link wraps it in <a href> (its text the
 * URL when nothing is selected); a list makes one item of each selected line.
 */
export function applyFormat(value: string, start: number, end: number, format: TextFormat, href = ""): TextEdit {
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  switch (format) {
    case "bold":
      return wrapSelection(value, from, to, "<strong>", "</strong>");
    case "italic":
      return wrapSelection(value, from, to, "<em>", "</em>");
    case "link": {
      const open = `<a href="${attribute(href)}">`;
      if (from === to) return insertText(value, from, to, `${open}${href}</a>`);
      return wrapSelection(value, from, to, open, "</a>");
    }
    case "bulletList":
    case "numberedList": {
      const tag = format === "bulletList" ? "ul" : "ol";
      const lines = value
        .slice(from, to)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      const items = (lines.length ? lines : [""]).map((line) => `<li>${line}</li>`).join("");
      return insertText(value, from, to, `<${tag}>${items}</${tag}>`);
    }
  }
}
