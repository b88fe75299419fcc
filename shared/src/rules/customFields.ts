/** Custom-field vocabulary (spec §3 Question / custom fields). The rules live in customFieldRules.ts. */
export const CUSTOM_FIELD_TYPES = [
  "short_text",
  "long_text",
  "unique_choice",
  "multiple_choice",
  "dropdown",
  "date",
  "time",
  "number",
  "file",
  "phone",
  "id_card",
  "passport",
  "rating",
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CHOICE_TYPES: readonly CustomFieldType[] = ["unique_choice", "multiple_choice", "dropdown"];

export const CUSTOM_FIELD_NAME_MAX = 100;
export const SHORT_TEXT_MAX = 255;
export const LONG_TEXT_MAX = 10_000;
export const RATING_MAX_LIMIT = 10;
export const IDENTITY_DOCUMENT_LENGTH = 9;
/** spec §5: form file answers and attachments up to 15 MB. */
export const CUSTOM_FIELD_FILE_MAX_BYTES = 15 * 1024 * 1024;

/**
 * What a file answer may be (media type → extension), judged from its bytes, never from its name or
 * declared type: PDF, PNG, JPEG, WebP, GIF, and the office documents DOCX, XLSX and ODT. Those three are
 * ZIP archives, told apart from a bare ZIP by their inner entries ([Content_Types].xml / word/ or xl/ for
 * Office Open XML, the `mimetype` entry for OpenDocument), so an arbitrary ZIP (or a JAR, an APK …) is
 * refused. Text formats (CSV, TXT) carry no signature and are refused too.
 */
export const GUEST_FILE_TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.oasis.opendocument.text": "odt",
};

export interface CustomFieldOption {
  id: string;
  label: string;
  /** Places available for this answer (null: unlimited). */
  quota?: number | null;
}

export interface CustomFieldRules {
  /** number: bounds; multiple_choice: minimum / maximum selections. */
  min?: number | null;
  max?: number | null;
  /** multiple_choice: exact number of selections. */
  exact?: number | null;
  /** number: refuse negative values ('The number can't be negative.'). */
  noNegative?: boolean;
  /** rating: 1 to maxRating. */
  maxRating?: number;
}

/** What a stored answer looks like, by type. */
export interface AnswerShapes {
  short_text: string;
  long_text: string;
  unique_choice: string; // option id
  multiple_choice: string[]; // option ids
  dropdown: string; // option id
  date: string; // YYYY-MM-DD (typed dd/mm/yyyy)
  time: string; // HH:mm
  number: number;
  file: { fileId: string; name: string; size: number };
  phone: string; // 0XXXXXXXXX or +33XXXXXXXXX
  id_card: string; // 9 characters
  passport: string; // 9 characters
  rating: number; // 1..maxRating
}
