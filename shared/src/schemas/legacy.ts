import { Type } from "@sinclair/typebox";
import { Uuid } from "./common.ts";

/** The legacy JSON endpoints of spec §7 name the event by its slug: `/{event}/admin/...`. */
const EventSlug = Type.String({ minLength: 1, maxLength: 50 });

/** `/:event/...`: the event's slug. */
export const LegacyEventParams = Type.Object({ event: EventSlug });
/** `/:event/.../:id`. */
export const LegacyEventIdParams = Type.Object({ event: EventSlug, id: Uuid });

/** mergeJson: guest user2 is merged into guest user1 (kept). */
export const LegacyMergeQuery = Type.Object({ user1: Uuid, user2: Uuid });
/** deleteJson: the duplicate guests to delete. */
export const LegacyDeleteGuestsBody = Type.Object(
  { selectedIds: Type.Array(Uuid, { minItems: 1, maxItems: 10_000, uniqueItems: true }) },
  { additionalProperties: false },
);
