import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Uuid } from "./common.ts";

/*
 * The badge material of a check-in desk (issue 13, item 6): the event's enabled e-badge templates reduced to
 * what a desk printer prints (text lines and the entry code's QR), and one guest's badge (its template, the
 * values of its fields, its entry code) for a desk printing a guest it did not scan.
 */

/**
 * A block a desk prints: a fixed text (the template's text, and the event's name, date or place resolved by the
 * server), a guest field (fullName, firstName, lastName, civility, company, jobTitle, email or cf:<id>), or the
 * entry code's QR. Position and size in mm from the page's top-left corner, the font size in points. Logos and
 * backgrounds are left out (label and thermal printers print text and codes).
 */
export const DeskBadgeBlockSchema = Type.Object({
  type: Type.Union([Type.Literal("text"), Type.Literal("guestField"), Type.Literal("qrCode")]),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  text: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
  fontSize: Type.Number({ description: "points" }),
  bold: Type.Boolean(),
});
export type DeskBadgeBlock = Static<typeof DeskBadgeBlockSchema>;

export const DeskBadgeTemplateSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** The page in millimetres. */
  page: Type.Object({ width: Type.Number(), height: Type.Number() }),
  /** True for the event's default badge (a template without conditions). */
  isDefault: Type.Boolean(),
  blocks: Type.Array(DeskBadgeBlockSchema),
  updatedAt: Type.String(),
});
export type DeskBadgeTemplate = Static<typeof DeskBadgeTemplateSchema>;
export const DeskBadgeTemplateList = Type.Object({ data: Type.Array(DeskBadgeTemplateSchema) });

export const DeskGuestBadgeParams = Type.Object({ id: Uuid });

/** One guest's badge: the template the server picks for them, the text of its guest fields and the entry code. */
export const DeskGuestBadgeSchema = Type.Object({
  guestId: Uuid,
  /** null: no enabled template gives this guest a badge. */
  ebadgeId: Nullable(Uuid),
  /** The text of each guest field the template shows, by field. */
  fields: Type.Record(Type.String(), Type.String()),
  /** The guest's signed entry code in force (null: revoked and not re-issued). */
  entryCode: Nullable(Type.String()),
});
export type DeskGuestBadge = Static<typeof DeskGuestBadgeSchema>;
