import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { AnswerValue } from "@tessera/shared";
import type { AppDeps } from "../../scope.ts";
import { isPostgres } from "../../../db/dialect.ts";
import { recordAudit } from "../../audit/record.ts";
import type { Knex } from "../../../db/knex.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { derivedGuestColumns } from "../prepare.ts";
import { copyGuests } from "./copy.ts";
import { insertGuestsSqlite } from "./sqlite.ts";
import type { ValidRow } from "./rows.ts";
import { loadImportFile, saveErrorReport } from "./store.ts";
import { listCustomFields } from "../customFields.ts";
import { checkRows } from "./validate.ts";

/** Progress of imports running in this process, for SQLite where the transaction holds the only connection. */
const liveProgress = new Map<string, number>();
export function liveImportProgress(importId: string): number | undefined {
  return liveProgress.get(importId);
}

const GUEST_COLUMNS = [
  "id", "accountId", "eventId", "firstName", "lastName", "email", "emailNormalized", "civility", "company",
  "jobTitle", "status", "mailStatus", "companionsExpected", "prescriber", "language", "answers", "searchText",
  "createdSource", "importId", "createdAt", "updatedAt",
] as const; // prettier-ignore
/** What an import may change on an existing guest (a matching email updates; it never creates a second guest). */
const UPDATED_COLUMNS = [
  "firstName", "lastName", "email", "emailNormalized", "civility", "company", "jobTitle", "status",
  "companionsExpected", "prescriber", "language", "answers", "searchText", "updatedAt",
] as const; // prettier-ignore

/** The derived columns, recomputed on every write (their names, whatever prepare.ts derives). */
const DERIVED_COLUMNS = Object.keys(derivedGuestColumns({}));

type GuestRow = Record<(typeof GUEST_COLUMNS)[number], unknown>;
type StoredGuest = Omit<GuestRow, "answers"> & { answers: Record<string, AnswerValue | null> | string };
/** A row of the file and the existing guest it updates, if any. */
type GuestSource = { base: StoredGuest | null; row: ValidRow };

/** Rows of the same email in one file are one guest: later cells win, answers merge. */
function mergeByEmail(rows: readonly ValidRow[]): { withEmail: Map<string, ValidRow>; withoutEmail: ValidRow[] } {
  const withEmail = new Map<string, ValidRow>();
  const withoutEmail: ValidRow[] = [];
  for (const row of rows) {
    if (!row.emailNormalized) {
      withoutEmail.push(row);
      continue;
    }
    const earlier = withEmail.get(row.emailNormalized);
    withEmail.set(
      row.emailNormalized,
      earlier
        ? { ...row, values: { ...earlier.values, ...row.values }, answers: { ...earlier.answers, ...row.answers } }
        : row,
    );
  }
  return { withEmail, withoutEmail };
}

async function existingGuestsByEmail(
  trx: Knex.Transaction,
  eventId: string,
  emails: readonly string[],
): Promise<Map<string, StoredGuest>> {
  const found = new Map<string, StoredGuest>();
  if (!emails.length) return found;
  const wanted = new Set(emails);
  // One pass over the event's guests that have an email (cheaper than thousands of IN lists); the
  // oldest guest of an email is the one updated.
  const rows = (await trx("guests")
    .select(GUEST_COLUMNS)
    .where({ eventId })
    .whereNotNull("emailNormalized")
    .orderBy("createdAt")) as StoredGuest[];
  for (const row of rows) {
    const email = row.emailNormalized as string;
    if (wanted.has(email) && !found.has(email)) found.set(email, row);
  }
  return found;
}

function guestRow(
  base: StoredGuest | null,
  row: ValidRow,
  context: { accountId: string; eventId: string; importId: string; now: string },
): GuestRow {
  const values = row.values;
  const pick = <K extends keyof typeof values>(key: K, fallback: unknown) =>
    values[key] !== undefined ? values[key] : base ? base[key] : fallback;
  const identity = {
    firstName: pick("firstName", null) as string | null,
    lastName: pick("lastName", null) as string | null,
    email: pick("email", null) as string | null,
    company: pick("company", null) as string | null,
  };
  let answers = row.answers as Record<string, unknown>;
  if (base) {
    const previous = typeof base.answers === "string" ? JSON.parse(base.answers) : base.answers;
    answers = { ...previous, ...row.answers };
  }
  const createdAt = base ? base.createdAt : context.now;
  return {
    id: base ? base.id : randomUUID(),
    accountId: base ? base.accountId : context.accountId,
    eventId: base ? base.eventId : context.eventId,
    ...identity,
    civility: pick("civility", null),
    jobTitle: pick("jobTitle", null),
    status: pick("status", "unanswered"),
    mailStatus: base ? base.mailStatus : "none",
    companionsExpected: pick("companionsExpected", 0),
    prescriber: pick("prescriber", null),
    language: pick("language", null),
    createdSource: base ? base.createdSource : "import",
    importId: base ? base.importId : context.importId,
    createdAt: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
    updatedAt: context.now,
    // emailNormalized, searchText and whatever else is derived from the identity (nameKey …).
    ...derivedGuestColumns(identity),
    answers: JSON.stringify(answers),
  } as GuestRow;
}

export interface ProcessDeps {
  db: AppDeps["db"];
  storage: AppDeps["storage"];
  logger: Logger;
}

/**
 * Step 3, the job: ALL OR NOTHING. Every guest of the import is written in ONE transaction (COPY on
 * PostgreSQL, one prepared upsert per row on SQLite), together with the import's final counts; a process killed midway leaves no
 * guest of it (the transaction never commits) and the import "processing" with a stale heartbeat, so
 * the job's retry (or the organizer's "process" again) runs it from scratch. Rows that fail the rules
 * are skipped and reported; the others land.
 */
export async function processGuestImport(
  deps: ProcessDeps,
  importId: string,
  options: { onProgress?(processed: number): void } = {},
): Promise<void> {
  const { db } = deps;
  const guestImport = await GuestImport.query(db).findById(importId);
  if (!guestImport || guestImport.status !== "processing") return;
  const fields = await listCustomFields(db, guestImport.eventId);
  const file = await loadImportFile(deps, guestImport);
  const checked = checkRows(file, guestImport.mapping ?? {}, fields);
  if (checked.mappingIssues.length) {
    // A mapped custom field was deleted since the mapping step.
    await guestImport.$query(db).patch({ status: "failed", finishedAt: new Date() });
    return;
  }
  const errorReportKey = await saveErrorReport(deps, guestImport, checked.errors);
  const { withEmail, withoutEmail } = mergeByEmail(checked.valid);
  const total = file.rows.length;
  const postgres = isPostgres(db);

  const reportProgress = async (processed: number) => {
    liveProgress.set(importId, processed);
    options.onProgress?.(processed);
    // On PostgreSQL other processes read it from the row (outside the import's transaction).
    if (postgres)
      await db("guestImports")
        .where({ id: importId })
        .update({ processedRows: processed, heartbeatAt: new Date().toISOString() });
  };

  try {
    await db.transaction(async (trx) => {
      // One run at a time per import. Not a row lock: progress is written to that row from outside.
      if (postgres) await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [importId]);
      const current = await GuestImport.query(trx).findById(importId);
      if (!current || current.status !== "processing") return; // another run finished it meanwhile
      const now = new Date().toISOString();
      const context = { accountId: guestImport.accountId, eventId: guestImport.eventId, importId, now };
      const existing = await existingGuestsByEmail(trx, guestImport.eventId, [...withEmail.keys()]);
      // What each guest row is built from; rows themselves are built as they are written.
      const created: GuestSource[] = [];
      const changed: GuestSource[] = [];
      for (const [email, row] of withEmail) {
        const base = existing.get(email) ?? null;
        (base ? changed : created).push({ base, row });
      }
      for (const row of withoutEmail) created.push({ base: null, row });
      const build = (source: GuestSource) => guestRow(source.base, source.row, context);
      const updated = changed.length;
      const written = created.length + updated;
      const skipped = checked.valid.length - written; // repeated emails folded into one guest
      const merged = [...new Set<string>([...UPDATED_COLUMNS, ...DERIVED_COLUMNS])];
      const done = checked.failedRows + skipped;
      if (postgres) {
        await copyGuests(trx, { created, changed, build }, merged, (count) => reportProgress(done + Math.floor(count)));
      } else {
        await insertGuestsSqlite(trx, [...created, ...changed], build, merged, (count) => reportProgress(done + count));
      }
      await GuestImport.query(trx)
        .findById(importId)
        .patch({
          status: "done",
          processedRows: total,
          totalRows: total,
          createdRows: written - updated,
          updatedRows: updated,
          failedRows: checked.failedRows,
          errorReportKey,
          finishedAt: new Date(),
          heartbeatAt: new Date(),
        });
      await recordAudit(trx, null, {
        action: "guests.imported",
        subjectType: "guestImport",
        subjectId: importId,
        accountId: guestImport.accountId,
        eventId: guestImport.eventId,
        after: { created: written - updated, updated, failed: checked.failedRows },
      });
    });
  } finally {
    liveProgress.delete(importId);
  }
}
