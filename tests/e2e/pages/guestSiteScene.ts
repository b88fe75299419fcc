import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import type { Db } from "../../../api/src/db/knex.ts";
import { Form } from "../../../api/src/models/Form.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";

/**
 * The guest site in the accessibility sweep: an event of an account of its own (so the organizers' screens
 * of the sweep do not see it) with an online registration form (a text, the participation question, a
 * choice with a full answer, a group it conditions, a rating, a companions note, the attendees list's
 * consent, terms to accept) and a closed form.
 */
export interface GuestSiteScene {
  slug: string;
  formId: string;
  closedFormId: string;
}

const web = resources.en.web;
const fr = resources.fr.web;

export async function buildGuestSiteScene(db: Db): Promise<GuestSiteScene> {
  const account = await buildAccount(db, { name: "Salle des fêtes" });
  const event = await buildEvent(db, account.id, {
    name: "Nuit des invités",
    slug: "nuit-des-invites",
    startsAt: new Date("2030-03-14T19:00:00Z"),
    endsAt: new Date("2030-03-14T23:30:00Z"),
    languages: ["en", "fr", "es"],
  });
  const session = await buildCustomField(db, event, {
    name: "Atelier",
    label: "Atelier",
    type: "unique_choice",
    isRequired: true,
    options: [
      { id: "cuisine", label: "Cuisine", quota: null },
      { id: "danse", label: "Danse", quota: 1 },
    ],
  });
  const level = await buildCustomField(db, event, {
    name: "Niveau",
    label: "Niveau",
    type: "rating",
    rules: { maxRating: 5 },
  });
  const phone = await buildCustomField(db, event, { name: "Téléphone", label: "Téléphone", type: "phone" });
  // The "Danse" answer is full.
  await buildGuest(db, event, { email: "danse@example.org", status: "confirmed", answers: { [session.id]: "danse" } });
  await buildGuest(db, event, {
    firstName: "Zoé",
    lastName: "Lefèvre",
    email: "zoe.invitee@example.org",
    status: "pending_approval",
  });
  const items = [
    { kind: "text", id: "welcome", title: "Bienvenue", description: "Une soirée d'ateliers." },
    { kind: "participation", id: "attend", title: "Serez-vous des nôtres ?" },
    { kind: "question", id: "q-session", fieldId: session.id },
    {
      kind: "group",
      id: "g-cuisine",
      condition: { fieldId: session.id, answers: ["cuisine"] },
      items: [{ kind: "question", id: "q-level", fieldId: level.id }],
    },
    { kind: "question", id: "q-phone", fieldId: phone.id },
    { kind: "companions", id: "companions", title: "Venez-vous accompagné ?", companionFormId: null },
  ];
  const base = { accountId: account.id, eventId: event.id, createdBy: null, type: "registration", state: "online" };
  // It publishes its attendees (the consent is asked) and has terms to accept (their file is not read here).
  const form = await Form.query(db).insertAndFetch({
    ...base,
    title: "Inscription",
    items,
    options: { publishAttendees: true },
    termsStorageKey: "forms/terms-of-the-sweep.pdf",
    termsName: "conditions.pdf",
    termsSize: 48_000,
  } as never);
  const closed = await Form.query(db).insertAndFetch({
    ...base,
    title: "Inscription tardive",
    items,
    options: { closesAt: "2020-01-01T00:00:00.000Z" },
  } as never);
  return { slug: event.slug, formId: form.id, closedFormId: closed.id };
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole("heading", { name, exact: true }).first().waitFor();
};
const PHONE = { width: 360, height: 740 };

interface GuestScreen {
  name: string;
  as: "anonymous";
  path: (scene: { guestSite: GuestSiteScene }) => string;
  reach: (page: Page, scene: { guestSite: GuestSiteScene }) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const formPath = ({ guestSite }: { guestSite: GuestSiteScene }) => `/${guestSite.slug}/forms/view/${guestSite.formId}`;

/** The guest site's screens, in the sweep's shape (anonymous visitors, each in a fresh page). */
export const GUEST_SCREENS: GuestScreen[] = [
  {
    name: "guest registration form",
    as: "anonymous",
    path: formPath,
    reach: heading("Inscription"),
    routes: ["/:event/forms/view/:id"],
  },
  {
    name: "guest registration form, phone, in French",
    as: "anonymous",
    path: (scene) => `/fr${formPath(scene)}`,
    reach: heading("Inscription"),
    viewport: PHONE,
  },
  {
    name: "guest registration form, a group shown",
    as: "anonymous",
    path: formPath,
    reach: async (page) => {
      await page.getByLabel("Cuisine", { exact: true }).check();
      await page.getByTestId("form-group").waitFor();
    },
  },
  {
    name: "guest registration form, problems shown",
    as: "anonymous",
    path: formPath,
    reach: async (page) => {
      await page.getByRole("button", { name: web.public.form.submit, exact: true }).click();
      await page.getByRole("alert").waitFor();
    },
  },
  {
    name: "guest registration form, closed",
    as: "anonymous",
    path: ({ guestSite }) => `/es/${guestSite.slug}/forms/view/${guestSite.closedFormId}`,
    reach: heading(resources.es.web.public.form.closedTitle),
  },
  {
    name: "guest registration form, not there",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/forms/view/00000000-0000-4000-8000-000000000000`,
    reach: heading(web.public.form.notFoundTitle),
  },
  {
    name: "guest registration, done",
    as: "anonymous",
    path: (scene) => `/fr${formPath(scene)}`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByRole("textbox", { name: fr.fields.firstName, exact: true }).fill("Inès");
      await page.getByRole("textbox", { name: fr.fields.lastName, exact: true }).fill("Moreau");
      await page.getByRole("textbox", { name: fr.fields.email, exact: true }).fill("ines.sweep@example.org");
      await page.getByLabel(fr.public.form.participationYes, { exact: true }).check();
      await page.getByLabel("Cuisine", { exact: true }).check();
      await page.getByLabel(fr.public.form.acceptTerms, { exact: true }).check();
      await page.getByRole("button", { name: fr.public.form.submit, exact: true }).click();
      await page.getByTestId("registration-done").waitFor();
    },
  },
];
