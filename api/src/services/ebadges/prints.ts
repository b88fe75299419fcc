import type { Readable } from "node:stream";
import type { EbadgePrintCreate } from "@tessera/shared";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { ApiKey } from "../../models/ApiKey.ts";
import { Ebadge } from "../../models/Ebadge.ts";
import { EbadgePrint, type EbadgePrintSource } from "../../models/EbadgePrint.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { User } from "../../models/User.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { findGuest } from "../guests/write.ts";
import { signedInGuest } from "../portal/signedInGuest.ts";
import type { Scope } from "../scope.ts";
import { badgeOfGuest, pdfFileName, singleBadgePdf } from "./badges.ts";

/*
 * Reprint control: every print of a guest's badge (an organizer's, a bulk print's, the guest's own download from
 * the portal) is a row of ebadge_prints with who, when and why, numbered per guest: the first is 1, any later one
 * a reprint. An organizer reprints only with a reason. The guest's row is locked while the number is taken
 * (PostgreSQL; SQLite writes one transaction at a time), and (event, guest, number) is unique.
 */

export interface PrintView {
  print: EbadgePrint;
  /** Who printed it, by name (a user, an API key, the guest). */
  printedBy: { type: "user" | "apiKey" | "guest"; id: string; name: string } | null;
}

const nameOf = (guest: Pick<Guest, "firstName" | "lastName" | "email">) =>
  [guest.firstName, guest.lastName].filter(Boolean).join(" ") || guest.email || "";

/** The highest print number of each guest (0: never printed). */
export async function printCounts(
  db: Knex,
  eventId: string,
  guestIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!guestIds.length) return counts;
  const rows = (await db("ebadgePrints")
    .where({ eventId })
    .whereIn("guestId", guestIds)
    .groupBy("guestId")
    .select("guestId", db.raw("max(print_number) as n"))) as { guestId: string; n: number | string }[];
  for (const row of rows) counts.set(row.guestId, Number(row.n));
  return counts;
}

interface NewPrint {
  event: Event;
  guest: Guest;
  ebadge: Ebadge;
  source: EbadgePrintSource;
  reason: string | null;
  /** An organizer's reprint needs a reason; the guest's own download does not. */
  reasonForReprint: boolean;
}

async function recordPrint(trx: Knex, scope: Scope, input: NewPrint): Promise<EbadgePrint> {
  const { event, guest, ebadge, source, reason } = input;
  await lockForUpdate(trx, Guest.query(trx).findById(guest.id).select("id"));
  const printNumber = ((await printCounts(trx, event.id, [guest.id])).get(guest.id) ?? 0) + 1;
  if (printNumber > 1 && input.reasonForReprint && !reason?.trim())
    throw AppError.invalid([{ field: "reason", code: "ebadge_reprint_reason_required" }]);
  const actor = scope.actor;
  const print = await EbadgePrint.query(trx).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    guestId: guest.id,
    ebadgeId: ebadge.id,
    batchId: null,
    printNumber,
    source,
    reason: reason?.trim() || null,
    printedByUserId: actor?.kind === "user" ? actor.id : null,
    printedByApiKeyId: actor?.kind === "apiKey" ? actor.id : null,
    printedByGuest: source === "portal",
  });
  await recordAudit(trx, source === "portal" ? { ...scope, actor: undefined } : scope, {
    action: "ebadge.printed",
    accountId: event.accountId,
    eventId: event.id,
    subjectType: "guest",
    subjectId: guest.id,
    after: { ebadgeId: ebadge.id, printNumber, isReprint: printNumber > 1, reason: print.reason, source },
    metadata: { subject: nameOf(guest), names: { [ebadge.id]: ebadge.name } },
  });
  return print;
}

/** Who printed each print, by name, in at most two queries. */
export async function printViews(db: Knex, prints: readonly EbadgePrint[], guestName?: string): Promise<PrintView[]> {
  const userIds = [...new Set(prints.flatMap((print) => (print.printedByUserId ? [print.printedByUserId] : [])))];
  const keyIds = [...new Set(prints.flatMap((print) => (print.printedByApiKeyId ? [print.printedByApiKeyId] : [])))];
  const [users, keys, guests] = await Promise.all([
    userIds.length ? User.query(db).whereIn("id", userIds).select("id", "firstName", "lastName") : [],
    keyIds.length ? ApiKey.query(db).whereIn("id", keyIds).select("id", "name") : [],
    guestName === undefined && prints.some((print) => print.printedByGuest)
      ? Guest.query(db)
          .whereIn("id", [...new Set(prints.map((print) => print.guestId))])
          .select("id", "firstName", "lastName", "email")
      : [],
  ]);
  const userNames = new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  const keyNames = new Map(keys.map((key) => [key.id, key.name]));
  const guestNames = new Map(guests.map((guest) => [guest.id, nameOf(guest)]));
  return prints.map((print) => {
    let printedBy: PrintView["printedBy"] = null;
    if (print.printedByUserId)
      printedBy = { type: "user", id: print.printedByUserId, name: userNames.get(print.printedByUserId) ?? "" };
    else if (print.printedByApiKeyId)
      printedBy = { type: "apiKey", id: print.printedByApiKeyId, name: keyNames.get(print.printedByApiKeyId) ?? "" };
    else if (print.printedByGuest)
      printedBy = { type: "guest", id: print.guestId, name: guestName ?? guestNames.get(print.guestId) ?? "" };
    return { print, printedBy };
  });
}

/** An organizer prints one guest's badge (editors and up): recorded, then downloaded from its address. */
export async function printGuestBadge(scope: Scope, key: EventKey, body: EbadgePrintCreate): Promise<PrintView> {
  const print = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const guest = await findGuest(trx, event.id, body.guestId);
    const ebadge = await badgeOfGuest(trx, guest);
    if (!ebadge) throw new AppError("ebadge_none_for_guest", 409);
    return recordPrint(trx, scope, {
      event,
      guest,
      ebadge,
      source: "organizer",
      reason: body.reason ?? null,
      reasonForReprint: true,
    });
  });
  return (await printViews(scope.db, [print]))[0]!;
}

/** The PDF of a print: the guest's badge with the template printed (their badge now, if it was deleted since). */
export async function printPdf(
  scope: Scope,
  key: EventKey,
  printId: string,
): Promise<{ body: Readable; fileName: string }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const print = await EbadgePrint.query(scope.db).findOne({ id: printId, eventId: event.id });
  if (!print) throw AppError.notFound();
  const guest = await findGuest(scope.db, event.id, print.guestId);
  const ebadge =
    (print.ebadgeId ? await Ebadge.query(scope.db).findOne({ id: print.ebadgeId, eventId: event.id }) : undefined) ??
    (await badgeOfGuest(scope.db, guest));
  if (!ebadge) throw new AppError("ebadge_none_for_guest", 409);
  return { body: await singleBadgePdf(scope, event, guest, ebadge), fileName: pdfFileName(guest, "badge") };
}

/** Every print of a guest's badge, newest first, and how many there were. */
export async function guestPrints(
  scope: Scope,
  key: EventKey,
  guestId: string,
): Promise<{ prints: PrintView[]; printCount: number }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const guest = await findGuest(scope.db, event.id, guestId);
  const prints = await EbadgePrint.query(scope.db).where({ eventId: event.id, guestId }).orderBy("printNumber", "desc");
  return { prints: await printViews(scope.db, prints, nameOf(guest)), printCount: prints.length };
}

/** The signed-in guest's own badge from the portal, recorded as a print by the guest. */
export async function portalBadge(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<{ body: Readable; fileName: string }> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const ebadge = await badgeOfGuest(scope.db, guest);
  if (!ebadge) throw AppError.notFound();
  // Drawn before it is recorded: a badge that could not be drawn is no print.
  const body = await singleBadgePdf(scope, event, guest, ebadge);
  await scope.db.transaction((trx) =>
    recordPrint(trx, scope, { event, guest, ebadge, source: "portal", reason: null, reasonForReprint: false }),
  );
  return { body, fileName: pdfFileName(guest, "badge") };
}
