import QRCode, { type BitMatrix } from "qrcode";

/**
 * QR images of entry codes. Error correction M (15 %) and the standard quiet zone of 4 modules: a
 * 130-character code is a version 8 symbol (49 × 49 modules), which a phone reads off another phone's
 * screen or a printed page.
 */
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;
/** The quiet zone around the symbol, in modules. */
export const QR_QUIET_ZONE = OPTIONS.margin;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg" });
}

/** A PNG of `scale` pixels a module (8: 456 px square for a code), for emails. */
export function qrPng(text: string, scale = 8): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: "png", scale });
}

/** The symbol's modules (without the quiet zone), for drawing it as vectors (the e-badges' PDF). */
export function qrModules(text: string): BitMatrix {
  return QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel }).modules;
}
