import type { CustomField } from "../../../models/CustomField.ts";
import type { ImportMapping } from "../../../models/GuestImport.ts";
import { guestFieldLabels } from "../screenLabels.ts";
import {
  CUSTOM_FIELD_TARGET,
  hasImportIdentity,
  IMPORT_GUEST_FIELDS,
  withoutAccents,
  type ImportGuestField,
  type ValidationIssue,
} from "@tessera/shared";

/** A column is mapped to a guest field or to a custom field of the event; anything else is ignored. */
export type ImportTarget = { kind: "guest"; field: ImportGuestField } | { kind: "custom"; field: CustomField };

/** Lowercase, no accents, letters and digits only: "E-mail" → "email", "Prénom" → "prenom". */
export function normalizeHeader(value: string): string {
  return withoutAccents(value)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Header synonyms in English, French and Spanish (normalized); the screens' column titles are added below. */
const WRITTEN_SYNONYMS: Record<ImportGuestField, string[]> = {
  firstName: ["firstname", "first", "givenname", "prenom", "nombre"],
  lastName: ["lastname", "last", "surname", "familyname", "nom", "nomdefamille", "apellido", "apellidos"],
  email: ["email", "mail", "emailaddress", "courriel", "adressemail", "adresseemail", "correo", "correoelectronico"],
  civility: ["civility", "salutation", "civilite", "tratamiento"],
  company: ["company", "organisation", "organization", "societe", "entreprise", "empresa", "compania"],
  jobTitle: ["jobtitle", "job", "position", "fonction", "poste", "cargo", "puesto"],
  status: ["status", "statut", "estado"],
  companionsExpected: ["companions", "companionsexpected", "accompagnants", "accompagnateurs", "acompanantes"],
  prescriber: ["prescriber", "prescripteur", "prescriptor"],
  language: ["language", "lang", "langue", "idioma"],
};

/** The synonyms and what the screens (and so the export) call each field, in every language. */
const SYNONYMS = Object.fromEntries(
  IMPORT_GUEST_FIELDS.map((field) => [
    field,
    [...new Set([...WRITTEN_SYNONYMS[field], ...guestFieldLabels(field).map(normalizeHeader)])],
  ]),
) as Record<ImportGuestField, string[]>;

/** Whether a column title would be read as a guest field (a custom field's export title must not be). */
export function isGuestFieldHeader(header: string): boolean {
  const normalized = normalizeHeader(header);
  return IMPORT_GUEST_FIELDS.some((field) => SYNONYMS[field].includes(normalized));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A column exported by Tessera: the custom field's id, alone or as "label [id]". */
const UUID_HEADER = new RegExp(`^\\s*(?:.*\\[\\s*(${UUID.source})\\s*\\]|(${UUID.source}))\\s*$`, "i");

/** The custom-field id a header carries, if it is a Tessera export column. */
export function headerCustomFieldId(header: string): string | null {
  const match = UUID_HEADER.exec(header);
  return match ? (match[1] ?? match[2]!).toLowerCase() : null;
}

/** The "[id]" (or bare id) part of an export column's title. */
const UUID_PART = new RegExp(`\\[\\s*${UUID.source}\\s*\\]|${UUID.source}`, "gi");

export interface SuggestedMapping {
  mapping: ImportMapping;
  /** Columns headed by the id of a field that is not a custom field of this event (spec's column-UUID check). */
  columnIssues: ValidationIssue[];
}

/**
 * The suggested target of each column: an export column ("label [id]") by its field's id, or, coming from
 * another event, by its label; other columns by a guest field's name or synonym (en, fr, es), then by a
 * custom field's label or name. A file field is never suggested: a cell cannot hold a file.
 */
export function suggestMapping(headers: readonly string[], fields: readonly CustomField[]): SuggestedMapping {
  const mapping: ImportMapping = {};
  const columnIssues: ValidationIssue[] = [];
  const taken = new Set<string>();
  const byId = new Map(fields.map((field) => [field.id.toLowerCase(), field]));
  const byName = new Map<string, CustomField>();
  // Labels win over names (a label is what the export and the organizer's files show).
  for (const field of fields) byName.set(normalizeHeader(field.name), field);
  for (const field of fields) byName.set(normalizeHeader(field.label), field);
  const suggested = (field: CustomField | undefined) =>
    field && field.type !== "file" ? CUSTOM_FIELD_TARGET + field.id : null;
  headers.forEach((header, index) => {
    const id = headerCustomFieldId(header);
    let target: string | null = null;
    if (id) {
      // Another event's export: its field of the same label (or name) here, else the column is reported.
      const field = byId.get(id) ?? byName.get(normalizeHeader(header.replace(UUID_PART, "")));
      if (field) target = suggested(field);
      else columnIssues.push({ field: `columns.${index}`, code: "import_unknown_custom_field" });
    } else {
      const normalized = normalizeHeader(header);
      const guestField = IMPORT_GUEST_FIELDS.find((name) => SYNONYMS[name].includes(normalized));
      const customField = byName.get(normalized);
      if (guestField) target = guestField;
      else target = suggested(customField);
    }
    if (target && !taken.has(target)) {
      taken.add(target);
      mapping[String(index)] = target;
    }
  });
  return { mapping, columnIssues };
}

/**
 * Resolves a mapping sent by the client: every column index must exist, every target be a guest field
 * or a custom field of THIS event, no target twice. Issues name `mapping.<column>`; a mapping that maps
 * neither an email column nor both name columns (no guest could be told apart) is refused on `mapping`.
 */
export function resolveMapping(
  mapping: ImportMapping,
  columnCount: number,
  fields: readonly CustomField[],
): { targets: Map<number, ImportTarget>; issues: ValidationIssue[] } {
  const targets = new Map<number, ImportTarget>();
  const issues: ValidationIssue[] = [];
  const byId = new Map(fields.map((field) => [field.id.toLowerCase(), field]));
  const seen = new Set<string>();
  for (const [key, target] of Object.entries(mapping)) {
    const column = Number(key);
    const field = `mapping.${key}`;
    if (!target) continue;
    if (!Number.isInteger(column) || column < 0 || column >= columnCount) {
      issues.push({ field, code: "invalid_value" });
      continue;
    }
    if (seen.has(target)) {
      issues.push({ field, code: "import_duplicate_target" });
      continue;
    }
    seen.add(target);
    if (target.startsWith(CUSTOM_FIELD_TARGET)) {
      const customField = byId.get(target.slice(CUSTOM_FIELD_TARGET.length).toLowerCase());
      if (customField) targets.set(column, { kind: "custom", field: customField });
      else issues.push({ field, code: "import_unknown_custom_field" });
    } else if ((IMPORT_GUEST_FIELDS as readonly string[]).includes(target)) {
      targets.set(column, { kind: "guest", field: target as ImportGuestField });
    } else issues.push({ field, code: "invalid_value" });
  }
  const mapped = new Set([...targets.values()].map((target) => (target.kind === "guest" ? target.field : null)));
  const identity = { email: mapped.has("email"), firstName: mapped.has("firstName"), lastName: mapped.has("lastName") };
  if (!hasImportIdentity(identity)) issues.push({ field: "mapping", code: "import_no_identity_column" });
  return { targets, issues };
}
