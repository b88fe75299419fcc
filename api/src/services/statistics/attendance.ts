import {
  CHOICE_TYPES,
  GUEST_STATUSES,
  STATISTICS_FORM_TYPES,
  normalizeFieldRules,
  walkFormItems,
  type AttendanceStatistics,
  type AttendanceStatisticsQuery,
  type Language,
} from "@tessera/shared";
import { countAnswers } from "../../db/answerCounts.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Form } from "../../models/Form.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { foldLater, readGuestCounts } from "../events/guestTallies.ts";
import { codedValueLabel } from "../guests/screenLabels.ts";
import type { Scope } from "../scope.ts";

/*
 * The event's Statistics screen, its custom-fields part: the guests by status, and for each question with
 * answers to count, how many guests gave each answer and how many gave none. The database counts (the
 * statuses from the event's tallies, the answers grouped in one statement, db/answerCounts.ts): an event of
 * 100k guests sends a few hundred rows, never its guests.
 */

/** The questions whose answers are counted: choices, and ratings (each value of the scale). */
const isCounted = (field: CustomField) => CHOICE_TYPES.includes(field.type) || field.type === "rating";

const kindOrder = (type: string) => (STATISTICS_FORM_TYPES as readonly string[]).indexOf(type);

export async function attendanceStatistics(
  scope: Scope,
  key: EventKey,
  query: AttendanceStatisticsQuery,
  language: Language = scope.language,
): Promise<AttendanceStatistics> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  // Registration forms first, then surveys, each kind in the order they were made.
  const forms = (
    await Form.query(scope.db)
      .where({ eventId: event.id })
      .whereIn("type", STATISTICS_FORM_TYPES)
      .orderBy("createdAt")
      .orderBy("id")
  ).sort((a, b) => kindOrder(a.type) - kindOrder(b.type));
  const form = query.form ? forms.find((candidate) => candidate.id === query.form) : null;
  if (form === undefined) throw AppError.notFound();

  const eventFields = (await CustomField.query(scope.db).where({ eventId: event.id }).orderBy("position")).filter(
    isCounted,
  );
  const fields = form ? questionsOf(form, eventFields) : eventFields;
  const isSurvey = form?.type === "survey";
  const population = (guests: Knex.QueryBuilder) => {
    guests.where("g.eventId", event.id);
    if (isSurvey) {
      guests.whereExists(
        scope
          .db("surveyResponses as r")
          .select(scope.db.raw("1"))
          .where("r.guestId", scope.db.ref("g.id"))
          .where("r.formId", form.id),
      );
    }
  };

  const [{ counts, crowded }, answerRows, respondents] = await Promise.all([
    readGuestCounts(scope.db, [event.id]),
    countAnswers(
      scope.db,
      fields.map((field) => field.id),
      population,
    ),
    isSurvey ? scope.db("guests as g").modify(population).count({ guests: "*" }).first() : null,
  ]);
  if (crowded.length) void foldLater(scope.deps.jobs, crowded).catch(() => undefined);
  const guests = counts.get(event.id)!;

  const answered = new Map<string, number>();
  const chosen = new Map<string, number>();
  for (const row of answerRows) {
    if (row.value === null) answered.set(row.fieldId, row.guests);
    else chosen.set(`${row.fieldId}\u0000${row.value}`, row.guests);
  }
  const countOf = (fieldId: string, value: string) => chosen.get(`${fieldId}\u0000${value}`) ?? 0;

  return {
    guests: guests.total,
    statuses: GUEST_STATUSES.map((status) => ({
      status,
      label: codedValueLabel(language, "status", status),
      count: guests.byStatus[status],
    })),
    forms: forms.map(({ id, type, title, state }) => ({ id, type: type as StatisticsFormType, title, state })),
    form: form ? { id: form.id, type: form.type as StatisticsFormType, title: form.title } : null,
    population: respondents ? Number((respondents as { guests: unknown }).guests) : guests.total,
    questions: fields.map((field) => ({
      fieldId: field.id,
      label: field.label,
      type: field.type,
      answered: answered.get(field.id) ?? 0,
      answers:
        field.type === "rating"
          ? scaleOf(field).map((value) => ({ value, label: value, count: countOf(field.id, value) }))
          : field.options.map((option) => ({
              value: option.id,
              label: option.label,
              count: countOf(field.id, option.id),
            })),
    })),
  };
}

type StatisticsFormType = (typeof STATISTICS_FORM_TYPES)[number];

/** A form's questions with answers to count, in the form's order, each once. */
function questionsOf(form: Form, eventFields: readonly CustomField[]): CustomField[] {
  const byId = new Map(eventFields.map((field) => [field.id, field]));
  const ids = new Set(
    [...walkFormItems(form.items)].flatMap(({ item }) => (item.kind === "question" ? [item.fieldId] : [])),
  );
  return [...ids].flatMap((id) => byId.get(id) ?? []);
}

/** A rating's values, 1 to its maximum, as text. */
function scaleOf(field: CustomField): string[] {
  const max = normalizeFieldRules("rating", field.rules).maxRating ?? 5;
  return Array.from({ length: max }, (_, index) => String(index + 1));
}
