import type { FormJson } from "@tessera/shared";
import { canOnEvent } from "../../policies/events.ts";
import type { Actor } from "../../policies/actor.ts";
import type { FormView } from "../../services/forms/forms.ts";

export function presentForm(actor: Actor | undefined, { form, event, ties, warnings }: FormView): FormJson {
  const update = canOnEvent(actor, "update", event, ties);
  return {
    id: form.id,
    eventId: form.eventId,
    type: form.type,
    state: form.state,
    title: form.title,
    items: form.items,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    abilities: { update, delete: update },
    terms: form.termsStorageKey && form.termsName ? { name: form.termsName, size: form.termsSize ?? 0 } : null,
    ...(warnings ? { warnings } : {}),
  };
}
