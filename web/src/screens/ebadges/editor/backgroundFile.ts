import { EBADGE_BACKGROUND_MAX_BYTES, EBADGE_BACKGROUND_MIME_TYPES } from "@tessera/shared/rules/ebadges";

/**
 * What is wrong with a background before it is sent (spec §5: JPEG or PNG, at most 4 MB), as the browser
 * names it; the API judges it again from its content and checks its A4 shape.
 */
export function backgroundFileProblem(file: { type: string; size: number }): "type" | "size" | null {
  if (!(EBADGE_BACKGROUND_MIME_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > EBADGE_BACKGROUND_MAX_BYTES) return "size";
  return null;
}

/** The largest background in the user's language ("4 MB", "4 Mo"): the limit is 4 × 1024 × 1024 bytes. */
export function backgroundLimitText(language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", unitDisplay: "short" }).format(
    EBADGE_BACKGROUND_MAX_BYTES / (1024 * 1024),
  );
}
