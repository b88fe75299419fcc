/** Form vocabulary (spec §3 Form, §4 form states, §5 Forms). The builder's rules live in formBuilder.ts. */
export const FORM_TYPES = ["registration", "survey", "companion"] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** spec §4: a form is a draft or online. */
export const FORM_STATES = ["draft", "online"] as const;
export type FormState = (typeof FORM_STATES)[number];

export const FORM_ITEM_KINDS = ["question", "text", "recommendations", "participation", "companions", "group"] as const;
export type FormItemKind = (typeof FORM_ITEM_KINDS)[number];

export const FORM_TITLE_MAX = 200;
export const FORM_TEXT_MAX = 10_000;
/** Items of a form, those inside its groups included. */
export const FORM_ITEMS_MAX = 300;
export const FORM_ITEM_ID_PATTERN = "^[A-Za-z0-9_-]{1,40}$";
export const RECOMMENDATIONS_MAX = 20;

/** A question shown to a guest: a custom field of the event. */
export interface FormQuestionItem {
  kind: "question";
  id: string;
  fieldId: string;
}

/** A heading with a paragraph. */
export interface FormTextItem {
  kind: "text";
  id: string;
  title: string;
  description: string;
}

/** Where a guest recommends people to invite (up to `max`). */
export interface FormRecommendationsItem {
  kind: "recommendations";
  id: string;
  title: string;
  max: number;
}

/** Will you attend? The answer sets the guest's status. */
export interface FormParticipationItem {
  kind: "participation";
  id: string;
  title: string;
}

/** How many companions, each registered through the companion form. */
export interface FormCompanionsItem {
  kind: "companions";
  id: string;
  title: string;
  companionFormId: string | null;
}

/** Shown when the guest's answer to a choice question is one of `answers` (option ids). */
export interface FormGroupCondition {
  fieldId: string | null;
  answers: string[];
}

export interface FormGroupItem {
  kind: "group";
  id: string;
  condition: FormGroupCondition;
  items: FormItem[];
}

export type FormLeafItem =
  FormQuestionItem | FormTextItem | FormRecommendationsItem | FormParticipationItem | FormCompanionsItem;
export type FormItem = FormLeafItem | FormGroupItem;

/** Every item of a form, groups' items after their group, in reading order, with where each sits. */
export function* walkFormItems(
  items: readonly FormItem[],
  path = "items",
): Generator<{ item: FormItem; path: string; group: FormGroupItem | null }> {
  for (const [index, item] of items.entries()) {
    yield { item, path: `${path}.${index}`, group: null };
    if (item.kind !== "group") continue;
    for (const [inner, child] of item.items.entries()) {
      yield { item: child, path: `${path}.${index}.items.${inner}`, group: item };
    }
  }
}

export const CONFIRMATION_MESSAGE_MAX = 2_000;

/** A form's options (spec §3). */
export interface FormOptions {
  /** Registrations wait for the organizer's approval: pending approval, then confirmed or rejected. */
  requiresApproval: boolean;
  /** A survey is answered from this instant (spec §4); null: as soon as it is online. */
  opensAt: string | null;
  /** No answer is taken after this instant, besides the event's registration closing date. */
  closesAt: string | null;
  /** Shown to the guest once the form is sent, by language. */
  confirmationMessage: Partial<Record<"en" | "fr" | "es", string>>;
  /** Signed-in guests see the attendees who agreed to be listed (the form asks them). */
  publishAttendees: boolean;
  /** A guest whose chosen answer is full may join its waiting list (registration forms, quota'd answers). */
  waitingList: boolean;
}

/** Stored options with what they leave out set to the defaults. */
export function formOptionsOf(stored: Partial<FormOptions> | null | undefined): FormOptions {
  return {
    requiresApproval: stored?.requiresApproval ?? false,
    opensAt: stored?.opensAt ?? null,
    closesAt: stored?.closesAt ?? null,
    confirmationMessage: { ...stored?.confirmationMessage },
    publishAttendees: stored?.publishAttendees ?? false,
    waitingList: stored?.waitingList ?? true,
  };
}

/**
 * A guest's place on the waiting list of a full answer: waiting, promoted (a place freed up and the answer
 * became theirs), withdrawn (they answered the question otherwise, or cancelled their registration).
 */
export const WAITING_LIST_STATUSES = ["waiting", "promoted", "withdrawn"] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];
