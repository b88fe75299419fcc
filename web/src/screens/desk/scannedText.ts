import { SCANNED_CODE_MAX } from "@tessera/shared/rules/checkins";

/**
 * A code as a scanner typed it, ready to send: without the control characters a keyboard-wedge scanner may
 * add (Tab, CR, a prefix's STX/ETX) and the spaces around it, and otherwise exactly as typed. A scanner on an
 * AZERTY keyboard layout may type other characters than the code holds: nothing here guesses them back, the
 * API answers such a code as unknown, and the desk says so.
 */
export function scannedText(typed: string): string {
  return (
    typed
      // eslint-disable-next-line no-control-regex -- the control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, SCANNED_CODE_MAX)
  );
}

/** Scans of the same text within this delay are one (a camera reads a code many times a second). */
export const SAME_CODE_PAUSE_MS = 3_000;
