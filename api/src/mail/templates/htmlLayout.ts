import mjml2html from "mjml";
import type { MailBlock, MailContent } from "./content.ts";
import { escapeHtml } from "./escapeHtml.ts";
import { absoluteHttpLink, oneLine, PRODUCT_NAME, type MailFrame } from "./layout.ts";

/** The Content-ID of a message's QR image (one at most), attached by renderMail. */
export const QR_CID = "entry-code@tessera";

const COLORS = { brand: "#3b5bdb", text: "#1f2933", muted: "#6b7280", page: "#f4f5f7", card: "#ffffff" };

function blockMjml(block: MailBlock, frame: MailFrame): string {
  switch (block.kind) {
    case "paragraph":
      return `<mj-text>${escapeHtml(block.text)}</mj-text>`;
    case "note":
      return `<mj-text font-size="13px" color="${COLORS.muted}">${escapeHtml(block.text)}</mj-text>`;
    case "quote":
      return `<mj-text padding="8px 25px"><div style="border-left: 3px solid ${COLORS.muted}; padding: 4px 0 4px 12px;">${escapeHtml(block.text).replace(/\r?\n/g, "<br />")}</div></mj-text>`;
    case "qr":
      return [
        `<mj-text align="center">${escapeHtml(block.caption)}</mj-text>`,
        `<mj-image src="cid:${QR_CID}" alt="${escapeHtml(block.alt)}" width="228px" padding="0 25px 8px" />`,
        `<mj-text align="center" font-size="11px" color="${COLORS.muted}" font-family="Menlo, Consolas, monospace"><span style="word-break: break-all;">${escapeHtml(block.code)}</span></mj-text>`,
      ].join("\n");
    case "code":
      return `<mj-text align="center" font-size="28px" font-weight="bold" letter-spacing="6px" font-family="Menlo, Consolas, monospace">${escapeHtml(block.code)}</mj-text>`;
    case "button": {
      const href = escapeHtml(absoluteHttpLink(block.href));
      return [
        `<mj-button href="${href}" background-color="${COLORS.brand}" color="#ffffff" font-size="15px" border-radius="4px" padding="16px 25px">${escapeHtml(block.label)}</mj-button>`,
        `<mj-text font-size="13px" color="${COLORS.muted}">${escapeHtml(frame.linkFallback)}<br /><a href="${href}" style="color: ${COLORS.brand}; word-break: break-all;">${href}</a></mj-text>`,
      ].join("\n");
    }
  }
}

/** The MJML source of a message; every string from content and frame is escaped here. */
export function mailMjml(content: MailContent, frame: MailFrame): string {
  return `<mjml lang="${escapeHtml(frame.language)}">
  <mj-head>
    <mj-title>${escapeHtml(oneLine(content.subject))}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="${COLORS.text}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.page}">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="${COLORS.brand}">${PRODUCT_NAME}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${COLORS.card}" border-radius="6px" padding="16px 0">
      <mj-column>
        ${content.blocks.map((block) => blockMjml(block, frame)).join("\n        ")}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="${COLORS.muted}" align="center">${escapeHtml(frame.footer)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** Renders a message to HTML; mjml 5's mjml2html is async. */
export async function renderHtml(content: MailContent, frame: MailFrame): Promise<string> {
  const result = await mjml2html(mailMjml(content, frame), {
    validationLevel: "strict",
    keepComments: false,
    fonts: {},
  });
  return result.html;
}
