import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Knex } from "../../../db/knex.ts";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import { snakeColumn as snake } from "./columnNames.ts";

/** Rows per chunk written to the COPY stream. */
const LINES_PER_WRITE = 500;

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text = String(value);
  // Most cells have nothing to escape: one test instead of a replacement per special character.
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (special) => COPY_ESCAPES[special]!) : text;
}

/** A row in COPY's text format, its columns in order, without an array per row. */
function copyLine(row: Record<string, unknown>, columns: readonly string[]): string {
  let line = copyText(row[columns[0]!]);
  for (let index = 1; index < columns.length; index++) line += "\t" + copyText(row[columns[index]!]);
  return line;
}

export type RowBuilder<S> = (source: S) => Record<string, unknown>;

/**
 * One COPY statement fed by a generator: rows are built and formatted only as PostgreSQL takes them
 * (the stream's back-pressure), so building them in Node overlaps PostgreSQL's index maintenance
 * instead of preceding it.
 */
async function copyRows<S>(
  connection: pg.PoolClient,
  table: string,
  sources: readonly S[],
  build: RowBuilder<S>,
  columns: readonly string[],
): Promise<void> {
  const sql = `copy ${table} (${quoted(columns.map(snake))}) from stdin`;
  // The stream reads ahead (16 chunks) through promises, which never give the event loop a turn: the
  // breaks do (a batch built in one go held it 100-200 ms).
  const breaks = new EventLoopBreaks();
  async function* lines(): AsyncGenerator<string> {
    let batch: string[] = [];
    for (let index = 0; index < sources.length; index++) {
      if (breaks.due) await breaks.take();
      const row = build(sources[index]!);
      batch.push(copyLine(row, columns));
      if (batch.length === LINES_PER_WRITE) {
        yield batch.join("\n") + "\n";
        batch = [];
      }
    }
    if (batch.length) yield batch.join("\n") + "\n";
  }
  await pipeline(Readable.from(lines()), connection.query(copyFrom(sql)));
}

const UPDATES_TABLE = "guest_import_updates";

/**
 * PostgreSQL only, inside the caller's transaction: a batch's new guests are COPied straight into
 * `guests`; its updated ones into a temporary table, which applyGuestUpdates then applies in one UPDATE.
 * Many times faster than multi-row INSERTs with bound parameters at 100k rows.
 */
export async function copyGuestBatch<S>(
  trx: Knex.Transaction,
  rows: { created: readonly S[]; changed: readonly S[]; build: RowBuilder<S> },
  updateColumns: readonly string[],
): Promise<void> {
  const { created, changed, build } = rows;
  // Inside a transaction knex hands back the transaction's own connection.
  const connection = (await trx.client.acquireConnection()) as pg.PoolClient;
  if (created.length) {
    const columns = Object.keys(build(created[0]!));
    await copyRows(connection, "guests", created, build, columns);
  }
  if (!changed.length) return;
  const columns = ["id", ...updateColumns];
  // The columns' types without their constraints (LIKE would copy the NOT NULLs of columns not sent).
  await trx.raw(
    `create temp table if not exists ${UPDATES_TABLE} on commit drop as ` +
      `select ${quoted(columns.map(snake))} from guests with no data`,
  );
  await copyRows(connection, UPDATES_TABLE, changed, build, columns);
}

/** The updated guests of every batch (copyGuestBatch) written over the guests they update, in one UPDATE. */
export async function applyGuestUpdates(trx: Knex.Transaction, updateColumns: readonly string[]): Promise<void> {
  const exists = await trx.raw(`select to_regclass('pg_temp.${UPDATES_TABLE}') is not null as "exists"`);
  if (!(exists.rows[0] as { exists: boolean }).exists) return;
  const sets = updateColumns
    .map(snake)
    .map((name) => `"${name}" = u."${name}"`)
    .join(", ");
  await trx.raw(`update guests as g set ${sets} from ${UPDATES_TABLE} as u where g.id = u.id`);
  await trx.raw(`drop table ${UPDATES_TABLE}`);
}
