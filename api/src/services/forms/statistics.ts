import { CHOICE_TYPES, walkFormItems, type FormStatistics } from "@tessera/shared";
import { CustomField } from "../../models/CustomField.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { Form } from "../../models/Form.ts";
import { AppError } from "../../errors.ts";
import { waitingCounts } from "./waitingList.ts";

/*
 * A form's answers in figures, for the Statistics screen: how many guests answered it (a survey's
 * respondents; a registration form's registered guests), and for each of its questions, each answer's
 * count, or the average and spread of numbers and ratings.
 */

const isAnswered = (value: unknown) =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

export async function formStatistics(scope: Scope, key: EventKey, formId: string): Promise<FormStatistics> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const form = await Form.query(scope.db).findOne({ id: formId, eventId: event.id });
  if (!form) throw AppError.notFound();
  const ids = [...walkFormItems(form.items)].flatMap(({ item }) => (item.kind === "question" ? [item.fieldId] : []));
  const fields = ids.length ? await CustomField.query(scope.db).where({ eventId: event.id }).whereIn("id", ids) : [];
  const respondents =
    form.type === "survey"
      ? scope
          .db("surveyResponses")
          .join("guests", "guests.id", "surveyResponses.guestId")
          .where("surveyResponses.formId", form.id)
      : scope.db("guests").where("guests.eventId", event.id).where("guests.createdSource", "registration");
  const rows = (await respondents.select("guests.answers")) as { answers: unknown }[];
  const answersOf = rows.map(
    (row) => (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) as Record<string, unknown>,
  );
  const byId = new Map(fields.map((field) => [field.id, field]));
  // Registration forms: how many guests wait for each full answer.
  const waiting =
    form.type === "registration"
      ? await waitingCounts(
          scope.db,
          event.id,
          fields.filter((field) => CHOICE_TYPES.includes(field.type)).map((field) => field.id),
        )
      : null;
  return {
    responses: rows.length,
    questions: ids.flatMap((id) => {
      const field = byId.get(id);
      if (!field) return [];
      const values = answersOf.map((answers) => answers[id]).filter(isAnswered);
      const question = { fieldId: id, label: field.label, type: field.type, answered: values.length };
      if (CHOICE_TYPES.includes(field.type)) {
        const chosen = values.flatMap((value) => (Array.isArray(value) ? value : [value]));
        return [
          {
            ...question,
            options: field.options.map((option) => ({
              id: option.id,
              label: option.label,
              count: chosen.filter((value) => value === option.id).length,
              ...(waiting ? { quota: option.quota || null, waiting: waiting.get(`${id}:${option.id}`) ?? 0 } : {}),
            })),
          },
        ];
      }
      if (field.type === "number" || field.type === "rating") {
        const numbers = values.map(Number).filter(Number.isFinite);
        const counts = new Map<number, number>();
        for (const number of numbers) counts.set(number, (counts.get(number) ?? 0) + 1);
        return [
          {
            ...question,
            average: numbers.length ? numbers.reduce((sum, number) => sum + number, 0) / numbers.length : null,
            values: [...counts].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count })),
          },
        ];
      }
      return [question];
    }),
  };
}
