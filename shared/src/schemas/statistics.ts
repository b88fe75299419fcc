import { Type, type Static } from "@sinclair/typebox";
import { LanguageSchema, Nullable, Uuid, literals } from "./common.ts";
import { FormStateSchema } from "./forms.ts";
import { CustomFieldTypeSchema, GuestStatusSchema } from "./guests.ts";

/*
 * The event's Statistics screen, its custom-fields part (spec §2 "Statistics … custom fields"; legacy
 * GET statistics/attendance): its guests by status, and how the guests answered each question with
 * answers to count (choices and ratings), over the event's guests or a survey's respondents.
 */

/** The forms whose questions the figures can be read by: registration forms and satisfaction surveys. */
export const STATISTICS_FORM_TYPES = ["registration", "survey"] as const;

const FormFilter = Type.Optional({
  ...Uuid,
  description:
    "Only this form's questions: a registration form's over the event's guests, a survey's over its respondents",
});

export const AttendanceStatisticsQuery = Type.Object({ form: FormFilter });
export type AttendanceStatisticsQuery = Static<typeof AttendanceStatisticsQuery>;

/** Legacy `GET /{event}/admin/statistics/attendance`: the statuses' names in `language` (default: the caller's). */
export const LegacyAttendanceQuery = Type.Object({
  language: Type.Optional(LanguageSchema),
  form: FormFilter,
});

const Count = Type.Integer({ minimum: 0 });

export const AttendanceStatisticsSchema = Type.Object({
  /** Every guest of the event. */
  guests: Count,
  /** The event's guests by status: every status, in the order of GUEST_STATUSES, with zeros. */
  statuses: Type.Array(
    Type.Object({
      status: GuestStatusSchema,
      /** What the screens call the status, in the request's language. */
      label: Type.String(),
      count: Count,
    }),
  ),
  /** The forms the figures can be read by (`form` in the query). */
  forms: Type.Array(
    Type.Object({ id: Uuid, type: literals(STATISTICS_FORM_TYPES), title: Type.String(), state: FormStateSchema }),
  ),
  /** The form asked for, or null: every question of the event. */
  form: Nullable(Type.Object({ id: Uuid, type: literals(STATISTICS_FORM_TYPES), title: Type.String() })),
  /** The guests the questions' figures are over: every guest of the event, or the survey's respondents. */
  population: Count,
  /** Each question with answers to count (choices and ratings), in the form's order or the fields' position. */
  questions: Type.Array(
    Type.Object({
      fieldId: Uuid,
      label: Type.String(),
      type: CustomFieldTypeSchema,
      /** Guests of the population with an answer; `population - answered` gave none. */
      answered: Count,
      /**
       * Guests who chose each answer: each option of a choice question, each value of a rating (1 to its
       * maximum). A multiple-choice guest counts once for each answer chosen.
       */
      answers: Type.Array(Type.Object({ value: Type.String(), label: Type.String(), count: Count })),
    }),
  ),
});
export type AttendanceStatistics = Static<typeof AttendanceStatisticsSchema>;
