import type { MailBlock, MailContent } from "./content.ts";
import { absoluteHttpLink, PRODUCT_NAME, type MailFrame } from "./layout.ts";

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
    case "note":
      return block.text;
    case "quote":
      return block.text
        .split(/\r?\n/)
        .map((line) => (line ? `> ${line}` : ">"))
        .join("\n");
    case "code":
      return `    ${block.code}`;
    case "qr":
      return `${block.caption}\n${block.code}`;
    case "button":
      return `${block.label}\n${absoluteHttpLink(block.href)}`;
  }
}

/** The plain-text part: the same blocks, one paragraph each, links written out in full. */
export function renderText(content: MailContent, frame: MailFrame): string {
  const paragraphs = [PRODUCT_NAME, ...content.blocks.map(blockText), `-- \n${frame.footer}`];
  return `${paragraphs.join("\n\n")}\n`;
}
