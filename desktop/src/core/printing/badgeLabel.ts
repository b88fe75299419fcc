/** A badge as any printer prints it: lines of text and the entry code's QR, on a label of a given size. */

export interface BadgeLine {
  text: string;
  /** Character height in millimetres (each printer rounds it to what its fonts can do). */
  size: number;
  bold: boolean;
}

export interface BadgeLabel {
  lines: BadgeLine[];
  /** The guest's entry code, printed as a QR under the lines; null prints no QR. */
  qr: string | null;
  widthMm: number;
  heightMm: number;
}

/** What the desk knows of a guest when it prints a badge (from its local snapshot). */
export interface BadgeGuest {
  name: string;
  company?: string | null;
  /** Further lines the badge template shows (job title, category …), in order; empty ones are skipped. */
  extraLines?: readonly (string | null | undefined)[];
  entryCode: string | null;
}

export const DEFAULT_LABEL_SIZE_MM = { widthMm: 80, heightMm: 50 } as const;
const NAME_SIZE_MM = 6;
const LINE_SIZE_MM = 3;

/** The badge label of a guest: the name large and bold, then the company and the template's other lines. */
export function badgeLabelForGuest(
  guest: BadgeGuest,
  size: { widthMm: number; heightMm: number } = DEFAULT_LABEL_SIZE_MM,
): BadgeLabel {
  const lines: BadgeLine[] = [{ text: guest.name.trim(), size: NAME_SIZE_MM, bold: true }];
  for (const text of [guest.company, ...(guest.extraLines ?? [])]) {
    const trimmed = text?.trim();
    if (trimmed) lines.push({ text: trimmed, size: LINE_SIZE_MM, bold: false });
  }
  return { lines, qr: guest.entryCode, widthMm: size.widthMm, heightMm: size.heightMm };
}
