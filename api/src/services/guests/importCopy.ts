import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Knex } from "../../db/knex.ts";

/** Rows per COPY statement: the progress bar moves between them. */
const COPY_CHUNK = 10_000;

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  return String(value).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

async function copyRows(
  connection: pg.PoolClient,
  table: string,
  rows: ReadonlyArray<Record<string, unknown>>,
  columns: readonly string[],
  onChunk: (copied: number) => Promise<void>,
): Promise<void> {
  const sql = `copy ${table} (${quoted(columns.map(snake))}) from stdin`;
  for (let start = 0; start < rows.length; start += COPY_CHUNK) {
    const chunk = rows.slice(start, start + COPY_CHUNK);
    const text = chunk.map((row) => columns.map((column) => copyText(row[column])).join("\t")).join("\n") + "\n";
    await pipeline(Readable.from([text]), connection.query(copyFrom(sql)));
    await onChunk(start + chunk.length);
  }
}

/**
 * PostgreSQL only, inside the caller's transaction: new guests are COPied straight into `guests`;
 * updated ones are COPied into a temporary table, then one UPDATE … FROM sets `updateColumns`.
 * Many times faster than multi-row INSERTs with bound parameters at 100k rows.
 */
export async function copyGuests(
  trx: Knex.Transaction,
  created: ReadonlyArray<Record<string, unknown>>,
  updated: ReadonlyArray<Record<string, unknown>>,
  updateColumns: readonly string[],
  onProgress: (written: number) => Promise<void>,
): Promise<void> {
  // Inside a transaction knex hands back the transaction's own connection.
  const connection = (await trx.client.acquireConnection()) as pg.PoolClient;
  if (created.length) await copyRows(connection, "guests", created, Object.keys(created[0]!), onProgress);
  if (!updated.length) return;
  const columns = ["id", ...updateColumns];
  // The columns' types without their constraints (LIKE would copy the NOT NULLs of columns not sent).
  await trx.raw(
    `create temp table guest_import_updates on commit drop as select ${quoted(columns.map(snake))} from guests with no data`,
  );
  await copyRows(connection, "guest_import_updates", updated, columns, (copied) =>
    onProgress(created.length + copied / 2),
  );
  const sets = updateColumns
    .map(snake)
    .map((name) => `"${name}" = u."${name}"`)
    .join(", ");
  await trx.raw(`update guests as g set ${sets} from guest_import_updates as u where g.id = u.id`);
  await onProgress(created.length + updated.length);
}
