import type { CustomFieldJson } from "@tessera/shared";
import type { CustomField } from "../../models/CustomField.ts";
import type { Actor } from "../../policies/actor.ts";
import { canOnEvent, type EventRef, type EventTies } from "../../policies/events.ts";

export function presentCustomField(
  field: CustomField,
  actor: Actor | undefined,
  event: EventRef,
  ties: EventTies,
): CustomFieldJson {
  const writes = canOnEvent(actor, "update", event, ties);
  return {
    id: field.id,
    eventId: field.eventId,
    name: field.name,
    label: field.label,
    helpText: field.helpText,
    type: field.type,
    isRequired: field.isRequired,
    isReadOnly: field.isReadOnly,
    options: (field.options ?? []).map((option) => ({
      id: option.id,
      label: option.label,
      quota: option.quota ?? null,
    })),
    rules: field.rules ?? {},
    position: field.position,
    createdAt: field.createdAt.toISOString(),
    updatedAt: field.updatedAt.toISOString(),
    abilities: { update: writes, delete: writes },
  };
}
