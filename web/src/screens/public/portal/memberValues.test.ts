import { describe, expect, it } from "vitest";
import type { PublicFormJson } from "@tessera/shared/schemas/registration";
import { checkRegistration } from "../registration/registrationValues.ts";
import type { PortalWaitingEntry } from "@tessera/shared/schemas/portal";
import { answerText, answeredQuestions, registrationValuesOf, shownWaitingEntries } from "./memberValues.ts";

const WORKSHOPS = "00000000-0000-4000-8000-000000000001";
const SIZE = "00000000-0000-4000-8000-000000000002";
const ARRIVAL = "00000000-0000-4000-8000-000000000003";
const DIET = "00000000-0000-4000-8000-000000000004";
const PHOTO = "00000000-0000-4000-8000-000000000005";

const field = (id: string, type: PublicFormJson["fields"][number]["type"], extra = {}) => ({
  id,
  label: `label of ${type}`,
  helpText: null,
  type,
  isRequired: false,
  isReadOnly: false,
  options: [],
  rules: {},
  ...extra,
});

// Checkboxes with `cond` open a group, whose number question is asked only then.
const form = {
  id: "00000000-0000-4000-8000-0000000000ff",
  type: "registration",
  title: "Register",
  items: [
    { kind: "participation", id: "attend", title: "Will you attend?" },
    { kind: "question", id: "q-workshops", fieldId: WORKSHOPS },
    {
      kind: "group",
      id: "g-ai",
      condition: { fieldId: WORKSHOPS, answers: ["ai"] },
      items: [{ kind: "question", id: "q-size", fieldId: SIZE }],
    },
    { kind: "question", id: "q-arrival", fieldId: ARRIVAL },
    { kind: "question", id: "q-diet", fieldId: DIET },
    { kind: "question", id: "q-photo", fieldId: PHOTO },
  ],
  fields: [
    field(WORKSHOPS, "multiple_choice", {
      options: [
        { id: "ai", label: "AI for events", isFull: false },
        { id: "ux", label: "Guest experience", isFull: false },
      ],
    }),
    field(SIZE, "number"),
    field(ARRIVAL, "date"),
    field(DIET, "dropdown", { options: [{ id: "veg", label: "Vegetarian", isFull: false }] }),
    field(PHOTO, "file"),
  ],
  event: { name: "Summit", slug: "summit", startsAt: null, endsAt: null, timezone: "UTC", languages: ["en"] },
  isOpen: true,
  closesAt: null,
  confirmationMessage: null,
  publishAttendees: true,
  terms: { name: "terms.pdf", size: 1000 },
} as unknown as PublicFormJson;

const stored = {
  [WORKSHOPS]: ["ai", "ux"],
  [SIZE]: 1200,
  [ARRIVAL]: "2026-05-04",
  [DIET]: "veg",
  [PHOTO]: { name: "me.png", size: 100 },
};

describe("the member area's values", () => {
  it("turns a guest's stored answers back into the form's values, which check as sent before", () => {
    const values = registrationValuesOf(
      form,
      { firstName: "Ada", lastName: "Lovelace", status: "confirmed", listedConsent: true, answers: stored },
      "ada@example.org",
    );
    expect(values).toMatchObject({
      firstName: "Ada",
      mail: "ada@example.org",
      participation: "yes",
      listedConsent: true,
      acceptsTerms: false,
      answers: { [WORKSHOPS]: ["ai", "ux"], [SIZE]: "1200", [ARRIVAL]: "2026-05-04", [DIET]: "veg", [PHOTO]: "" },
    });
    expect(checkRegistration(form, values)).toMatchObject({ ok: false, problems: { acceptsTerms: {} } });
    const checked = checkRegistration(form, { ...values, acceptsTerms: true });
    expect(checked.ok && checked.body.items).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      // The file is not sent again: the server keeps it.
      answers: { [WORKSHOPS]: ["ai", "ux"], [SIZE]: 1200, [ARRIVAL]: "2026-05-04", [DIET]: "veg" },
      participation: true,
      listedConsent: true,
      acceptsTerms: true,
    });
    const declined = registrationValuesOf(
      form,
      { firstName: null, lastName: null, status: "refused", listedConsent: false, answers: {} },
      "x@example.org",
    );
    expect(declined).toMatchObject({ firstName: "", participation: "no", answers: { [WORKSHOPS]: [] } });
  });

  it("shows a stored file as the current one, kept when the answers are saved", () => {
    const photo = { fileId: "00000000-0000-4000-8000-0000000000cc", name: "me.png", size: 100 };
    const values = registrationValuesOf(
      form,
      { firstName: "Ada", lastName: "Lovelace", status: "confirmed", listedConsent: true, answers: { [PHOTO]: photo } },
      "ada@example.org",
    );
    expect(values.files).toEqual({ [PHOTO]: photo });
    expect(values.storedFiles).toEqual({ [PHOTO]: photo });
    const checked = checkRegistration(form, { ...values, participation: "yes", acceptsTerms: true });
    expect(checked.ok && checked.body.items.answers).toEqual({ [PHOTO]: { keep: photo.fileId } });
  });

  it("shows the answers waited for, and those a place opened up for while the guest still has them", () => {
    const entry = (id: string, optionId: string, extra: Partial<PortalWaitingEntry> = {}): PortalWaitingEntry => ({
      id,
      fieldId: DIET,
      question: "Diet",
      optionId,
      answer: optionId,
      status: "waiting",
      position: 2,
      joinedAt: "2026-01-01T00:00:00.000Z",
      promotedAt: null,
      ...extra,
    });
    const waiting = entry("00000000-0000-4000-8000-0000000000e1", "vegan");
    const promoted = entry("00000000-0000-4000-8000-0000000000e2", "veg", {
      status: "promoted",
      position: null,
      promotedAt: "2026-01-02T00:00:00.000Z",
    });
    const confirmed = { status: "confirmed" as const, answers: { [DIET]: "veg" } };
    expect(shownWaitingEntries([waiting, promoted], confirmed)).toEqual([waiting, promoted]);
    // The promoted answer changed since: no longer said to be theirs.
    expect(shownWaitingEntries([waiting, promoted], { ...confirmed, answers: { [DIET]: "fish" } })).toEqual([waiting]);
    expect(shownWaitingEntries([waiting, promoted], { ...confirmed, status: "cancelled" })).toEqual([]);
  });

  it("says each answer in words, in the page's language, for the questions the answers show", () => {
    expect(answeredQuestions(form, stored, "fr").map(({ text }) => text)).toEqual([
      "AI for events, Guest experience",
      new Intl.NumberFormat("fr").format(1200),
      "4 mai 2026",
      "Vegetarian",
      "me.png",
    ]);
    // Without the answer that opens the group, its question is not shown; blanks are left out.
    const other = { ...stored, [WORKSHOPS]: ["ux"], [DIET]: "" };
    expect(answeredQuestions(form, other, "en").map(({ field }) => field.id)).toEqual([WORKSHOPS, ARRIVAL, PHOTO]);
    expect(answerText(field(SIZE, "rating", { rules: { maxRating: 5 } }), 4, "en")).toBe("4 / 5");
    expect(answerText(field(SIZE, "short_text"), "  ", "en")).toBeNull();
  });
});
