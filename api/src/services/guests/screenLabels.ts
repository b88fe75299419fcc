import { LANGUAGES, resources, type Language } from "@tessera/shared";

/**
 * What the screens call a guest's fields and coded values, in each language: the export writes them (in
 * the reader's language) and the import reads them back (in any language), so an exported file reads as
 * the list does and still re-imports as it is.
 */
type GuestCatalogue = (typeof resources)["en"]["web"]["guests"];
type CodedKind = "status" | "civility" | "mailStatus" | "source";

const catalogue = (language: Language) => resources[language].web.guests as GuestCatalogue;

/** A guest field's column title on screen ("First name", "Prénom"), or the field's name when it has none. */
export function guestFieldLabel(language: Language, field: string): string {
  return (catalogue(language).fields as Record<string, string>)[field] ?? field;
}

/** A coded value as the screen shows it ("Confirmé" for confirmed), or the code itself. */
export function codedValueLabel(language: Language, kind: CodedKind, code: string): string {
  return (catalogue(language)[kind] as Record<string, string>)[code] ?? code;
}

/** The column titles of a guest field in every language. */
export function guestFieldLabels(field: string): string[] {
  return LANGUAGES.map((language) => guestFieldLabel(language, field));
}

/** Every language's label of each code of `kind`, with its code. */
export function codedValueLabels(kind: CodedKind): Array<[label: string, code: string]> {
  return LANGUAGES.flatMap((language) =>
    Object.entries(catalogue(language)[kind] as Record<string, string>).map(
      ([code, label]) => [label, code] as [string, string],
    ),
  );
}

/** What the screens call the guest list ("Invités"). */
export function guestListTitle(language: Language): string {
  return catalogue(language).nav.list;
}
