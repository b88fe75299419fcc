import { personName, type ScanAnswer } from "@tessera/shared";
import { isPostgres } from "../../db/dialect.ts";
import type { Checkin } from "../../models/Checkin.ts";
import type { Scope } from "../scope.ts";
import { publishScan } from "./live.ts";
import { answerOf } from "./storedAnswer.ts";

/*
 * Earliest scan wins (issue 13 item 4): of a guest admitted offline at two desks, the admission scanned first
 * is the clean one, whichever desk uploads first. A scan is written as it comes (scanWrite.ts): an offline
 * admission finding the guest already in is stored forced and flagged. Then, under the entry row's lock, if
 * the guest's clean admission is another offline one scanned later, the two swap: the earlier becomes the
 * clean admission, the later the flagged forced one, with the refusal it would have had (already in, since
 * the earlier) as its conflict. The entry keeps every admission (its count of entries does not change), its
 * first entry at the earliest, its last at the latest: the same rows whatever the order of the uploads.
 *
 * Only offline admissions are reordered: an online admission is the server's own answer, given with all it
 * knew when the guest stood at the door, and the refusals of later scans name it as the entry that came
 * first; an offline admission scanned before it but uploaded after stays flagged. Nor once the guest went out
 * (an exit makes the entries a sequence, not a conflict).
 */

interface AdmissionRow {
  id: string;
  scanId: string;
  desk: string | null;
  offline: boolean | number;
  forced: boolean | number;
  flagged: boolean | number;
  scannedAt: string | Date;
  answer: string | ScanAnswer;
  firstName: string | null;
  lastName: string | null;
}

interface EntryRow {
  exits: number;
  firstInAt: string | Date | null;
}

const time = (value: string | Date) => new Date(value).getTime();
/** Scanned first: by time, then (two desks' clocks agreeing to the millisecond) by scan id, so any order settles alike. */
const isBefore = (a: AdmissionRow, b: AdmissionRow) =>
  time(a.scannedAt) < time(b.scannedAt) || (time(a.scannedAt) === time(b.scannedAt) && a.scanId < b.scanId);
const iso = (value: string | Date) => new Date(value).toISOString();

/** An offline admission stored forced and flagged because the guest was already in: it may have come first. */
export function isLateAdmission(answer: ScanAnswer): boolean {
  return (
    answer.direction === "in" &&
    answer.guest !== null &&
    answer.forced &&
    answer.flagged &&
    answer.conflict === "already_checked_in"
  );
}

/**
 * Makes the flagged offline admission `answer` the clean one when the guest's clean admission is another
 * offline one scanned later: answers its new stored answer, or null when it stays as it is.
 */
export async function earliestAdmissionWins(
  scope: Scope,
  checkin: Pick<Checkin, "id" | "eventId">,
  answer: ScanAnswer,
): Promise<ScanAnswer | null> {
  const guestId = answer.guest!.id;
  return scope.db.transaction(async (trx) => {
    // The entry row's lock (PostgreSQL; SQLite writes one transaction at a time): a scan of the guest waits.
    const entryQuery = trx("checkinEntries").where({ checkinId: checkin.id, guestId }).first("exits", "firstInAt");
    if (isPostgres(trx)) entryQuery.forUpdate();
    const entry = (await entryQuery) as EntryRow | undefined;
    if (!entry || Number(entry.exits) > 0) return null;
    const admissions = (await trx("checkinScans as s")
      .leftJoin("users as u", "u.id", "s.userId")
      .where({ "s.checkinId": checkin.id, "s.guestId": guestId, "s.direction": "in", "s.result": "ok" })
      .select(
        "s.id",
        "s.scanId",
        "s.desk",
        "s.offline",
        "s.forced",
        "s.flagged",
        "s.scannedAt",
        "s.answer",
        "u.firstName",
        "u.lastName",
      )) as AdmissionRow[];
    const late = admissions.find((row) => row.scanId === answer.scanId);
    const clean = admissions.filter((row) => !row.forced && !row.flagged);
    const holder = clean.length === 1 ? clean[0]! : null;
    if (!late || !late.flagged || !holder || !holder.offline) return null;
    const stored = answerOf(late.answer);
    if (!isLateAdmission(stored) || !isBefore(late, holder)) return null;

    const { conflict: _conflict, previous: _previous, ...lateAnswer } = stored;
    const admitted: ScanAnswer = { ...lateAnswer, forced: false, flagged: false, repeated: false };
    const by = personName(late.firstName, late.lastName);
    const overtaken: ScanAnswer = {
      ...answerOf(holder.answer),
      forced: true,
      flagged: true,
      repeated: false,
      conflict: "already_checked_in",
      previous: { at: iso(late.scannedAt), desk: late.desk, by },
    };
    await trx("checkinScans")
      .where({ id: late.id })
      .update({ forced: false, flagged: false, answer: JSON.stringify(admitted) });
    await trx("checkinScans")
      .where({ id: holder.id })
      .update({ forced: true, flagged: true, answer: JSON.stringify(overtaken) });
    // No exit: every admission is an entry of this stay, the latest its last.
    const latest = admissions.reduce((a, b) => (isBefore(a, b) ? b : a));
    await trx("checkinEntries")
      .where({ checkinId: checkin.id, guestId })
      .update({
        firstInAt:
          entry.firstInAt && time(entry.firstInAt) <= time(late.scannedAt) ? iso(entry.firstInAt) : iso(late.scannedAt),
        lastInScanId: latest.id,
        lastInAt: iso(latest.scannedAt),
        updatedAt: scope.clock.now().toISOString(),
      });
    const guest = (await trx("guests").where({ id: guestId }).first("firstName", "lastName")) as
      { firstName: string | null; lastName: string | null } | undefined;
    await publishScan(trx, scope, checkin, late.id, guest ?? null, admitted);
    await publishScan(trx, scope, checkin, holder.id, guest ?? null, overtaken);
    return admitted;
  });
}
