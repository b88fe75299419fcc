import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import { newRecipientToken } from "../../../api/src/campaigns/links.ts";
import type { Db } from "../../../api/src/db/knex.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import type { Form } from "../../../api/src/models/Form.ts";
import { GuestFile } from "../../../api/src/models/GuestFile.ts";
import { WaitingListEntry } from "../../../api/src/models/WaitingListEntry.ts";
import { createGuestSession } from "../../../api/src/services/portal/guestSessions.ts";
import { payPathOf } from "../../../api/src/services/ticketOffice/buyerOrders.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { TEST_SERVER_SECRET } from "../../helpers/server.ts";
import { PDF } from "../../helpers/zipFixtures.ts";

/**
 * The guest site in the accessibility sweep: an event of an account of its own (so the organizers' screens
 * of the sweep do not see it) with an online registration form (a text, the participation question, a
 * choice with a full answer, a group it conditions, a rating, a companions note, the attendees list's
 * consent, terms to accept), a closed form, and a guest signed in to the portal with answers (a file among
 * them), a place on the full answer's waiting list, a companion (the companion form asks their phone), a
 * satisfaction survey to answer and a published attendees list. Its ticket office is open (an entry, an option,
 * a sold-out dinner; transfer or desk): the form offers tickets, Zoé has a cart to pay (its payment step), a
 * paid order (her orders in the portal) and a cloakroom Dana paid for (her tickets).
 */
export interface GuestSiteScene {
  slug: string;
  formId: string;
  closedFormId: string;
  /** The guest's portal session (its cookie's value). */
  guestSession: string;
  /** The portal session of Dana, a confirmed guest: her area shows her entry code. */
  confirmedGuestSession: string;
  /** The payment step of Zoé's cart (the API's payPath, no language prefix). */
  cartPath: string;
  /** Unsubscribe links of a campaign message: one to look at, one to use, one of a guest already unsubscribed. */
  unsubscribe: { look: string; use: string; done: string };
}

const GUEST_SESSION_COOKIE = "tessera_guest";
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
  const proof = await buildCustomField(db, event, { name: "Justificatif", label: "Justificatif", type: "file" });
  // The "Danse" answer is full; its guest is on the attendees list.
  const dana = await buildGuest(db, event, {
    firstName: "Dana",
    lastName: "Morel",
    company: "Studio Morel",
    email: "danse@example.org",
    status: "confirmed",
    listedConsent: true,
    answers: { [session.id]: "danse" },
  });
  const proofFile = { fileId: "7d3b2a10-5c4e-4f6a-9b1c-2e8f0a4d6c11", name: "justificatif.pdf", size: 48_000 };
  const guest = await buildGuest(db, event, {
    firstName: "Zoé",
    lastName: "Lefèvre",
    email: "zoe.invitee@example.org",
    status: "pending_approval",
    listedConsent: true,
    answers: { [session.id]: "cuisine", [level.id]: 4, [phone.id]: "0612345678", [proof.id]: proofFile },
  });
  // The file she answered with (its bytes are not read here).
  await GuestFile.query(db).insert({
    id: proofFile.fileId,
    accountId: account.id,
    eventId: event.id,
    guestId: guest.id,
    customFieldId: proof.id,
    name: proofFile.name,
    mimeType: "application/pdf",
    size: proofFile.size,
    storageKey: "guest-files/justificatif-of-the-sweep.pdf",
  } as never);
  await buildGuest(db, event, {
    firstName: "Léo",
    lastName: "Lefèvre",
    email: null,
    status: "pending_approval",
    godfatherId: guest.id,
    answers: { [phone.id]: "0687654321" },
  });
  const companionForm = await buildForm(db, event, {
    type: "companion",
    title: "Accompagnant",
    items: [{ kind: "question", id: "q-phone", fieldId: phone.id }],
  });
  await buildForm(db, event, {
    type: "survey",
    title: "Votre avis",
    items: [{ kind: "question", id: "q-level", fieldId: level.id }],
  });
  const items: Form["items"] = [
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
    { kind: "question", id: "q-proof", fieldId: proof.id },
    { kind: "companions", id: "companions", title: "Venez-vous accompagné ?", companionFormId: companionForm.id },
  ];
  // It publishes its attendees (the consent is asked) and has terms to accept (their file is not read here).
  const form = await buildForm(db, event, {
    title: "Inscription",
    items,
    options: { publishAttendees: true },
    termsStorageKey: "forms/terms-of-the-sweep.pdf",
    termsName: "conditions.pdf",
    termsSize: 48_000,
  });
  // Older than the open form: the portal works with the event's newest online registration form.
  const closed = await buildForm(db, event, {
    title: "Inscription tardive",
    items,
    options: { closesAt: "2020-01-01T00:00:00.000Z" },
    createdAt: new Date("2020-01-01T00:00:00.000Z"),
  } as never);
  // Zoé waits for "Danse" (full), the first in line.
  await WaitingListEntry.query(db).insert({
    accountId: account.id,
    eventId: event.id,
    formId: form.id,
    guestId: guest.id,
    customFieldId: session.id,
    optionId: "danse",
    status: "waiting",
    language: "fr",
  } as never);
  // The ticket office: an entry, an option, a dinner Dana took the last place of; Zoé's cart and paid order.
  const entry = await buildTicket(db, event, { caption: "Entrée", priceInclTaxCents: 2_500 });
  const cloakroom = await buildTicket(db, event, {
    caption: "Vestiaire",
    isOption: true,
    priceInclTaxCents: 300,
    taxPercent: null,
  });
  const dinner = await buildTicket(db, event, { caption: "Dîner", maxQuantity: 1, priceInclTaxCents: 4_000 });
  await writeTicketingParams(db, event, {
    ticketOffice: "opened",
    terms: "Conditions générales de vente.\nLes billets ne sont ni repris ni échangés.",
    paymentMethods: ["transfer", "desk"],
    salesStartedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  // Dana also paid for Zoé's cloakroom: in Zoé's tickets, not her orders.
  await buildOrder(db, event, {
    guestId: dana.id,
    items: [
      { ticket: dinner, unitPriceInclTaxCents: 4_000 },
      { ticket: cloakroom, holderId: guest.id, unitPriceInclTaxCents: 300 },
    ],
  });
  await buildOrder(db, event, {
    guestId: guest.id,
    orderedAt: new Date(Date.now() - 86_400_000),
    items: [{ ticket: entry, unitPriceInclTaxCents: 2_500 }],
    overrides: { reference: "PAIDZOE2", paymentMethod: "transfer" },
  });
  const { order: cart } = await buildOrder(db, event, {
    guestId: guest.id,
    status: "in_cart",
    items: [{ ticket: entry, quantity: 2, holderId: null, unitPriceInclTaxCents: 2_500 }],
    overrides: { reference: "CARTZOE3", paymentMethod: null, holdExpiresAt: new Date(Date.now() + 3_600_000) },
  });
  const unsubscribe = await unsubscribeTokens(db, event);
  const { token } = await createGuestSession(db, guest, new Date());
  const { token: confirmedGuestSession } = await createGuestSession(db, dana, new Date());
  return {
    slug: event.slug,
    formId: form.id,
    closedFormId: closed.id,
    guestSession: token,
    confirmedGuestSession,
    cartPath: payPathOf(TEST_SERVER_SECRET, event, cart.id),
    unsubscribe,
  };
}

/** Three guests who received the event's invitation: the tokens of its unsubscribe links (the last used already). */
async function unsubscribeTokens(db: Db, event: Event): Promise<GuestSiteScene["unsubscribe"]> {
  const campaign = await buildCampaign(db, event);
  const token = async (email: string, unsubscribedAt: Date | null) => {
    const guest = await buildGuest(db, event, {
      email,
      unsubscribedAt,
      mailStatus: unsubscribedAt ? "unsubscribed" : "sent",
    });
    const recipient = await buildRecipient(db, campaign, guest);
    const value = newRecipientToken();
    await CampaignRecipient.query(db).patch({ token: value, unsubscribedAt }).where({ id: recipient.id });
    return value;
  };
  return {
    look: await token("lea.martin@example.org", null),
    use: await token("hugo.petit@example.org", null),
    done: await token("ines.roux@example.org", new Date()),
  };
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

/**
 * Signs the page's guest in (their session cookie) and opens their area (in the language of `prefix`); Zoé,
 * awaiting approval, unless `session` names another guest's.
 */
async function signedIn(page: Page, scene: { guestSite: GuestSiteScene }, prefix = "", session?: string) {
  const url = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: GUEST_SESSION_COOKIE, value: session ?? scene.guestSite.guestSession, url: url.origin }]);
  await page.goto(`${url.origin}${prefix}/${scene.guestSite.slug}/portal/me`);
  await page.getByTestId("registration-status").waitFor();
}

/** The guest site's screens, in the sweep's shape (anonymous visitors, each in a fresh page). */
export const GUEST_SCREENS: GuestScreen[] = [
  {
    name: "unsubscribe page",
    as: "anonymous",
    path: ({ guestSite }) => `/unsubscribe/${guestSite.unsubscribe.look}`,
    reach: heading(web.public.unsubscribe.title),
    routes: ["/unsubscribe/:token"],
  },
  {
    name: "unsubscribe page, phone, in French",
    as: "anonymous",
    path: ({ guestSite }) => `/fr/unsubscribe/${guestSite.unsubscribe.look}`,
    reach: heading(fr.public.unsubscribe.title),
    viewport: PHONE,
  },
  {
    name: "unsubscribe page, unsubscribed (phone)",
    as: "anonymous",
    path: ({ guestSite }) => `/unsubscribe/${guestSite.unsubscribe.use}`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByRole("button", { name: web.public.unsubscribe.button, exact: true }).click();
      await heading(web.public.unsubscribe.doneTitle)(page);
    },
  },
  {
    name: "unsubscribe page, already unsubscribed",
    as: "anonymous",
    path: ({ guestSite }) => `/unsubscribe/${guestSite.unsubscribe.done}`,
    reach: heading(web.public.unsubscribe.alreadyTitle),
  },
  {
    name: "unsubscribe page, unknown link",
    as: "anonymous",
    path: () => "/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAA",
    reach: heading(web.public.unsubscribe.notFoundTitle),
  },
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
    name: "guest registration form, a full answer's waiting list chosen",
    as: "anonymous",
    path: formPath,
    reach: async (page) => {
      await page
        .getByLabel(web.public.form.optionFullWaitingList.replace("{{label}}", "Danse"), { exact: true })
        .check();
      await page.getByTestId("waiting-list-note").filter({ hasText: "Danse" }).waitFor();
    },
  },
  {
    name: "guest registration form, a file sent (phone)",
    as: "anonymous",
    path: formPath,
    viewport: PHONE,
    reach: async (page) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByTestId("choose-file").click();
      await (await chooser).setFiles({ name: "justificatif.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByTestId("uploaded-file").waitFor();
    },
  },
  {
    name: "guest registration form, a file refused",
    as: "anonymous",
    path: formPath,
    reach: async (page) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByTestId("choose-file").click();
      await (await chooser).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes\n") });
      await page.getByText(resources.en.errors.unsupported_file_type, { exact: true }).waitFor();
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
  {
    name: "guest portal sign-in",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: heading(web.public.portal.title),
    routes: ["/:event/portal"],
  },
  {
    name: "guest portal, check your inbox (phone)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByRole("textbox", { name: web.fields.email, exact: true }).fill("nobody@example.org");
      await page.getByRole("button", { name: web.public.portal.send, exact: true }).click();
      await heading(web.public.portal.sentTitle)(page);
    },
  },
  {
    name: "guest portal, emailed link",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal/confirm#token=tsl_made-up-but-long-enough-0000`,
    reach: heading(web.public.portal.confirmTitle),
    routes: ["/:event/portal/confirm"],
  },
  {
    name: "guest portal, refused link",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal/confirm#token=tsl_made-up-but-long-enough-0000`,
    reach: async (page) => {
      await page.getByRole("button", { name: web.public.portal.signIn, exact: true }).click();
      await heading(web.public.portal.invalidTitle)(page);
    },
  },
  {
    name: "guest portal, member area",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: (page, scene) => signedIn(page, scene),
    routes: ["/:event/portal/me"],
  },
  {
    name: "guest portal, member area, phone",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: (page, scene) => signedIn(page, scene),
    viewport: PHONE,
  },
  {
    name: "guest portal, member area of a confirmed guest: the entry code (phone)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: async (page, scene) => {
      await signedIn(page, scene, "", scene.guestSite.confirmedGuestSession);
      await page.getByTestId("entry-code").getByRole("img", { name: web.public.me.entryCodeAlt }).waitFor();
    },
    viewport: PHONE,
  },
  {
    name: "guest portal, member area: registration, companions, survey, attendees",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      await page.getByTestId("my-registration").getByText("Cuisine", { exact: true }).waitFor();
      const waiting = web.public.me.waitingFor
        .replace("{{answer}}", "Danse")
        .replace("{{question}}", "Atelier")
        .replace("{{position}}", "1");
      await page.getByTestId("waiting-list").getByText(waiting, { exact: true }).waitFor();
      await page.getByText("Léo Lefèvre", { exact: true }).waitFor();
      await page.getByText("Votre avis", { exact: true }).waitFor();
      await page.getByText("Dana Morel", { exact: true }).waitFor();
    },
  },
  {
    name: "guest portal, member area, editing the answers",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      await page.getByRole("button", { name: web.public.me.edit, exact: true }).click();
      await page.getByTestId("edit-registration").waitFor();
      // Her file is the current one, kept unless replaced or removed; companions are managed below.
      await page.getByTestId("current-file").filter({ hasText: "justificatif.pdf" }).waitFor();
      await page.getByText(web.public.form.companionsBelow, { exact: true }).waitFor();
    },
  },
  {
    name: "guest portal, member area, editing, problems shown (phone, French)",
    as: "anonymous",
    path: ({ guestSite }) => `/fr/${guestSite.slug}/portal`,
    viewport: PHONE,
    reach: async (page, scene) => {
      await signedIn(page, scene, "/fr");
      await page.getByRole("button", { name: fr.public.me.edit, exact: true }).click();
      await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill("abc");
      await page.getByRole("button", { name: fr.public.me.save, exact: true }).click();
      await page.getByRole("alert").waitFor();
    },
  },
  {
    name: "guest portal, member area, adding a companion (phone)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    viewport: PHONE,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      await page.getByRole("button", { name: web.public.me.addCompanion, exact: true }).click();
      await page.getByTestId("companion-form").waitFor();
    },
  },
  {
    name: "guest portal, member area, removing a companion (dialog)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      const name = web.public.me.removeCompanionLabel.replace("{{name}}", "Léo Lefèvre");
      await page.getByRole("button", { name, exact: true }).click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "guest portal, member area, unregistering (dialog, phone)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    viewport: PHONE,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      await page.getByRole("button", { name: web.public.me.unregister, exact: true }).click();
      await page.getByRole("dialog", { name: web.public.me.unregisterTitle }).waitFor();
    },
  },
  {
    name: "guest portal, member area, answering a survey",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/portal`,
    reach: async (page, scene) => {
      await signedIn(page, scene);
      const name = web.public.me.answerSurveyLabel.replace("{{title}}", "Votre avis");
      await page.getByRole("button", { name, exact: true }).click();
      await page.getByTestId("survey-form").waitFor();
    },
  },
  {
    name: "guest portal, member area: her tickets, one bought for her, and her orders (phone, French)",
    as: "anonymous",
    path: ({ guestSite }) => `/fr/${guestSite.slug}/portal`,
    viewport: PHONE,
    reach: async (page, scene) => {
      await signedIn(page, scene, "/fr");
      const tickets = page.getByTestId("my-tickets");
      await tickets.getByText(fr.public.myTickets.boughtBy.split("{{name}}")[0]!.trim(), { exact: false }).waitFor();
      await tickets.getByText("Dana Morel", { exact: false }).waitFor();
      await page.getByTestId("my-orders").getByText("PAIDZOE2", { exact: false }).waitFor();
    },
  },
  {
    name: "guest registration form, tickets chosen, a coupon refused (phone, in French)",
    as: "anonymous",
    path: (scene) => `/fr${formPath(scene)}`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByRole("button", { name: "Un de plus : Entrée", exact: true }).click();
      await page.getByTestId("order-totals").waitFor();
      await page.getByRole("textbox", { name: fr.public.tickets.coupon, exact: true }).fill("NOPE");
      await page.getByRole("button", { name: fr.public.tickets.applyCoupon, exact: true }).click();
      await page.locator("input[aria-invalid=true]").first().waitFor();
    },
  },
  {
    name: "guest payment step (phone, in French)",
    as: "anonymous",
    path: ({ guestSite }) => `/fr${guestSite.cartPath}`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByTestId("hold-countdown").waitFor();
      await page.getByRole("radio", { name: fr.public.pay.methods.transfer, exact: true }).waitFor();
    },
    routes: ["/:event/orders/:id/:secret"],
  },
  {
    name: "guest payment step, a company's problems shown",
    as: "anonymous",
    path: ({ guestSite }) => guestSite.cartPath,
    reach: async (page) => {
      await page.getByText(web.public.pay.company, { exact: true }).click();
      await page.getByRole("textbox", { name: web.public.pay.siret }).fill("123");
      await page.getByRole("button", { name: web.public.pay.payButton.replace("{{total}}", "€50.00") }).click();
      await page.getByText(resources.en.validation.siret_invalid, { exact: true }).waitFor();
    },
  },
  {
    name: "guest payment step, awaiting a transfer (es)",
    as: "anonymous",
    path: ({ guestSite }) => `/es${guestSite.cartPath}`,
    reach: async (page) => {
      const es = resources.es.web.public.pay;
      await page.getByRole("textbox", { name: es.fullName, exact: true }).fill("Zoé Lefèvre");
      await page.getByRole("textbox", { name: es.address, exact: true }).fill("3 rue Oberkampf");
      await page.getByRole("textbox", { name: es.zip, exact: true }).fill("75011");
      await page.getByRole("textbox", { name: es.city, exact: true }).fill("París");
      await page.getByRole("radio", { name: es.methods.transfer, exact: true }).check();
      await page.getByRole("checkbox", { name: es.acceptTerms }).check();
      await page.getByRole("button", { name: es.placeButton, exact: true }).click();
      await page.getByTestId("order-outcome-awaiting").waitFor();
    },
  },
  {
    name: "guest payment step, not there",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/orders/00000000-0000-4000-8000-000000000000/${"x".repeat(43)}`,
    reach: heading(web.public.pay.notFoundTitle),
  },
  {
    name: "contact the organizer (the captcha verified)",
    as: "anonymous",
    path: ({ guestSite }) => `/${guestSite.slug}/contact`,
    reach: async (page) => {
      await heading(web.public.contact.title)(page);
      await page.getByRole("status").getByText(web.public.contact.captchaVerified, { exact: true }).waitFor();
    },
    routes: ["/:event/contact"],
  },
  {
    name: "contact the organizer, problems shown, phone, in French",
    as: "anonymous",
    path: ({ guestSite }) => `/fr/${guestSite.slug}/contact`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByRole("button", { name: fr.public.contact.send, exact: true }).click();
      await page.getByRole("alert").waitFor();
      await page.getByText(resources.fr.validation.privacy_policy_required, { exact: true }).waitFor();
    },
  },
  {
    name: "contact the organizer, sent",
    as: "anonymous",
    path: ({ guestSite }) => `/es/${guestSite.slug}/contact`,
    reach: async (page) => {
      const es = resources.es;
      await page.getByRole("textbox", { name: es.web.public.contact.name }).fill("Inès Moreau");
      await page.getByRole("textbox", { name: es.web.public.contact.email }).fill("ines.contact@example.org");
      await page.getByRole("textbox", { name: es.web.public.contact.message }).fill("¿Hay aparcamiento?");
      await page.getByLabel(es.web.public.contact.privacy).check();
      await page.getByRole("button", { name: es.web.public.contact.send, exact: true }).click();
      await heading(es.web.public.contact.sentTitle)(page);
    },
  },
];
