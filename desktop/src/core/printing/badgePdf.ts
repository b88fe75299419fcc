import { MM_TO_PT } from "@tessera/shared/rules/ebadges";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { BadgeLabel } from "./badgeLabel.ts";

const MARGIN_MM = 3;
/** A line's size is its characters' height; Helvetica's capitals are about 0.72 of its font size. */
const CAP_HEIGHT = 0.72;
/** A QR's quiet zone, in modules, on each side. */
const QUIET_ZONE = 2;

/**
 * The label as a one-page PDF at the label's size, for a system printer: its lines centred from the top
 * (Helvetica, bold where the label says; accented Latin letters and the euro sign print), then the entry code's
 * QR as large as the space left allows, centred below.
 */
export function badgePdf(label: BadgeLabel): Promise<Buffer> {
  const width = label.widthMm * MM_TO_PT;
  const height = label.heightMm * MM_TO_PT;
  const margin = MARGIN_MM * MM_TO_PT;
  const doc = new PDFDocument({ size: [width, height], margin: 0, info: { Title: label.lines[0]?.text ?? "Badge" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  let y = margin;
  for (const line of label.lines) {
    doc.font(line.bold ? "Helvetica-Bold" : "Helvetica").fontSize((line.size * MM_TO_PT) / CAP_HEIGHT);
    doc.text(line.text, margin, y, { width: width - 2 * margin, align: "center", lineBreak: true });
    y = doc.y + margin / 2;
  }
  if (label.qr !== null) {
    const qr = QRCode.create(label.qr, { errorCorrectionLevel: "M" });
    const modules = qr.modules.size;
    const side = Math.min(height - y - margin, width - 2 * margin);
    if (side > 0) {
      const cell = side / (modules + 2 * QUIET_ZONE);
      const left = (width - side) / 2 + QUIET_ZONE * cell;
      const top = y + QUIET_ZONE * cell;
      for (let row = 0; row < modules; row++)
        for (let column = 0; column < modules; column++)
          if (qr.modules.get(row, column)) doc.rect(left + column * cell, top + row * cell, cell, cell);
      doc.fill("#000000");
    }
  }
  doc.end();
  return done;
}
