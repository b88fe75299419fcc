import type { RefObject } from "react";
import { insertText, type TextEdit } from "./richText.ts";

/** Inserts text at an input's caret (its end when it has none) and puts the caret back after it. */
export function insertAtCaret(
  element: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  text: string,
  onChange: (value: string) => void,
): void {
  const node = element.current;
  const start = node?.selectionStart ?? value.length;
  const end = node?.selectionEnd ?? value.length;
  applyEdit(element, insertText(value, start, end, text), onChange);
}

/** Sets the new value, then the selection once React has rendered it. */
export function applyEdit(
  element: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  edit: TextEdit,
  onChange: (value: string) => void,
): void {
  onChange(edit.value);
  requestAnimationFrame(() => {
    const node = element.current;
    if (!node) return;
    node.focus();
    node.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  });
}
