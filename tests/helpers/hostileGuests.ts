import { CIVILITIES, GUEST_STATUSES, type CustomFieldOption, type CustomFieldType } from "@tessera/shared";

/*
 * A seeded generator of guests an organizer could type, written to break an export → import round trip:
 * text starting with = + - @ ' or TAB, quotes, both CSV separators, line ends, accents, emoji, text up to
 * the length limits; phones, negative and decimal numbers, dates before 1900; answers of every
 * importable custom-field type.
 */

/** The custom fields of a round-trip event: every type an import can fill (a file cannot travel in a cell). */
export interface FieldSpec {
  label: string;
  type: CustomFieldType;
  options?: string[];
}

/** Option titles that look like formulas, numbers or quotes; no `;` or `|` (multiple answers are joined with them). */
const OPTION_TITLES = ["=Oui", "-1", "+ plus", "@home", "'quoted", "Végétarien", "Sans porc 🐖", 'Dit "X"'];

export const ROUND_TRIP_FIELDS: FieldSpec[] = [
  { label: "=Note interne", type: "short_text" },
  { label: "Commentaires, remarques", type: "long_text" },
  { label: "Régime", type: "unique_choice", options: OPTION_TITLES },
  { label: "Ateliers", type: "multiple_choice", options: OPTION_TITLES },
  { label: "Taille de t-shirt", type: "dropdown", options: ["S", "M", "-L-", "=XL"] },
  { label: "Date d'arrivée", type: "date" },
  { label: "Heure d'arrivée", type: "time" },
  { label: "Noches", type: "number" },
  { label: "Téléphone", type: "phone" },
  { label: "Satisfaction", type: "rating" },
  { label: "Carte d'identité", type: "id_card" },
  { label: "Passeport", type: "passport" },
];

const PIECES = [
  "=", "+", "-", "@", "'", "\t", '"', ";", ",", "\n", "\r\n", " ", "|", "(", ")", "=HYPERLINK(\"http://x\")",
  "a", "Z", "é", "ñ", "ß", "Ü", "🎉", "👩‍👩‍👧", "日本", "0", "7", "_x000D_", "&", "<b>", "\\",
]; // prettier-ignore
const LEADERS = ["=", "+", "-", "@", "'", "\t", "'=", "''", "-1", "+33", "@@"];

type Random = () => number;
const pick = <T>(next: Random, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const int = (next: Random, min: number, max: number) => min + Math.floor(next() * (max - min + 1));

/**
 * Hostile text of at most `max` characters, sometimes right at the limit. Guest fields count code points
 * (the API's JSON schema), custom answers UTF-16 units (the shared answer rules): `units` says which.
 */
export function hostileText(next: Random, max: number, units: "codePoints" | "utf16" = "codePoints"): string {
  const split = (text: string) => (units === "utf16" ? text.split("") : [...text]);
  let text = next() < 0.5 ? pick(next, LEADERS) : "";
  const length = next() < 0.15 ? max : int(next, 1, Math.min(max, 24));
  while (split(text).length < length) text += pick(next, PIECES);
  // Cut on a code point, never inside a surrogate pair.
  let kept = "";
  for (const character of text) {
    if (split(kept + character).length > length) break;
    kept += character;
  }
  return kept;
}

function dateAnswer(next: Random): string {
  const year = next() < 0.2 ? int(next, 1000, 1899) : int(next, 1900, 2100);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${year}-${pad(int(next, 1, 12))}-${pad(int(next, 1, 28))}`;
}

function numberAnswer(next: Random): number {
  const whole = int(next, -100000, 100000);
  return next() < 0.5 ? whole : whole + int(next, 1, 99) / 100;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const digits = (next: Random, count: number) => Array.from({ length: count }, () => int(next, 0, 9)).join("");
const letters = (next: Random, count: number) => Array.from({ length: count }, () => pick(next, [...LETTERS])).join("");

/** An answer of the field's type, as the API takes it (options by id). */
function answer(next: Random, type: CustomFieldType, options: readonly CustomFieldOption[]): unknown {
  switch (type) {
    case "short_text":
      return hostileText(next, 255, "utf16");
    case "long_text":
      return hostileText(next, next() < 0.1 ? 3000 : 200, "utf16");
    case "unique_choice":
    case "dropdown":
      return pick(next, options).id;
    case "multiple_choice":
      return options.filter(() => next() < 0.4).map((option) => option.id);
    case "date":
      return dateAnswer(next);
    case "time":
      return `${String(int(next, 0, 23)).padStart(2, "0")}:${String(int(next, 0, 59)).padStart(2, "0")}`;
    case "number":
      return numberAnswer(next);
    case "phone":
      return next() < 0.5 ? `+336${digits(next, 8)}` : `06${digits(next, 8)}`;
    case "rating":
      return int(next, 1, 5);
    case "id_card":
      return `${letters(next, 3)}${digits(next, 6)}`;
    case "passport":
      return `${digits(next, 2)}${letters(next, 2)}${digits(next, 5)}`;
    default:
      return null;
  }
}

export interface GeneratedField {
  id: string;
  type: CustomFieldType;
  options: CustomFieldOption[];
}

/** The body of POST /users for guest number `index`: each field and answer sometimes left empty. */
export function hostileGuest(next: Random, index: number, fields: readonly GeneratedField[]): Record<string, unknown> {
  const maybe = <T>(value: () => T): T | null => (next() < 0.8 ? value() : null);
  const emailLead = pick(next, ["", "", "+", "-", "=", "o'"]);
  const answers: Record<string, unknown> = {};
  for (const field of fields) if (next() < 0.75) answers[field.id] = answer(next, field.type, field.options);
  const email = next() < 0.8 ? `${emailLead}guest${index}.${digits(next, 4)}@Example.com` : null;
  // Without an email a guest is told apart by both names (an import refuses anyone else): never blank then.
  const name = (lead: string) => (email ? maybe(() => hostileText(next, 100)) : `${lead}${hostileText(next, 90)}`);
  return {
    firstName: name("Ana"),
    lastName: name("Silva"),
    email,
    civility: maybe(() => pick(next, CIVILITIES)),
    company: maybe(() => hostileText(next, 200)),
    jobTitle: maybe(() => hostileText(next, 200)),
    status: pick(next, GUEST_STATUSES),
    companionsExpected: int(next, 0, 3),
    answers,
  };
}
