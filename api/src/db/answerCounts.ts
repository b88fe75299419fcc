import { isPostgres } from "./dialect.ts";
import type { Knex } from "./knex.ts";

/** One row of `countAnswers`: guests who gave `value` to a field, or (`value` null) who answered it at all. */
export interface AnswerCount {
  fieldId: string;
  /** The answer as text (an option id, a rating), or null on the field's "answered" row. */
  value: string | null;
  guests: number;
}

/**
 * How many guests gave each answer to each of `fieldIds` (a multiple choice's guest once per answer chosen)
 * and how many answered each field at all (a value that is not null, "" or []), in one statement the
 * database groups: no guest's answers leave it. `population` narrows the rows of `guests as g` (their event,
 * a survey's respondents).
 *
 * PostgreSQL reads each field's answer as an array (a single answer made one) with
 * jsonb_array_elements_text; SQLite's json_each walks an array's elements or yields a lone value as it is.
 */
export async function countAnswers(
  db: Knex,
  fieldIds: readonly string[],
  population: (guests: Knex.QueryBuilder) => void,
): Promise<AnswerCount[]> {
  if (!fieldIds.length) return [];
  const pg = isPostgres(db);
  const fieldId = pg ? "f.id" : "f.value";
  const withFields = (query: Knex.QueryBuilder) =>
    pg
      ? query.joinRaw("cross join unnest(?::text[]) as f(id)", [[...fieldIds]])
      : query.joinRaw("join json_each(?) as f", [JSON.stringify(fieldIds)]);
  const answers = db("guests as g").modify(withFields).modify(population);
  if (pg) {
    const answer = "g.answers -> f.id";
    answers
      .joinRaw(
        `cross join lateral jsonb_array_elements_text(case jsonb_typeof(${answer}) when 'array' then ${answer} ` +
          `else jsonb_build_array(${answer}) end) as x(value)`,
      )
      .whereRaw("jsonb_exists(g.answers, f.id) and x.value <> ''")
      .select(db.raw("f.id as field_id, x.value as value, count(*) as guests"));
  } else {
    answers
      .joinRaw(`join json_each(g.answers, '$."' || f.value || '"') as x`)
      .whereRaw("x.type in ('text', 'integer', 'real', 'true', 'false') and x.value <> ''")
      .select(db.raw("f.value as field_id, cast(x.value as text) as value, count(*) as guests"));
  }
  answers.groupByRaw(`${fieldId}, x.value`);
  const answered = db("guests as g")
    .modify(withFields)
    .modify(population)
    .whereRaw(
      pg
        ? "coalesce(g.answers ->> f.id, '') not in ('', '[]')"
        : `coalesce(json_extract(g.answers, '$."' || f.value || '"'), '') not in ('', '[]')`,
    )
    .groupByRaw(fieldId)
    .select(db.raw(`${fieldId} as field_id, null as value, count(*) as guests`));
  // Each grouped statement in its own subquery: a union's arms cannot carry GROUP BY on SQLite otherwise.
  const rows = (await db
    .select("*")
    .from(answers.as("chosen"))
    .unionAll(db.select("*").from(answered.as("answered")))) as {
    fieldId: string;
    value: string | null;
    guests: unknown;
  }[];
  return rows.map((row) => ({ fieldId: row.fieldId, value: row.value, guests: Number(row.guests) }));
}
