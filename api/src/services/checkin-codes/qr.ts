import QRCode from "qrcode";

/**
 * QR images of entry codes. Error correction M (15 %) and the standard quiet zone of 4 modules: a
 * 130-character code is a version 8 symbol (49 × 49 modules), which a phone reads off another phone's
 * screen or a printed page.
 */
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg" });
}

/** A PNG of `scale` pixels a module (8: 456 px square for a code), for emails. */
export function qrPng(text: string, scale = 8): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: "png", scale });
}
