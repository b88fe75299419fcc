import type { AuditLogJson } from "@/queries/auditLogs.ts";
import { isRecord } from "@tessera/shared/records";

/** A non-blank string, else null. */
export function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

export function numberOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** How the history names a person from a snapshot (a guest, a recommended person): full name, else email. */
export function personIn(values: unknown): string | null {
  if (!isRecord(values)) return null;
  const name = [textOf(values.firstName), textOf(values.lastName)].filter(Boolean).join(" ");
  return name || textOf(values.email);
}

/** The entry's subject as the API named it when writing it (entries written before that have none). */
export function subjectOf(entry: AuditLogJson): string | null {
  return textOf(entry.metadata?.subject);
}

/** The name the entry itself gives an id its values point at. */
export function entryNameOf(entry: AuditLogJson, id: unknown): string | null {
  return typeof id === "string" ? textOf(entry.metadata?.names?.[id]) : null;
}
