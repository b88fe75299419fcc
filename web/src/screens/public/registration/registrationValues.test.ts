import { describe, expect, it } from "vitest";
import type { PublicFormJson } from "@tessera/shared/schemas/registration";
import {
  checkIdentity,
  checkRegistration,
  eventDatesText,
  fileSizeText,
  formPathOf,
  initialValues,
  shownQuestions,
  type RegistrationValues,
} from "./registrationValues.ts";

const WORKSHOPS = "00000000-0000-4000-8000-000000000001";
const SIZE = "00000000-0000-4000-8000-000000000002";
const ARRIVAL = "00000000-0000-4000-8000-000000000003";
const BADGE_PHOTO = "00000000-0000-4000-8000-000000000004";
const SEAT = "00000000-0000-4000-8000-000000000005";

const field = (id: string, type: PublicFormJson["fields"][number]["type"], extra = {}) => ({
  id,
  label: id,
  helpText: null,
  type,
  isRequired: false,
  isReadOnly: false,
  options: [],
  rules: {},
  ...extra,
});

const form: PublicFormJson = {
  id: "00000000-0000-4000-8000-0000000000ff",
  type: "registration",
  title: "Register",
  items: [
    { kind: "participation", id: "attend", title: "Will you attend?" },
    { kind: "question", id: "q-workshops", fieldId: WORKSHOPS },
    {
      kind: "group",
      id: "g-ai",
      condition: { fieldId: WORKSHOPS, answers: ["ws-ai"] },
      items: [{ kind: "question", id: "q-size", fieldId: SIZE }],
    },
    { kind: "question", id: "q-arrival", fieldId: ARRIVAL },
    { kind: "question", id: "q-photo", fieldId: BADGE_PHOTO },
    { kind: "question", id: "q-seat", fieldId: SEAT },
  ],
  fields: [
    field(WORKSHOPS, "multiple_choice", {
      options: [
        { id: "ws-ai", label: "AI", isFull: false, hasWaitingList: false },
        { id: "ws-green", label: "Green", isFull: false, hasWaitingList: false },
      ],
      rules: { max: 1 },
    }),
    field(SIZE, "number", { isRequired: true, rules: { min: 1, noNegative: true } }),
    field(ARRIVAL, "date"),
    field(BADGE_PHOTO, "file"),
    field(SEAT, "short_text", { isReadOnly: true }),
  ],
  event: {
    name: "Summit",
    slug: "summit",
    startsAt: "2030-01-20T18:00:00.000Z",
    endsAt: "2030-01-20T22:00:00.000Z",
    timezone: "Europe/Paris",
    languages: ["en", "fr"],
  },
  isOpen: true,
  closesAt: null,
  confirmationMessage: null,
  publishAttendees: false,
  terms: null,
};

const filled = (changes: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...initialValues(form),
  firstName: " Nina ",
  lastName: "Nouvelle",
  mail: " nina@example.org ",
  participation: "yes",
  ...changes,
});

describe("the registration form's values", () => {
  it("starts empty, with no choice for multiple-choice questions", () => {
    const values = initialValues(form, "ada@example.org");
    expect(values.mail).toBe("ada@example.org");
    expect(values.answers[WORKSHOPS]).toEqual([]);
    expect(values.answers[SIZE]).toBe("");
  });

  it("shows a group's questions only when its answer is chosen", () => {
    expect(shownQuestions(form, { [WORKSHOPS]: ["ws-green"] }).has(SIZE)).toBe(false);
    expect(shownQuestions(form, { [WORKSHOPS]: ["ws-ai"] }).has(SIZE)).toBe(true);
  });

  it("sends trimmed names, the shown answers in their stored shape, and the participation", () => {
    const values = filled({
      answers: { ...initialValues(form).answers, [WORKSHOPS]: ["ws-ai"], [SIZE]: "12,5", [ARRIVAL]: "21/01/2030" },
    });
    expect(checkRegistration(form, values)).toEqual({
      ok: true,
      body: {
        formId: form.id,
        mail: "nina@example.org",
        items: {
          firstName: "Nina",
          lastName: "Nouvelle",
          answers: { [WORKSHOPS]: ["ws-ai"], [SIZE]: 12.5, [ARRIVAL]: "2030-01-21" },
          participation: true,
        },
      },
    });
  });

  it("sends an uploaded file's key as its question's answer, and asks for a required one", () => {
    const answers = { ...initialValues(form).answers, [WORKSHOPS]: ["ws-ai"], [SIZE]: "3" };
    const required: PublicFormJson = {
      ...form,
      fields: form.fields.map((candidate) =>
        candidate.id === BADGE_PHOTO ? { ...candidate, isRequired: true } : candidate,
      ),
    };
    expect(checkRegistration(form, filled({ answers })).ok).toBe(true);
    const missing = checkRegistration(required, filled({ answers }));
    expect(missing).toEqual({ ok: false, problems: { [`answers.${BADGE_PHOTO}`]: { code: "required" } } });
    const uploaded = { uploadId: "00000000-0000-4000-8000-0000000000bb", uploadKey: "tsu_k", name: "me.png", size: 9 };
    const sent = checkRegistration(required, filled({ answers, files: { [BADGE_PHOTO]: uploaded } }));
    expect(sent.ok && sent.body.items.answers[BADGE_PHOTO]).toEqual({
      uploadId: uploaded.uploadId,
      uploadKey: "tsu_k",
    });
  });

  it("keeps a file answered already as `{ keep: fileId }` (a required question answered), removes it with null", () => {
    const answers = { ...initialValues(form).answers, [WORKSHOPS]: ["ws-ai"], [SIZE]: "3" };
    const required: PublicFormJson = {
      ...form,
      fields: form.fields.map((candidate) =>
        candidate.id === BADGE_PHOTO ? { ...candidate, isRequired: true } : candidate,
      ),
    };
    const current = { fileId: "00000000-0000-4000-8000-0000000000cc", name: "me.png", size: 9 };
    const storedFiles = { [BADGE_PHOTO]: current };
    const kept = checkRegistration(required, filled({ answers, files: { [BADGE_PHOTO]: current }, storedFiles }));
    expect(kept.ok && kept.body.items.answers[BADGE_PHOTO]).toEqual({ keep: current.fileId });
    // Removed: a required question asks for another file, an optional one sends null (the file goes).
    expect(checkRegistration(required, filled({ answers, files: {}, storedFiles }))).toEqual({
      ok: false,
      problems: { [`answers.${BADGE_PHOTO}`]: { code: "required" } },
    });
    const removed = checkRegistration(form, filled({ answers, files: {}, storedFiles }));
    expect(removed.ok && removed.body.items.answers).toHaveProperty(BADGE_PHOTO, null);
    // Nothing stored, nothing chosen: nothing sent.
    const none = checkRegistration(form, filled({ answers, files: {} }));
    expect(none.ok && none.body.items.answers).not.toHaveProperty(BADGE_PHOTO);
  });

  it("leaves out the answers of hidden questions, blanks, files and read-only questions", () => {
    const values = filled({
      participation: "no",
      answers: { ...initialValues(form).answers, [WORKSHOPS]: ["ws-green"], [SIZE]: "-3", [SEAT]: "A12" },
    });
    const checked = checkRegistration(form, values);
    expect(checked.ok && checked.body.items).toEqual({
      firstName: "Nina",
      lastName: "Nouvelle",
      answers: { [WORKSHOPS]: ["ws-green"] },
      participation: false,
    });
  });

  it("reports each problem at its field with the shared rules' codes", () => {
    const values = filled({
      firstName: "  ",
      mail: "nina@",
      participation: "",
      answers: {
        ...initialValues(form).answers,
        [WORKSHOPS]: ["ws-ai", "ws-green"],
        [SIZE]: "",
        [ARRIVAL]: "31/02/2030",
      },
    });
    expect(checkRegistration(form, values)).toEqual({
      ok: false,
      problems: {
        firstName: { code: "required" },
        mail: { code: "email_format" },
        participation: { code: "required" },
        [`answers.${WORKSHOPS}`]: { code: "select_at_most", params: { count: 1 } },
        [`answers.${SIZE}`]: { code: "required" },
        [`answers.${ARRIVAL}`]: { code: "date_not_exist" },
      },
    });
    const negative = filled({ answers: { ...initialValues(form).answers, [WORKSHOPS]: ["ws-ai"], [SIZE]: "-2" } });
    expect(checkRegistration(form, negative)).toMatchObject({
      ok: false,
      problems: { [`answers.${SIZE}`]: { code: "number_negative" } },
    });
  });

  it("asks for the terms' acceptance and the attendees list's consent when the form has them", () => {
    const withBoth = { ...form, publishAttendees: true, terms: { name: "terms.pdf", size: 120_000 } };
    expect(checkRegistration(withBoth, filled())).toEqual({
      ok: false,
      problems: { acceptsTerms: { code: "terms_required" } },
    });
    const accepted = checkRegistration(withBoth, filled({ acceptsTerms: true, listedConsent: true }));
    expect(accepted.ok && accepted.body.items.listedConsent).toBe(true);
    // The acceptance travels with the registration: the server refuses one without it.
    expect(accepted.ok && accepted.body.items.acceptsTerms).toBe(true);
    expect(formPathOf("items.acceptsTerms", withBoth)).toBe("acceptsTerms");
    const without = checkRegistration(form, filled({ listedConsent: true }));
    expect(without.ok && "listedConsent" in without.body.items).toBe(false);
    expect(without.ok && "acceptsTerms" in without.body.items).toBe(false);
    expect(fileSizeText(120_000, "en")).toBe("120 kB");
    expect(fileSizeText(2_400_000, "fr")).toBe("2,4\u202fMo");
  });

  it("asks to wait for a full answer chosen when the form offers its waiting list, never for another", () => {
    const full = (hasWaitingList: boolean): PublicFormJson => ({
      ...form,
      fields: form.fields.map((candidate) =>
        candidate.id === WORKSHOPS
          ? {
              ...candidate,
              options: [
                { id: "ws-ai", label: "AI", isFull: true, hasWaitingList },
                { id: "ws-green", label: "Green", isFull: false, hasWaitingList: false },
              ],
            }
          : candidate,
      ),
    });
    const answers = { ...initialValues(form).answers, [WORKSHOPS]: ["ws-ai"], [SIZE]: "3" };
    const waits = checkRegistration(full(true), filled({ answers }));
    expect(waits.ok && waits.body.items.waitingList).toEqual([WORKSHOPS]);
    expect(waits.ok && waits.body.items.answers[WORKSHOPS]).toEqual(["ws-ai"]);
    const green = checkRegistration(full(true), filled({ answers: { ...answers, [WORKSHOPS]: ["ws-green"] } }));
    expect(green.ok && "waitingList" in green.body.items).toBe(false);
    const noList = checkRegistration(full(false), filled({ answers }));
    expect(noList.ok && "waitingList" in noList.body.items).toBe(false);
  });

  it("checks a guest's names and email; a companion's email may be left out, not mistyped", () => {
    const blank = { firstName: " ", lastName: "", mail: "" };
    expect(checkIdentity(blank)).toEqual({
      firstName: { code: "required" },
      lastName: { code: "required" },
      mail: { code: "required" },
    });
    const companion = { firstName: "Ada", lastName: "Lovelace", mail: " " };
    expect(checkIdentity(companion, { isMailOptional: true })).toEqual({});
    expect(checkIdentity({ ...companion, mail: "ada@" }, { isMailOptional: true })).toEqual({
      mail: { code: "email_format" },
    });
  });

  it("finds the form's field of each problem the server reports", () => {
    expect(formPathOf("mail", form)).toBe("mail");
    expect(formPathOf("items.firstName", form)).toBe("firstName");
    expect(formPathOf(`answers.${SIZE}`, form)).toBe(`answers.${SIZE}`);
    expect(formPathOf(`items.answers.${WORKSHOPS}`, form)).toBe(`answers.${WORKSHOPS}`);
    expect(formPathOf("items.answers.00000000-0000-4000-8000-00000000dead", form)).toBeNull();
    expect(formPathOf("formId", form)).toBeNull();
  });

  it("tells the event's dates in the page's language, at the event's local time", () => {
    const french = eventDatesText(form.event, "fr")!;
    expect(french).toContain("20 janvier 2030");
    expect(french).toContain("19:00");
    expect(french).toContain("23:00");
    expect(eventDatesText({ ...form.event, endsAt: null }, "en")).toBe("January 20, 2030 at 7:00 PM");
    expect(eventDatesText({ ...form.event, timezone: "Nowhere/Unknown" }, "en")).toMatch(/UTC$/);
    expect(eventDatesText({ ...form.event, startsAt: null }, "en")).toBeNull();
  });
});
