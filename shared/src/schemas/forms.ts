import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  CONFIRMATION_MESSAGE_MAX,
  FORM_ITEM_ID_PATTERN,
  FORM_ITEMS_MAX,
  FORM_STATES,
  FORM_TEXT_MAX,
  FORM_TITLE_MAX,
  FORM_TYPES,
  RECOMMENDATIONS_MAX,
} from "../rules/forms.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";

const item = <K extends string, P extends Record<string, TSchema>>(kind: K, properties: P) =>
  Type.Object({ kind: Type.Literal(kind), id: ItemId, ...properties }, { additionalProperties: false });

export const FormTypeSchema = literals(FORM_TYPES);
export const FormStateSchema = literals(FORM_STATES);
const ItemId = Type.String({ pattern: FORM_ITEM_ID_PATTERN, description: "chosen by the builder, stable" });
const Title = Type.String({ maxLength: FORM_TITLE_MAX });

const LEAF_ITEMS = [
  item("question", { fieldId: { ...Uuid, description: "a custom field of the event" } }),
  item("text", { title: Title, description: Type.String({ maxLength: FORM_TEXT_MAX }) }),
  item("recommendations", { title: Title, max: Type.Integer({ minimum: 1, maximum: RECOMMENDATIONS_MAX }) }),
  item("participation", { title: Title }),
  item("companions", { title: Title, companionFormId: Nullable(Uuid) }),
];

export const FormGroupConditionSchema = Type.Object(
  {
    fieldId: Nullable(Uuid),
    answers: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 100, description: "option ids" }),
  },
  { additionalProperties: false },
);

/** A group inside a group is read, then refused by the builder's rules with its own message. */
const NestedGroup = item("group", {
  condition: FormGroupConditionSchema,
  items: Type.Array(Type.Unknown(), { maxItems: FORM_ITEMS_MAX }),
});

export const FormItemSchema = Type.Union([
  ...LEAF_ITEMS,
  item("group", {
    condition: FormGroupConditionSchema,
    items: Type.Array(Type.Union([...LEAF_ITEMS, NestedGroup]), { maxItems: FORM_ITEMS_MAX }),
  }),
]);

const Items = Type.Array(FormItemSchema, { maxItems: FORM_ITEMS_MAX });

export const FormSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  type: FormTypeSchema,
  state: FormStateSchema,
  title: Type.String(),
  items: Type.Array(FormItemSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: Type.Object({ update: Type.Boolean(), delete: Type.Boolean() }),
  /** The terms guests accept (a PDF; download it from GET forms/{id}/terms). */
  terms: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
  /** GET forms/{id} only: what the linter finds (shared/src/rules/formLinter.ts), answers' quotas counted. */
  warnings: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        code: literals(["unreachable_question", "required_unanswerable", "condition_after_group"] as const),
      }),
    ),
  ),
});
export type FormJson = Static<typeof FormSchema>;

export const FormList = Type.Object({ data: Type.Array(FormSchema) });

export const FormCreate = Type.Object(
  {
    type: FormTypeSchema,
    title: Title,
    items: Items,
  },
  { additionalProperties: false },
);
export type FormCreate = Static<typeof FormCreate>;

export const FormUpdate = Type.Object(
  {
    title: Type.Optional(Title),
    items: Type.Optional(Items),
    state: Type.Optional(FormStateSchema),
  },
  { additionalProperties: false },
);
export type FormUpdate = Static<typeof FormUpdate>;

const OptionalInstant = Type.Optional(Nullable(Timestamp));

export const FormOptionsSchema = Type.Object({
  requiresApproval: Type.Boolean(),
  opensAt: Nullable(Timestamp),
  closesAt: Nullable(Timestamp),
  confirmationMessage: Type.Object(
    Object.fromEntries(LANGUAGES.map((language) => [language, Type.Optional(Type.String())])),
  ),
  publishAttendees: Type.Boolean(),
  waitingList: Type.Boolean(),
});

/** spec §7 POST forms/{id}/options: the options to change (`params`), a text's language (default: the caller's). */
export const FormOptionsUpdate = Type.Object(
  {
    params: Type.Object(
      {
        requiresApproval: Type.Optional(Type.Boolean()),
        opensAt: OptionalInstant,
        closesAt: OptionalInstant,
        confirmationMessage: Type.Optional(Type.String({ maxLength: CONFIRMATION_MESSAGE_MAX })),
        publishAttendees: Type.Optional(Type.Boolean()),
        /** A full answer's waiting list is offered (registration forms). */
        waitingList: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    language: Type.Optional(literals(LANGUAGES)),
  },
  { additionalProperties: false },
);
export type FormOptionsUpdate = Static<typeof FormOptionsUpdate>;

/** A form's answers in figures (the Statistics screen's custom-fields part). */
export const FormStatisticsSchema = Type.Object({
  /** Guests who answered: a survey's respondents, a registration form's registered guests. */
  responses: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      fieldId: Uuid,
      label: Type.String(),
      type: Type.String(),
      answered: Type.Integer(),
      options: Type.Optional(
        Type.Array(
          Type.Object({
            id: Type.String(),
            label: Type.String(),
            count: Type.Integer(),
            /** The answer's quota, null without one (registration forms, with `waiting`). */
            quota: Type.Optional(Nullable(Type.Integer())),
            /** Guests on this answer's waiting list (registration forms). */
            waiting: Type.Optional(Type.Integer()),
          }),
        ),
      ),
      average: Type.Optional(Nullable(Type.Number())),
      values: Type.Optional(Type.Array(Type.Object({ value: Type.Number(), count: Type.Integer() }))),
    }),
  ),
});
export type FormStatistics = Static<typeof FormStatisticsSchema>;

/** spec §7 POST forms/{id}/terms: the PDF as the multipart part `file`. */
export const FormTermsUpload = Type.Object({
  file: Type.String({ format: "binary", description: "a PDF, judged from its content" }),
});
