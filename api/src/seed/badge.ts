import type { EbadgeBlock } from "@tessera/shared";
import { createTemplate } from "../services/ebadges/templates.ts";
import type { EventKey } from "../services/events/find.ts";
import type { Scope } from "../services/scope.ts";

/** The demo's indigo, the logo's colour. */
const ACCENT = "#4f46e5";

/**
 * An A6 portrait badge (105 × 148 mm, four to an A4 sheet in a bulk print): the event's logo, name and dates, the
 * guest's first and last names and company, and the QR code of their entry code that the desks scan.
 */
const BLOCKS: EbadgeBlock[] = [
  { id: "logo", type: "logo", x: 42.5, y: 5, width: 20, height: 20 },
  {
    id: "event",
    type: "eventName",
    x: 5,
    y: 27,
    width: 95,
    height: 9,
    align: "center",
    font: { size: 14, weight: "bold" },
  },
  { id: "date", type: "date", x: 5, y: 36, width: 95, height: 6, align: "center", font: { size: 8, color: "#555555" } },
  {
    id: "first-name",
    type: "guestField",
    field: "firstName",
    x: 5,
    y: 48,
    width: 95,
    height: 13,
    align: "center",
    font: { size: 26, weight: "bold" },
  },
  {
    id: "last-name",
    type: "guestField",
    field: "lastName",
    x: 5,
    y: 61,
    width: 95,
    height: 10,
    align: "center",
    font: { size: 18 },
  },
  {
    id: "company",
    type: "guestField",
    field: "company",
    x: 5,
    y: 72,
    width: 95,
    height: 8,
    align: "center",
    font: { size: 12, color: ACCENT },
  },
  { id: "entry-code", type: "qrCode", x: 27.5, y: 88, width: 50, height: 50 },
];

/** The demo event's badge, enabled and without conditions (every guest's), through the templates service. */
export async function seedDemoBadge(scope: Scope, key: EventKey): Promise<void> {
  await createTemplate(scope, key, { name: "Attendee badge", format: "a6", orientation: "portrait", blocks: BLOCKS });
}
