/**
 * Issue 8 item 4: every operation of shared/src/contracts, called once through the typed client derived
 * from the contracts, against the real API. A path, a method or a field that drifts between the contract
 * and the server fails here: the call must succeed, and its answer must match the contract's response
 * schema exactly (no field the schema does not declare, none missing).
 *
 * `CASES` must name every operation (the compiler checks it, and so does the first test).
 */
import type { TSchema } from "@sinclair/typebox";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { validate } from "@tessera/shared";
import { createApiClient, type ApiClient, type FetchLike } from "@tessera/shared/client";
import { contracts } from "@tessera/shared/contracts/index";
import { listOperations, type ContractDefinition } from "@tessera/shared/contracts/contract";
import { apiRoutes } from "../../../api/src/http/routes/index.ts";
import { legacyRoutes } from "../../../api/src/http/legacy/index.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildCast, type Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, buildImage, buildTeam, listOnEvent, uniqueSlug } from "../../helpers/events.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, sessionTokenFor } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { pngImage } from "../../helpers/imageFixtures.ts";
import { PDF } from "../../helpers/zipFixtures.ts";
import { buildOfflinePayment, buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { issueInvoice } from "../../../api/src/services/invoicing/issue.ts";
import { createGuestSession } from "../../../api/src/services/portal/guestSessions.ts";
import { orderSecret } from "../../../api/src/services/ticketOffice/orderSecret.ts";
import { billEventBy, buildOrganizer } from "../../helpers/invoices.ts";
import { buildCampaign, buildRecipient, sendableContent } from "../../helpers/campaigns.ts";
import { newRecipientToken } from "../../../api/src/campaigns/links.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildCheckin } from "../../helpers/checkins.ts";
import { creditsPack, futureDay } from "../../helpers/credits.ts";
import { buildMailError } from "../../helpers/mailErrors.ts";
import { buildPendingSender, buildVerifiedSender } from "../../helpers/senders.ts";
import type { TestServer } from "../../helpers/server.ts";

type Registry = typeof contracts;
type OperationName = { [Area in keyof Registry]: `${Area & string}.${keyof Registry[Area] & string}` }[keyof Registry];

/** What a case works with: the server, the cast, and typed clients signed in as some of its members. */
interface World {
  server: TestServer;
  cast: Cast;
  /** The platform administrator: may call every operation. */
  admin: ApiClient;
  /** Account A's overseer. */
  overseer: ApiClient;
  anonymous: ApiClient;
  /** A fresh event of account A its overseer's organizer, editor and reader are listed on. */
  event(): Promise<Event>;
  /** `{ a, e }` of an event. */
  at(event: Event): { a: string; e: string };
  /** Fetches a file answer (a download) with the administrator's credentials. */
  download(url: string): Promise<Response>;
}

const fetchLike = globalThis.fetch as unknown as FetchLike;

/** A form of a fresh event with a terms PDF set through the API. */
async function formWithTerms(w: World) {
  const event = await w.event();
  const { form } = await createdForm(w, event);
  const pdf = new Blob([new Uint8Array(PDF)], { type: "application/pdf" });
  const saved = await w.overseer.forms.uploadTerms({
    params: { ...w.at(event), id: form.id },
    form: { file: pdf as never },
  });
  return { event, form, saved };
}

/** The token of a new sender's verification link, read from the mail it was sent. */
async function senderToken(w: World): Promise<string> {
  const email = `sender-${uniqueSlug()}@example.org`;
  await w.overseer.senders.create({ params: { a: w.cast.accountA.id }, body: { email } });
  const mail = await w.server.mailbox.waitFor(email);
  const link = linksIn(mail).find((candidate) => candidate.includes("/senders/verify/"))!;
  return decodeURIComponent(link.slice(link.lastIndexOf("/") + 1));
}

/** The token of a campaign message a guest of a fresh event received (its unsubscribe link's). */
async function recipientToken(w: World): Promise<string> {
  const event = await w.event();
  const guest = await buildGuest(w.server.db, event, { email: "reader@example.org", firstName: "Rita" });
  const recipient = await buildRecipient(w.server.db, await buildCampaign(w.server.db, event), guest);
  const token = newRecipientToken();
  await CampaignRecipient.query(w.server.db).patch({ token }).where({ id: recipient.id });
  return token;
}

/** A guest of a fresh event and the code of the sign-in link they were emailed. */
async function guestCode(w: World) {
  const event = await w.event();
  const email = `guest.${event.id.slice(0, 8)}@example.org`;
  await buildGuest(w.server.db, event, { email, firstName: "Gus", status: "confirmed" });
  await w.anonymous.portal.requestLink({ params: { event: event.slug }, body: { email } });
  const mail = await w.server.mailbox.waitFor(email);
  return { event, email, code: /\b(\d{6})\b/.exec(mail.text ?? "")![1]! };
}

/** A client carrying the session cookie of a guest signed in to an event's portal (and the cookie). */
async function signedInGuest(w: World) {
  const { event, email, code } = await guestCode(w);
  const response = await fetch(`${w.server.baseUrl}/api/v1/public/events/${event.slug}/portal/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, code }),
  });
  const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
  return { event, client: clientWithCookie(w, cookie), cookie };
}

/** A derived client sending `cookie` with every request. */
function clientWithCookie(w: World, cookie: string) {
  const withCookie = (url: string, init: RequestInit = {}) =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
  return createApiClient({
    baseUrl: w.server.baseUrl,
    language: () => "en",
    fetch: withCookie as unknown as FetchLike,
  });
}

/** A registration form with a choice question and a group it conditions, made through the API. */
async function createdForm(w: World, event: Event) {
  const field = await buildCustomField(w.server.db, event, {
    label: "Workshop",
    type: "unique_choice",
    options: [{ id: "am", label: "Morning" }],
  });
  const answer = await w.overseer.forms.create({
    params: w.at(event),
    body: {
      type: "registration",
      title: "Registration",
      items: [
        { kind: "question", id: "q", fieldId: field.id },
        {
          kind: "group",
          id: "g",
          condition: { fieldId: field.id, answers: ["am"] },
          items: [{ kind: "text", id: "t", title: "Morning", description: "Bring a laptop." }],
        },
      ],
    },
  });
  return { answer, form: answer, field };
}

function clientFor(server: TestServer, token?: string): ApiClient {
  return createApiClient({
    baseUrl: server.baseUrl,
    language: () => "en",
    fetch: fetchLike,
    ...(token ? { token: () => token } : {}),
  });
}

const pngFile = () => new Blob([new Uint8Array(pngImage(2, 1))], { type: "image/png" });
const csvFile = (text: string) => new Blob([text], { type: "text/csv" });

async function tokenFromMail(server: TestServer, to: string, path: string): Promise<string> {
  const mail = await server.mailbox.waitFor(to);
  const link = linksIn(mail).find((candidate) => candidate.includes(path));
  if (!link) throw new Error(`No ${path} link in the mail to ${to}`);
  return new URL(link).searchParams.get("token")!;
}

async function guestWithTicket(world: World) {
  const event = await world.event();
  const guest = await buildGuest(world.server.db, event);
  const ticket = await buildTicket(world.server.db, event);
  await buildOrder(world.server.db, event, { guestId: guest.id, items: [{ ticket }] });
  return { event, guest };
}

async function recommendation(world: World) {
  const event = await world.event();
  const guest = await buildGuest(world.server.db, event);
  const answer = await world.admin.recommendations.add({
    params: world.at(event),
    body: {
      guestId: guest.id,
      recommendations: [{ firstName: "Grace", lastName: "Hopper", email: "grace@example.com" }],
    },
  });
  return { event, guest, answer, recommendation: answer.data[0]! };
}

async function uploadedImport(world: World) {
  const event = await world.event();
  const upload = await world.admin.guestImports.upload({
    params: world.at(event),
    form: { file: csvFile("firstName;lastName;email\nAda;Lovelace;ada@example.com\n") as never, hasHeaders: "1" },
  });
  return { event, upload };
}

const CHUNKED_CSV = new TextEncoder().encode("firstName;lastName;email\nAda;Lovelace;ada@example.com\n");

/** A chunked upload of a guest file started in a fresh event (no byte sent yet). */
async function chunkedUpload(world: World) {
  const event = await world.event();
  const started = await world.admin.guestImportUploads.start({
    params: world.at(event),
    body: { fileName: "guests.csv", size: CHUNKED_CSV.length },
  });
  return { event, started };
}

/** A check-in session of a fresh event (rules on a question, its field shown) and a guest it lets in. */
async function checkinWithGuest(w: World) {
  const event = await w.event();
  const pass = await buildCustomField(w.server.db, event, {
    type: "unique_choice",
    label: "Pass",
    options: [{ id: "vip", label: "VIP" }],
  });
  const checkin = await buildCheckin(w.server.db, event, {
    conditions: { field: pass.id, op: "includes", value: ["vip"] },
    displayedFields: ["firstName", "lastName", pass.id],
  });
  const guest = await buildGuest(w.server.db, event, {
    firstName: "Ada",
    status: "confirmed",
    answers: { [pass.id]: "vip" },
  });
  return { event, checkin, guest };
}

/** A desk signed in to such a session, and its typed client. */
async function signedInDeskOf(w: World) {
  const made = await checkinWithGuest(w);
  const code = await w.overseer.checkinCodes.create({ params: w.at(made.event), body: { checkinId: made.checkin.id } });
  const { token } = await w.anonymous.desk.signIn({ body: { code: code.code!, desk: "Door A" } });
  return { ...made, desk: clientFor(w.server, token) };
}

const CASES: Record<OperationName, (world: World) => Promise<unknown>> = {
  "system.health": (w) => w.anonymous.system.health(),
  "system.clientError": (w) => w.anonymous.system.clientError({ body: { message: "Boom", path: "/manage" } }),
  "system.openApi": (w) => w.anonymous.system.openApi(),
  "system.docs": (w) => w.download(w.anonymous.system.docs.url({})),

  "auth.login": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    return w.anonymous.auth.login({ body: { email: user.email, password: DEFAULT_PASSWORD } });
  },
  "auth.logout": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    return clientFor(w.server, await sessionTokenFor(w.server.db, w.server.config, user)).auth.logout();
  },
  "auth.sendingToken": async (w) => {
    const account = await buildAccount(w.server.db, { twoFactorEnabled: true });
    const user = await buildUser(w.server.db, { accountId: account.id, role: "editor" });
    return w.anonymous.auth.sendingToken({ body: { email: user.email, password: DEFAULT_PASSWORD } });
  },
  "auth.forgotPassword": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    return w.anonymous.auth.forgotPassword({ body: { email: user.email } });
  },
  "auth.resetLink": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    await w.anonymous.auth.forgotPassword({ body: { email: user.email } });
    const token = await tokenFromMail(w.server, user.email, "/admin/reset-password");
    return w.anonymous.auth.resetLink({ query: { token } });
  },
  "auth.resetPassword": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    await w.anonymous.auth.forgotPassword({ body: { email: user.email } });
    const token = await tokenFromMail(w.server, user.email, "/admin/reset-password");
    const password = "Another-Horse-43!";
    return w.anonymous.auth.resetPassword({ body: { token, password, confirmation: password } });
  },
  "auth.invitation": async (w) => {
    const invited = await w.overseer.accountUsers.create({
      params: { a: w.cast.accountA.id },
      body: {
        email: `invited-${crypto.randomUUID()}@example.com`,
        firstName: "Ines",
        lastName: "Vite",
        role: "editor",
      },
    });
    const token = await tokenFromMail(w.server, invited.email, "/admin/register-admin");
    return w.anonymous.auth.invitation({ query: { token } });
  },
  "auth.registerAdmin": async (w) => {
    const invited = await w.overseer.accountUsers.create({
      params: { a: w.cast.accountA.id },
      body: {
        email: `invited-${crypto.randomUUID()}@example.com`,
        firstName: "Ines",
        lastName: "Vite",
        role: "editor",
      },
    });
    const token = await tokenFromMail(w.server, invited.email, "/admin/register-admin");
    const password = "Another-Horse-43!";
    return w.anonymous.auth.registerAdmin({
      body: { token, firstName: "Ines", lastName: "Vite", password, confirmation: password },
    });
  },
  "auth.me": (w) => w.overseer.auth.me(),

  "accounts.list": (w) => w.admin.accounts.list({ query: { search: "Account" } }),
  "accounts.create": (w) => w.admin.accounts.create({ body: { name: `Harbour ${crypto.randomUUID()}` } }),
  "accounts.get": (w) => w.overseer.accounts.get({ params: { a: w.cast.accountA.id } }),
  "accounts.update": (w) =>
    w.overseer.accounts.update({ params: { a: w.cast.accountA.id }, body: { multilang: true } }),

  "accountUsers.list": (w) => w.overseer.accountUsers.list({ params: { a: w.cast.accountA.id } }),
  "accountUsers.create": (w) =>
    w.overseer.accountUsers.create({
      params: { a: w.cast.accountA.id },
      body: { email: `new-${crypto.randomUUID()}@example.com`, firstName: "Nina", lastName: "New", role: "reader" },
    }),
  "accountUsers.get": (w) =>
    w.overseer.accountUsers.get({ params: { a: w.cast.accountA.id, id: w.cast.users.editor.user.id } }),
  "accountUsers.update": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    return w.overseer.accountUsers.update({
      params: { a: w.cast.accountA.id, id: user.id },
      body: { role: "reader" },
    });
  },
  "accountUsers.remove": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "reader" });
    return w.overseer.accountUsers.remove({ params: { a: w.cast.accountA.id, id: user.id } });
  },
  "accountUsers.invite": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "reader", password: null });
    return w.overseer.accountUsers.invite({ params: { a: w.cast.accountA.id, id: user.id } });
  },

  "administrators.list": (w) => w.admin.administrators.list({ query: { role: "administrator" } }),
  "administrators.create": (w) =>
    w.admin.administrators.create({
      body: {
        email: `admin-${crypto.randomUUID()}@example.com`,
        firstName: "Ada",
        lastName: "Min",
        role: "administrator",
      },
    }),
  "administrators.update": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "reader" });
    return w.admin.administrators.update({ params: { id: user.id }, body: { firstName: "Renamed" } });
  },
  "administrators.remove": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "reader" });
    return w.admin.administrators.remove({ params: { id: user.id } });
  },
  "administrators.accounts": (w) => w.admin.administrators.accounts({ params: { id: w.cast.users.overseer.user.id } }),

  "teams.list": (w) => w.overseer.teams.list({ params: { a: w.cast.accountA.id }, query: { expand: "members" } }),
  "teams.create": (w) =>
    w.overseer.teams.create({ params: { a: w.cast.accountA.id }, body: { name: `Team ${crypto.randomUUID()}` } }),
  "teams.get": async (w) => {
    const team = await buildTeam(w.server.db, w.cast.accountA.id, [w.cast.users.editor.user.id]);
    return w.overseer.teams.get({ params: { a: w.cast.accountA.id, id: team.id }, query: { expand: "members" } });
  },
  "teams.update": async (w) => {
    const team = await buildTeam(w.server.db, w.cast.accountA.id);
    return w.overseer.teams.update({
      params: { a: w.cast.accountA.id, id: team.id },
      body: { name: `Renamed ${crypto.randomUUID()}` },
    });
  },
  "teams.remove": async (w) => {
    const team = await buildTeam(w.server.db, w.cast.accountA.id);
    return w.overseer.teams.remove({ params: { a: w.cast.accountA.id, id: team.id } });
  },
  "teams.addMember": async (w) => {
    const team = await buildTeam(w.server.db, w.cast.accountA.id);
    return w.overseer.teams.addMember({
      params: { a: w.cast.accountA.id, id: team.id, adminId: w.cast.users.editor.user.id },
    });
  },
  "teams.removeMember": async (w) => {
    const team = await buildTeam(w.server.db, w.cast.accountA.id, [w.cast.users.editor.user.id]);
    return w.overseer.teams.removeMember({
      params: { a: w.cast.accountA.id, id: team.id, adminId: w.cast.users.editor.user.id },
    });
  },

  "auditLogs.list": async (w) => {
    const event = await w.event();
    await w.overseer.events.update({ params: { a: event.accountId, id: event.id }, body: { name: "Audited" } });
    return w.overseer.auditLogs.list({ params: { a: w.cast.accountA.id }, query: { eventId: event.id } });
  },

  "profile.get": (w) => w.overseer.profile.get(),
  "profile.update": (w) => w.overseer.profile.update({ body: { firstName: "Olivia" } }),
  "profile.changePassword": async (w) => {
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "editor" });
    const client = clientFor(w.server, await sessionTokenFor(w.server.db, w.server.config, user));
    const password = "Another-Horse-43!";
    return client.profile.changePassword({
      body: { currentPassword: DEFAULT_PASSWORD, password, confirmation: password },
    });
  },

  "defaultEventParams.get": (w) => w.overseer.defaultEventParams.get({ params: { a: w.cast.accountA.id } }),
  "defaultEventParams.update": (w) =>
    w.overseer.defaultEventParams.update({
      params: { a: w.cast.accountA.id },
      body: { timezone: "Europe/Paris", languages: ["fr", "en"] },
    }),

  "images.list": async (w) => {
    await buildImage(w.server.db, w.cast.accountA.id);
    return w.overseer.images.list({ params: { a: w.cast.accountA.id }, query: { kind: "logo" } });
  },
  "images.create": (w) =>
    w.overseer.images.create({ params: { a: w.cast.accountA.id }, form: { kind: "logo", file: pngFile() as never } }),

  "events.list": (w) => w.overseer.events.list({ params: { a: w.cast.accountA.id }, query: { filter: "all" } }),
  "events.create": (w) =>
    w.overseer.events.create({ params: { a: w.cast.accountA.id }, body: { name: "Gala", slug: uniqueSlug("gala") } }),
  "events.get": async (w) => {
    const event = await w.event();
    return w.overseer.events.get({ params: { a: event.accountId, id: event.id }, query: { expand: "access" } });
  },
  "events.update": async (w) => {
    const event = await w.event();
    return w.overseer.events.update({ params: { a: event.accountId, id: event.id }, body: { venueName: "Hall 1" } });
  },
  "events.remove": async (w) => {
    const event = await w.event();
    return w.admin.events.remove({ params: { a: event.accountId, id: event.id } });
  },
  "events.duplicate": async (w) => {
    const event = await w.event();
    return w.overseer.events.duplicate({
      params: { a: event.accountId, id: event.id },
      body: { name: "Copy", slug: uniqueSlug("copy") },
    });
  },
  "events.archive": async (w) => {
    const event = await w.event();
    return w.overseer.events.archive({ params: { a: event.accountId, id: event.id } });
  },
  "events.unarchive": async (w) => {
    const event = await w.event();
    return w.overseer.events.unarchive({ params: { a: event.accountId, id: event.id } });
  },
  "events.addUser": async (w) => {
    const event = await w.event();
    const user = await buildUser(w.server.db, { accountId: w.cast.accountA.id, role: "reader" });
    return w.overseer.events.addUser({ params: { a: event.accountId, id: event.id, userId: user.id } });
  },
  "events.removeUser": async (w) => {
    const event = await w.event();
    return w.overseer.events.removeUser({
      params: { a: event.accountId, id: event.id, userId: w.cast.users.reader.user.id },
    });
  },
  "events.addTeam": async (w) => {
    const event = await w.event();
    const team = await buildTeam(w.server.db, w.cast.accountA.id);
    return w.overseer.events.addTeam({ params: { a: event.accountId, id: event.id, teamId: team.id } });
  },
  "events.removeTeam": async (w) => {
    const event = await w.event();
    const team = await buildTeam(w.server.db, w.cast.accountA.id);
    await listOnEvent(w.server.db, event.id, { teamIds: [team.id] });
    return w.overseer.events.removeTeam({ params: { a: event.accountId, id: event.id, teamId: team.id } });
  },

  "guests.list": async (w) => {
    const event = await w.event();
    const godfather = await buildGuest(w.server.db, event, { firstName: "Ada" });
    await buildGuest(w.server.db, event, { firstName: "Alan", godfatherId: godfather.id });
    return w.overseer.guests.list({ params: w.at(event), query: { search: "a", sort: "lastName" } });
  },
  "guests.count": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event, { firstName: "Ada" });
    return w.overseer.guests.count({ params: w.at(event), query: { search: "ada", status: "unanswered" } });
  },
  "guests.create": async (w) => {
    const event = await w.event();
    return w.overseer.guests.create({
      params: w.at(event),
      body: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
  },
  "guests.setAnswers": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event, { type: "short_text" });
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.guests.setAnswers({
      params: w.at(event),
      body: { ids: [guest.id], answers: { [field.id]: "Yes" } },
    });
  },
  "guests.get": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.guests.get({ params: { ...w.at(event), id: guest.id } });
  },
  "guests.update": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.guests.update({ params: { ...w.at(event), id: guest.id }, body: { company: "Analytical" } });
  },
  "guests.unlockEmail": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event, { mailStatus: "unsubscribed", unsubscribedAt: new Date() });
    return w.overseer.guests.unlockEmail({ params: { ...w.at(event), id: guest.id } });
  },
  "guests.remove": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.guests.remove({ params: { ...w.at(event), id: guest.id } });
  },
  "guests.removeMany": async (w) => {
    const { event, guest } = await guestWithTicket(w);
    const free = await buildGuest(w.server.db, event);
    return w.overseer.guests.removeMany({ params: w.at(event), body: { ids: [guest.id, free.id] } });
  },
  "guests.tickets": async (w) => {
    const { event, guest } = await guestWithTicket(w);
    return w.overseer.guests.tickets({ params: { ...w.at(event), id: guest.id } });
  },
  "guests.orders": async (w) => {
    const { event, guest } = await guestWithTicket(w);
    return w.overseer.guests.orders({ params: { ...w.at(event), id: guest.id } });
  },
  "guests.views": async (w) => {
    const event = await w.event();
    await w.overseer.guests.saveView({ params: w.at(event), body: { name: "VIP", query: { status: "confirmed" } } });
    return w.overseer.guests.views({ params: w.at(event) });
  },
  "guests.saveView": async (w) => {
    const event = await w.event();
    return w.overseer.guests.saveView({
      params: w.at(event),
      body: { name: "Shared", query: { search: "ada" }, isShared: true },
    });
  },
  "guests.removeView": async (w) => {
    const event = await w.event();
    const view = await w.overseer.guests.saveView({ params: w.at(event), body: { name: "Gone", query: {} } });
    return w.overseer.guests.removeView({ params: { ...w.at(event), id: view.id } });
  },
  "guests.uploadFile": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event, { type: "file" });
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.guests.uploadFile({
      params: { ...w.at(event), id: guest.id },
      form: { customFieldId: field.id, file: pngFile() as never },
    });
  },
  "guests.file": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event, { type: "file" });
    const guest = await buildGuest(w.server.db, event);
    const saved = await w.admin.guests.uploadFile({
      params: { ...w.at(event), id: guest.id },
      form: { customFieldId: field.id, file: pngFile() as never },
    });
    const answer = saved.answers[field.id] as { fileId: string };
    return w.download(w.admin.guests.file.url({ params: { ...w.at(event), id: guest.id, fileId: answer.fileId } }));
  },

  "customFields.list": async (w) => {
    const event = await w.event();
    await buildCustomField(w.server.db, event, { type: "unique_choice" });
    return w.overseer.customFields.list({ params: w.at(event) });
  },
  "customFields.create": async (w) => {
    const event = await w.event();
    return w.overseer.customFields.create({
      params: w.at(event),
      body: { name: "diet", label: "Diet", type: "short_text" },
    });
  },
  "customFields.reorder": async (w) => {
    const event = await w.event();
    const first = await buildCustomField(w.server.db, event);
    const second = await buildCustomField(w.server.db, event);
    return w.overseer.customFields.reorder({ params: w.at(event), body: { ids: [second.id, first.id] } });
  },
  "customFields.get": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event);
    return w.overseer.customFields.get({ params: { ...w.at(event), id: field.id } });
  },
  "customFields.update": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event);
    return w.overseer.customFields.update({ params: { ...w.at(event), id: field.id }, body: { label: "Renamed" } });
  },
  "customFields.remove": async (w) => {
    const event = await w.event();
    const field = await buildCustomField(w.server.db, event);
    return w.overseer.customFields.remove({ params: { ...w.at(event), id: field.id } });
  },

  "forms.list": async (w) => {
    const event = await w.event();
    await createdForm(w, event);
    return w.overseer.forms.list({ params: w.at(event) });
  },
  "forms.create": async (w) => (await createdForm(w, await w.event())).answer,
  "forms.get": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.get({ params: { ...w.at(event), id: form.id } });
  },
  "forms.update": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
  },
  "forms.duplicate": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.duplicate({ params: { ...w.at(event), id: form.id } });
  },
  "registration.viewForm": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    return w.anonymous.registration.viewForm({ params: { event: event.slug, id: form.id } });
  },
  "registration.uploadFile": async (w) => {
    const event = await w.event();
    const cv = await buildCustomField(w.server.db, event, { type: "file", label: "CV" });
    const form = await w.overseer.forms.create({
      params: w.at(event),
      body: { type: "registration", title: "Apply", items: [{ kind: "question", id: "cv", fieldId: cv.id }] },
    });
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    return w.anonymous.registration.uploadFile({
      params: { event: event.slug },
      form: { formId: form.id, customFieldId: cv.id, file: pngFile() as never },
    });
  },
  "registration.sendForm": async (w) => {
    const event = await w.event();
    const { form, field } = await createdForm(w, event);
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    return w.anonymous.registration.sendForm({
      params: { lang: "fr", event: event.slug, id: form.id },
      body: {
        formId: form.id,
        mail: "guest@example.org",
        items: { firstName: "Ada", lastName: "Lovelace", answers: { [field.id]: "am" } },
      },
    });
  },
  "forms.options": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.options({ params: { ...w.at(event), id: form.id } });
  },
  "forms.setOptions": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.setOptions({
      params: { ...w.at(event), id: form.id },
      body: { params: { requiresApproval: true, confirmationMessage: "Thanks" }, language: "en" },
    });
  },
  "portal.requestLink": async (w) => {
    const event = await w.event();
    return w.anonymous.portal.requestLink({ params: { event: event.slug }, body: { email: "guest@example.org" } });
  },
  "portal.signIn": async (w) => {
    const { event, email, code } = await guestCode(w);
    return w.anonymous.portal.signIn({ params: { event: event.slug }, body: { email, code } });
  },
  "portal.me": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.me({ params: { event: event.slug } });
  },
  "portal.registration": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.registration({ params: { event: event.slug } });
  },
  "portal.updateRegistration": async (w) => {
    const { event, client } = await signedInGuest(w);
    const { form } = await createdForm(w, event);
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    const field = (await w.overseer.customFields.list({ params: w.at(event) })).data.find(
      (candidate: { label: string }) => candidate.label === "Workshop",
    )!;
    return client.portal.updateRegistration({
      params: { event: event.slug },
      body: { firstName: "Gus", lastName: "Guest", answers: { [field.id]: "am" } },
    });
  },
  "portal.cancelRegistration": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.cancelRegistration({ params: { event: event.slug } });
  },
  "portal.surveys": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.surveys({ params: { event: event.slug } });
  },
  "portal.answerSurvey": async (w) => {
    const { event, client } = await signedInGuest(w);
    const rating = await buildCustomField(w.server.db, event, {
      type: "rating",
      label: "Rating",
      rules: { maxRating: 5 },
    });
    const survey = await w.overseer.forms.create({
      params: w.at(event),
      body: { type: "survey", title: "How was it?", items: [{ kind: "question", id: "r", fieldId: rating.id }] },
    });
    await w.overseer.forms.update({ params: { ...w.at(event), id: survey.id }, body: { state: "online" } });
    return client.portal.answerSurvey({
      params: { event: event.slug, id: survey.id },
      body: { answers: { [rating.id]: 4 } },
    });
  },
  "portal.survey": async (w) => {
    const { event, client } = await signedInGuest(w);
    const rating = await buildCustomField(w.server.db, event, {
      type: "rating",
      label: "Rating",
      rules: { maxRating: 5 },
    });
    const survey = await w.overseer.forms.create({
      params: w.at(event),
      body: { type: "survey", title: "How was it?", items: [{ kind: "question", id: "r", fieldId: rating.id }] },
    });
    await w.overseer.forms.update({ params: { ...w.at(event), id: survey.id }, body: { state: "online" } });
    return client.portal.survey({ params: { event: event.slug, id: survey.id } });
  },
  "portal.companionForm": async (w) => {
    const { event, client } = await signedInGuest(w);
    const diet = await buildCustomField(w.server.db, event, { label: "Diet" });
    const companion = await w.overseer.forms.create({
      params: w.at(event),
      body: { type: "companion", title: "Your companion", items: [{ kind: "question", id: "d", fieldId: diet.id }] },
    });
    await w.overseer.forms.update({ params: { ...w.at(event), id: companion.id }, body: { state: "online" } });
    const registration = await w.overseer.forms.create({
      params: w.at(event),
      body: {
        type: "registration",
        title: "Register",
        items: [{ kind: "companions", id: "c", title: "Companions", companionFormId: companion.id }],
      },
    });
    await w.overseer.forms.update({ params: { ...w.at(event), id: registration.id }, body: { state: "online" } });
    return client.portal.companionForm({ params: { event: event.slug } });
  },
  "portal.companions": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.companions({ params: { event: event.slug } });
  },
  "portal.addCompanion": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.addCompanion({ params: { event: event.slug }, body: { firstName: "Ann", lastName: "Guest" } });
  },
  "portal.updateCompanion": async (w) => {
    const { event, client } = await signedInGuest(w);
    const added = await client.portal.addCompanion({
      params: { event: event.slug },
      body: { firstName: "Ann", lastName: "Guest" },
    });
    return client.portal.updateCompanion({
      params: { event: event.slug, id: added.id },
      body: { firstName: "Anna", lastName: "Guest" },
    });
  },
  "portal.removeCompanion": async (w) => {
    const { event, client } = await signedInGuest(w);
    const added = await client.portal.addCompanion({
      params: { event: event.slug },
      body: { firstName: "Ann", lastName: "Guest" },
    });
    return client.portal.removeCompanion({ params: { event: event.slug, id: added.id } });
  },
  "portal.attendees": async (w) => {
    const { event, client } = await signedInGuest(w);
    const { form } = await createdForm(w, event);
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    await w.overseer.forms.setOptions({
      params: { ...w.at(event), id: form.id },
      body: { params: { publishAttendees: true } },
    });
    return client.portal.attendees({ params: { event: event.slug } });
  },
  "portal.signOut": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.portal.signOut({ params: { event: event.slug } });
  },
  "entryCodes.keys": async (w) => w.admin.entryCodes.keys({ params: w.at(await w.event()) }),
  "entryCodes.rotateKey": async (w) => w.admin.entryCodes.rotateKey({ params: w.at(await w.event()) }),
  "entryCodes.retireKey": async (w) => {
    const event = await w.event();
    await w.admin.entryCodes.rotateKey({ params: w.at(event) });
    return w.admin.entryCodes.retireKey({ params: { ...w.at(event), number: 1 } });
  },
  "entryCodes.guestCode": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.admin.entryCodes.guestCode({ params: { ...w.at(event), id: guest.id } });
  },
  "entryCodes.revokeGuestCode": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    await w.admin.entryCodes.guestCode({ params: { ...w.at(event), id: guest.id } });
    return w.admin.entryCodes.revokeGuestCode({ params: { ...w.at(event), id: guest.id } });
  },
  "entryCodes.reissueGuestCode": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.admin.entryCodes.reissueGuestCode({ params: { ...w.at(event), id: guest.id } });
  },
  "entryCodes.portalCode": async (w) => {
    const { event, client } = await signedInGuest(w);
    return client.entryCodes.portalCode({ params: { event: event.slug } });
  },
  "contact.challenge": async (w) => {
    const event = await w.event();
    return w.anonymous.contact.challenge({ params: { event: event.slug } });
  },
  "contact.send": async (w) => {
    const event = await w.event();
    const challenge = await w.anonymous.contact.challenge({ params: { event: event.slug } });
    const solution = await solveChallenge({ challenge, deriveKey });
    return w.anonymous.contact.send({
      params: { event: event.slug },
      body: {
        name: "Gus Guest",
        email: "gus@example.org",
        message: "Is there a cloakroom?",
        acceptsPrivacyPolicy: true,
        captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
      },
    });
  },
  "forms.statistics": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.statistics({ params: { ...w.at(event), id: form.id } });
  },
  "forms.uploadTerms": async (w) => (await formWithTerms(w)).saved,
  "forms.terms": async (w) => {
    const { event, form } = await formWithTerms(w);
    return w.download(w.overseer.forms.terms.url({ params: { ...w.at(event), id: form.id } }));
  },
  "registration.terms": async (w) => {
    const { event, form } = await formWithTerms(w);
    await w.overseer.forms.update({ params: { ...w.at(event), id: form.id }, body: { state: "online" } });
    return fetch(w.anonymous.registration.terms.url({ params: { event: event.slug, id: form.id } }));
  },
  "forms.remove": async (w) => {
    const event = await w.event();
    const { form } = await createdForm(w, event);
    return w.overseer.forms.remove({ params: { ...w.at(event), id: form.id } });
  },

  "guestImports.upload": async (w) => (await uploadedImport(w)).upload,
  "guestImports.get": async (w) => {
    const { event, upload } = await uploadedImport(w);
    return w.admin.guestImports.get({ params: { ...w.at(event), id: upload.import.id } });
  },
  "guestImports.setMapping": async (w) => {
    const { event, upload } = await uploadedImport(w);
    return w.admin.guestImports.setMapping({
      params: { ...w.at(event), id: upload.import.id },
      body: { mapping: upload.suggestedMapping },
    });
  },
  "guestImports.process": async (w) => {
    const { event, upload } = await uploadedImport(w);
    await w.admin.guestImports.setMapping({
      params: { ...w.at(event), id: upload.import.id },
      body: { mapping: upload.suggestedMapping },
    });
    return w.admin.guestImports.process({ params: { ...w.at(event), id: upload.import.id } });
  },
  "guestImports.errors": async (w) => {
    const event = await w.event();
    const { import: started } = await w.admin.guestImports.upload({
      params: w.at(event),
      form: { file: csvFile("firstName;lastName;email\nAda;Lovelace;not-an-email\n") as never, hasHeaders: "1" },
    });
    const params = { ...w.at(event), id: started.id };
    const mapped = await w.admin.guestImports.get({ params });
    await w.admin.guestImports.setMapping({
      params,
      body: { mapping: { "0": "firstName", "1": "lastName", "2": "email" } },
    });
    await w.admin.guestImports.process({ params });
    for (let attempt = 0; attempt < 100; attempt++) {
      const current = await w.admin.guestImports.get({ params });
      if (current.import.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mapped.import.id).toBe(started.id);
    return w.download(w.admin.guestImports.errors.url({ params }));
  },
  "guestImports.cancel": async (w) => {
    const { event, upload } = await uploadedImport(w);
    return w.admin.guestImports.cancel({ params: { ...w.at(event), id: upload.import.id } });
  },
  "guestImportUploads.start": async (w) => (await chunkedUpload(w)).started,
  "guestImportUploads.get": async (w) => {
    const { event, started } = await chunkedUpload(w);
    return w.admin.guestImportUploads.get({ params: { ...w.at(event), id: started.upload.id } });
  },
  "guestImportUploads.putChunk": async (w) => {
    const { event, started } = await chunkedUpload(w);
    return w.admin.guestImportUploads.putChunk({
      params: { ...w.at(event), id: started.upload.id },
      query: { offset: 0 },
      raw: CHUNKED_CSV,
    });
  },
  "guestImportUploads.complete": async (w) => {
    const { event, started } = await chunkedUpload(w);
    const params = { ...w.at(event), id: started.upload.id };
    await w.admin.guestImportUploads.putChunk({ params, query: { offset: 0 }, raw: CHUNKED_CSV });
    return w.admin.guestImportUploads.complete({ params });
  },
  "guestExport.download": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event);
    return w.download(w.admin.guestExport.download.url({ params: w.at(event), query: { format: "xlsx" } }));
  },

  "duplicates.list": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    return w.overseer.duplicates.list({ params: w.at(event) });
  },
  "duplicates.ignore": async (w) => {
    const event = await w.event();
    const one = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    const two = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    return w.overseer.duplicates.ignore({ params: w.at(event), body: { guestIds: [one.id, two.id] } });
  },
  "duplicates.merge": async (w) => {
    const event = await w.event();
    const one = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    const two = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    return w.overseer.duplicates.merge({ params: w.at(event), body: { keepId: one.id, mergeId: two.id } });
  },

  "recommendations.list": async (w) => {
    const { event } = await recommendation(w);
    return w.overseer.recommendations.list({ params: w.at(event), query: { status: "pending" } });
  },
  "recommendations.add": async (w) => (await recommendation(w)).answer,
  "recommendations.accept": async (w) => {
    const { event, recommendation: pending } = await recommendation(w);
    return w.overseer.recommendations.accept({ params: { ...w.at(event), id: pending.id } });
  },
  "recommendations.refuse": async (w) => {
    const { event, recommendation: pending } = await recommendation(w);
    return w.overseer.recommendations.refuse({ params: { ...w.at(event), id: pending.id } });
  },

  "statistics.attendance": async (w) => {
    const event = await w.event();
    const choice = await buildCustomField(w.server.db, event, {
      type: "unique_choice",
      options: [{ id: "yes", label: "Yes" }],
    });
    await buildGuest(w.server.db, event, { status: "confirmed", answers: { [choice.id]: "yes" } });
    return w.overseer.statistics.attendance({ params: w.at(event) });
  },
  "statistics.legacyAttendance": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event, { status: "refused" });
    return w.overseer.statistics.legacyAttendance({ params: { event: event.slug }, query: { language: "fr" } });
  },
  "statistics.checkin": async (w) => {
    const { event, checkin, guest } = await checkinWithGuest(w);
    const params = { ...w.at(event), id: checkin.id };
    await w.overseer.checkins.check({ params, body: { scanId: crypto.randomUUID(), guestId: guest.id, desk: "A" } });
    return w.overseer.statistics.checkin({ params: w.at(event) });
  },
  "statistics.legacyCheckin": async (w) => {
    const { event, checkin, guest } = await checkinWithGuest(w);
    const params = { ...w.at(event), id: checkin.id };
    await w.overseer.checkins.check({ params, body: { scanId: crypto.randomUUID(), guestId: guest.id } });
    return w.overseer.statistics.legacyCheckin({ params: { event: event.slug }, query: { id: checkin.id } });
  },

  "checkins.list": async (w) => {
    const { event } = await checkinWithGuest(w);
    return w.overseer.checkins.list({ params: w.at(event) });
  },
  "checkins.create": async (w) =>
    w.overseer.checkins.create({
      params: w.at(await w.event()),
      body: { name: "Main door", type: "offline", conditions: { guest: "status", op: "in", value: ["confirmed"] } },
    }),
  "checkins.get": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    return w.overseer.checkins.get({ params: { ...w.at(event), id: checkin.id } });
  },
  "checkins.update": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    return w.overseer.checkins.update({
      params: { ...w.at(event), id: checkin.id },
      body: { name: "Side door", options: { exitScans: true } },
    });
  },
  "checkins.remove": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    return w.overseer.checkins.remove({ params: { ...w.at(event), id: checkin.id } });
  },
  "checkins.stats": async (w) => {
    const { event, checkin, guest } = await checkinWithGuest(w);
    const params = { ...w.at(event), id: checkin.id };
    await w.overseer.checkins.check({ params, body: { scanId: crypto.randomUUID(), guestId: guest.id, desk: "A" } });
    return w.overseer.checkins.stats({ params });
  },
  "checkinLive.session": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    return w.download(w.admin.checkinLive.session.url({ params: { ...w.at(event), id: checkin.id } }));
  },
  "checkinLive.event": async (w) => {
    const { event } = await checkinWithGuest(w);
    return w.download(w.admin.checkinLive.event.url({ params: w.at(event) }));
  },
  "checkins.check": async (w) => {
    const { event, checkin, guest } = await checkinWithGuest(w);
    const params = { ...w.at(event), id: checkin.id };
    await w.overseer.checkins.check({ params, body: { scanId: crypto.randomUUID(), guestId: guest.id } });
    return w.overseer.checkins.check({ params, body: { scanId: crypto.randomUUID(), guestId: guest.id, desk: "B" } });
  },
  "checkins.checkBatch": async (w) => {
    const { event, checkin, guest } = await checkinWithGuest(w);
    return w.overseer.checkins.checkBatch({
      params: { ...w.at(event), id: checkin.id },
      body: { scans: [{ scanId: crypto.randomUUID(), guestId: guest.id, scannedAt: new Date().toISOString() }] },
    });
  },
  "checkinCodes.last": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    await w.overseer.checkinCodes.create({ params: w.at(event), body: { checkinId: checkin.id } });
    return w.overseer.checkinCodes.last({ params: w.at(event), query: { checkinId: checkin.id } });
  },
  "checkinCodes.create": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    return w.overseer.checkinCodes.create({ params: w.at(event), body: { checkinId: checkin.id } });
  },
  "checkinCodes.revoke": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    const code = await w.overseer.checkinCodes.create({ params: w.at(event), body: { checkinId: checkin.id } });
    return w.overseer.checkinCodes.revoke({ params: { ...w.at(event), id: code.id } });
  },
  "checkinCodes.sessions": async (w) => {
    const { event } = await signedInDeskOf(w);
    return w.overseer.checkinCodes.sessions({ params: w.at(event), query: {} });
  },
  "desk.signIn": async (w) => {
    const { event, checkin } = await checkinWithGuest(w);
    const code = await w.overseer.checkinCodes.create({ params: w.at(event), body: { checkinId: checkin.id } });
    return w.anonymous.desk.signIn({ body: { code: code.code!, desk: "Door A" } });
  },
  "desk.session": async (w) => (await signedInDeskOf(w)).desk.desk.session(),
  "desk.signOut": async (w) => (await signedInDeskOf(w)).desk.desk.signOut(),
  "desk.snapshot": async (w) => (await signedInDeskOf(w)).desk.desk.snapshot({ query: { limit: 10 } }),
  "desk.verification": async (w) => (await signedInDeskOf(w)).desk.desk.verification(),
  "desk.search": async (w) => (await signedInDeskOf(w)).desk.desk.search({ query: { q: "ada" } }),
  "desk.check": async (w) => {
    const { desk, guest } = await signedInDeskOf(w);
    return desk.desk.check({ body: { scanId: crypto.randomUUID(), guestId: guest.id } });
  },
  "desk.checkBatch": async (w) => {
    const { desk, guest } = await signedInDeskOf(w);
    return desk.desk.checkBatch({ body: { scans: [{ scanId: crypto.randomUUID(), guestId: guest.id }] } });
  },
  "desk.badges": async (w) => (await signedInDeskOf(w)).desk.desk.badges(),
  "desk.guestBadge": async (w) => {
    const { desk, guest } = await signedInDeskOf(w);
    return desk.desk.guestBadge({ params: { id: guest.id } });
  },

  "legacy.duplicates": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    return w.overseer.legacy.duplicates({ params: { event: event.slug } });
  },
  "legacy.mergeDuplicates": async (w) => {
    const event = await w.event();
    const one = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    const two = await buildGuest(w.server.db, event, { firstName: "Ada", lastName: "Twin" });
    return w.overseer.legacy.mergeDuplicates({
      params: { event: event.slug },
      query: { user1: one.id, user2: two.id },
    });
  },
  "legacy.deleteDuplicates": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.legacy.deleteDuplicates({ params: { event: event.slug }, body: { selectedIds: [guest.id] } });
  },
  "legacy.recommendations": async (w) => {
    const { event } = await recommendation(w);
    return w.overseer.legacy.recommendations({ params: { event: event.slug } });
  },
  "legacy.acceptRecommendation": async (w) => {
    const { event, recommendation: pending } = await recommendation(w);
    return w.overseer.legacy.acceptRecommendation({ params: { event: event.slug, id: pending.id } });
  },
  "legacy.refuseRecommendation": async (w) => {
    const { event, recommendation: pending } = await recommendation(w);
    return w.overseer.legacy.refuseRecommendation({ params: { event: event.slug, id: pending.id } });
  },
  "legacy.addRecommendations": async (w) => {
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event);
    return w.overseer.legacy.addRecommendations({
      params: { event: event.slug },
      body: {
        guestId: guest.id,
        recommendations: [{ firstName: "Grace", lastName: "Hopper", email: "grace@example.com" }],
      },
    });
  },
  "legacy.guestRecommendations": async (w) => {
    const { event, guest } = await recommendation(w);
    return w.overseer.legacy.guestRecommendations({ params: { event: event.slug, id: guest.id } });
  },
  "legacy.uploadCsv": async (w) => {
    const event = await w.event();
    return w.overseer.legacy.uploadCsv({
      params: { event: event.slug },
      form: { file: csvFile("firstName;lastName\nAda;Lovelace\n") as never },
    });
  },
  "ebadges.list": async (w) => {
    const { event } = await ebadgeOf(w);
    return w.overseer.ebadges.list({ params: w.at(event) });
  },
  "ebadges.accountList": async (w) => {
    const { event } = await ebadgeOf(w);
    return w.overseer.ebadges.accountList({ params: { a: event.accountId }, query: { event: event.id } });
  },
  "ebadges.create": async (w) => (await ebadgeOf(w)).badge,
  "ebadges.get": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.get({ params: { ...w.at(event), id: badge.id } });
  },
  "ebadges.update": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.update({ params: { ...w.at(event), id: badge.id }, body: { name: "Crew" } });
  },
  "ebadges.remove": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.remove({ params: { ...w.at(event), id: badge.id } });
  },
  "ebadges.preview": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    // A file answer to a JSON body: the client gives the address, the test posts the draft there.
    const input = { params: { ...w.at(event), id: badge.id }, body: { draft: { name: "Draft" } } };
    return fetch(w.admin.ebadges.preview.url(input), {
      method: "POST",
      headers: { Authorization: `Bearer ${w.cast.users.administrator.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(input.body),
    });
  },
  "ebadges.accountUpdate": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.accountUpdate({ params: { ...w.at(event), id: badge.id }, body: { format: "a6" } });
  },
  "ebadges.accountRemove": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.accountRemove({ params: { ...w.at(event), id: badge.id } });
  },
  "ebadges.conditions": async (w) => {
    const { event } = await ebadgeOf(w);
    return w.overseer.ebadges.conditions({ params: w.at(event) });
  },
  "ebadges.setConditions": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return w.overseer.ebadges.setConditions({
      params: w.at(event),
      body: { conditions: { [badge.id]: { guest: "status", op: "in", value: ["confirmed"] } } },
    });
  },
  "ebadges.uploadBackground": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    return uploadBackground(w, event, badge.id);
  },
  "ebadges.background": async (w) => {
    const { event, badge } = await ebadgeOf(w);
    await uploadBackground(w, event, badge.id);
    return w.download(w.admin.ebadges.background.url({ params: { ...w.at(event), id: badge.id } }));
  },
  "ebadges.print": async (w) => (await ebadgePrint(w)).print,
  "ebadges.printPdf": async (w) => {
    const { event, print } = await ebadgePrint(w);
    return w.download(w.admin.ebadges.printPdf.url({ params: { ...w.at(event), id: print.id } }));
  },
  "ebadges.guestPrints": async (w) => {
    const { event, print } = await ebadgePrint(w);
    return w.overseer.ebadges.guestPrints({ params: { ...w.at(event), id: print.guestId } });
  },
  "ebadges.createBatch": async (w) => {
    const { event } = await ebadgeOf(w);
    await buildGuest(w.server.db, event, { firstName: "Bea", status: "confirmed" });
    return w.overseer.ebadges.createBatch({
      params: w.at(event),
      body: { query: { status: "confirmed" }, layout: "a6x4" },
    });
  },
  "ebadges.batch": async (w) => {
    const { event, batch } = await ebadgeBatch(w);
    return w.overseer.ebadges.batch({ params: { ...w.at(event), id: batch.id } });
  },
  "ebadges.batchPdf": async (w) => {
    const { event, batch } = await ebadgeBatch(w);
    return w.download(w.admin.ebadges.batchPdf.url({ params: { ...w.at(event), id: batch.id } }));
  },
  "ebadges.portalBadge": async (w) => {
    const { event, cookie } = await signedInGuest(w);
    await w.overseer.ebadges.create({ params: w.at(event), body: { name: "Guests", format: "a7" } });
    return fetch(w.anonymous.ebadges.portalBadge.url({ params: { event: event.slug } }), {
      headers: { Cookie: cookie },
    });
  },
  "ticketCategories.list": async (w) => {
    const { event } = await catalogueOf(w);
    return w.overseer.ticketCategories.list({ params: w.at(event) });
  },
  "ticketCategories.create": async (w) => {
    const { event, category } = await catalogueOf(w);
    return w.overseer.ticketCategories.create({
      params: w.at(event),
      body: { name: "Students", color: "#aa0000", parentId: category.id },
    });
  },
  "ticketCategories.positions": async (w) => {
    const { event, category } = await catalogueOf(w);
    const other = await w.overseer.ticketCategories.create({
      params: w.at(event),
      body: { name: "Workshops", color: "#00aa00" },
    });
    return w.overseer.ticketCategories.positions({ params: w.at(event), body: { ids: [other.id, category.id] } });
  },
  "ticketCategories.get": async (w) => {
    const { event, category } = await catalogueOf(w);
    return w.overseer.ticketCategories.get({ params: { ...w.at(event), id: category.id } });
  },
  "ticketCategories.update": async (w) => {
    const { event, category } = await catalogueOf(w);
    return w.overseer.ticketCategories.update({
      params: { ...w.at(event), id: category.id },
      body: { name: "Full passes", color: "#112233" },
    });
  },
  "ticketCategories.remove": async (w) => {
    const event = await w.event();
    const category = await w.overseer.ticketCategories.create({
      params: w.at(event),
      body: { name: "Empty", color: "#000000" },
    });
    return w.overseer.ticketCategories.remove({ params: { ...w.at(event), id: category.id } });
  },
  "tickets.list": async (w) => {
    const { event } = await catalogueOf(w);
    return w.overseer.tickets.list({ params: w.at(event) });
  },
  "tickets.create": async (w) => {
    const { event, category } = await catalogueOf(w);
    return w.overseer.tickets.create({
      params: w.at(event),
      body: {
        caption: "Day pass",
        taxRateBp: 550,
        maxQuantity: 10,
        isOption: true,
        categoryId: category.id,
        pricePeriods: [{ startsAt: "2027-01-01T00:00:00.000Z", priceExclTaxCents: 5000 }],
      },
    });
  },
  "tickets.get": async (w) => {
    const { event, ticket } = await catalogueOf(w);
    return w.overseer.tickets.get({ params: { ...w.at(event), id: ticket.id } });
  },
  "tickets.update": async (w) => {
    const { event, ticket } = await catalogueOf(w);
    return w.overseer.tickets.update({
      params: { ...w.at(event), id: ticket.id },
      body: { isOnSale: true, taxRateBp: null },
    });
  },
  "tickets.remove": async (w) => {
    const { event, ticket } = await catalogueOf(w);
    return w.overseer.tickets.remove({ params: { ...w.at(event), id: ticket.id } });
  },
  "organizers.list": async (w) => {
    const { event } = await billedEvent(w);
    return w.overseer.organizers.list({ params: w.at(event) });
  },
  "organizers.save": async (w) => {
    const { event, organizer } = await billedEvent(w);
    return w.overseer.organizers.save({ params: w.at(event), body: { id: organizer.id, city: "Lyon" } });
  },
  "ticketingParams.get": async (w) => {
    const { event } = await billedEvent(w);
    return w.overseer.ticketingParams.get({ params: w.at(event) });
  },
  "ticketingParams.update": async (w) => {
    const { event, organizer } = await billedEvent(w);
    return w.overseer.ticketingParams.update({
      params: w.at(event),
      body: { organizerId: organizer.id, mode: "test", paymentMethods: ["card", "desk"], terms: "No refund." },
    });
  },
  "coupons.list": async (w) => {
    const { event } = await couponOf(w);
    return w.overseer.coupons.list({ params: w.at(event) });
  },
  "coupons.create": async (w) => {
    const { event, ticket } = await catalogueOf(w);
    return w.overseer.coupons.create({
      params: w.at(event),
      body: { code: "EARLY10", percentOffBp: 1000, combinable: true, ticketIds: [ticket.id] },
    });
  },
  "coupons.get": async (w) => {
    const { event, coupon } = await couponOf(w);
    return w.overseer.coupons.get({ params: { ...w.at(event), id: coupon.id } });
  },
  "coupons.update": async (w) => {
    const { event, coupon } = await couponOf(w);
    return w.overseer.coupons.update({
      params: { ...w.at(event), id: coupon.id },
      body: { amountOffCents: null, percentOffBp: 2500, maxRedemptions: null },
    });
  },
  "coupons.remove": async (w) => {
    const { event, coupon } = await couponOf(w);
    return w.overseer.coupons.remove({ params: { ...w.at(event), id: coupon.id } });
  },
  "campaigns.list": async (w) => {
    const event = await w.event();
    await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.list({ params: w.at(event) });
  },
  "campaigns.create": async (w) => {
    const event = await w.event();
    return w.overseer.campaigns.create({
      params: w.at(event),
      body: {
        name: "Thank you",
        type: "thank",
        subject: "Thank you {{firstName}}",
        content: { en: sendableContent() },
        audience: { query: { status: "confirmed" } },
      },
    });
  },
  "campaigns.get": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.get({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaigns.update": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.update({
      params: { ...w.at(event), id: campaign.id },
      body: { subject: "Last call", sendAt: "2030-01-01T09:00:00.000Z" },
    });
  },
  "campaigns.remove": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.remove({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaigns.summary": async (w) => {
    const event = await w.event();
    await buildGuest(w.server.db, event, { email: "unanswered@example.org", status: "unanswered" });
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.summary({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaigns.preview": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.preview({ params: { ...w.at(event), id: campaign.id }, body: { language: "en" } });
  },
  "campaigns.changeTemplate": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event);
    return w.overseer.campaigns.changeTemplate({
      params: { ...w.at(event), id: campaign.id },
      body: { type: "reminder", language: "fr" },
    });
  },
  "autoMails.list": async (w) => w.overseer.autoMails.list({ params: w.at(await w.event()) }),
  "autoMails.get": async (w) =>
    w.overseer.autoMails.get({ params: { ...w.at(await w.event()), kind: "magic_link", language: "fr" } }),
  "autoMails.save": async (w) => {
    const params = { ...w.at(await w.event()), kind: "order_refund" as const, language: "es" as const };
    const current = await w.overseer.autoMails.get({ params });
    return w.overseer.autoMails.save({ params, body: { subject: "Reembolso", content: current.content } });
  },
  "autoMails.reset": async (w) =>
    w.overseer.autoMails.reset({
      params: { ...w.at(await w.event()), kind: "registration_approved", language: "en" },
    }),
  "autoMails.setEnabled": async (w) =>
    w.overseer.autoMails.setEnabled({
      params: { ...w.at(await w.event()), kind: "registration_rejected" },
      body: { enabled: false },
    }),
  "autoMails.preview": async (w) =>
    w.overseer.autoMails.preview({
      params: { ...w.at(await w.event()), kind: "order_confirmation", language: "en" },
      body: {},
    }),
  "autoMails.test": async (w) =>
    w.overseer.autoMails.test({
      params: { ...w.at(await w.event()), kind: "magic_link", language: "en" },
      body: { email: "test@example.org" },
    }),
  "campaigns.send": async (w) => {
    const event = await w.event();
    await creditsPack(w.server.db, event.accountId, "campaign", 5);
    await buildGuest(w.server.db, event, { email: "invited@example.org", status: "unanswered" });
    await buildVerifiedSender(w.server.db, event.accountId);
    const campaign = await buildCampaign(w.server.db, event, { fromEmail: "events@example.org" });
    return w.overseer.campaigns.send({
      params: { ...w.at(event), id: campaign.id },
      body: { sendAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
  },
  "campaigns.cancel": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, {
      state: "scheduled",
      sendAt: new Date(Date.now() + 86_400_000),
      fromEmail: "events@example.org",
    });
    return w.overseer.campaigns.cancel({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaigns.test": async (w) => {
    const event = await w.event();
    await buildVerifiedSender(w.server.db, event.accountId);
    const campaign = await buildCampaign(w.server.db, event, { fromEmail: "events@example.org" });
    return w.overseer.campaigns.test({
      params: { ...w.at(event), id: campaign.id },
      body: { email: "me@example.org" },
    });
  },
  "campaigns.unsent": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, { state: "sent", fromEmail: "events@example.org" });
    return w.overseer.campaigns.unsent({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaignStatistics.campaign": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, { state: "sent", fromEmail: "events@example.org" });
    return w.overseer.campaignStatistics.campaign({ params: { ...w.at(event), id: campaign.id } });
  },
  "campaignStatistics.recipients": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, { state: "sent", fromEmail: "events@example.org" });
    return w.overseer.campaignStatistics.recipients({ params: { ...w.at(event), id: campaign.id }, query: {} });
  },
  "campaignStatistics.deliverability": async (w) =>
    w.overseer.campaignStatistics.deliverability({ params: w.at(await w.event()) }),
  "campaignStatistics.mailHistory": async (w) =>
    w.overseer.campaignStatistics.mailHistory({ params: { a: (await w.event()).accountId }, query: {} }),
  "campaignStatistics.legacyList": async (w) =>
    w.overseer.campaignStatistics.legacyList({ params: { event: (await w.event()).slug }, query: {} }),
  "campaignStatistics.legacyCampaign": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, { state: "sent", fromEmail: "events@example.org" });
    return w.overseer.campaignStatistics.legacyCampaign({ params: { event: event.slug, id: campaign.id } });
  },
  "campaignStatistics.legacyRecipients": async (w) => {
    const event = await w.event();
    const campaign = await buildCampaign(w.server.db, event, { state: "sent", fromEmail: "events@example.org" });
    return w.overseer.campaignStatistics.legacyRecipients({
      params: { event: event.slug, id: campaign.id },
      query: { status: "sent" },
    });
  },
  "unsubscribe.view": async (w) => w.anonymous.unsubscribe.view({ params: { token: await recipientToken(w) } }),
  "unsubscribe.unsubscribe": async (w) =>
    w.anonymous.unsubscribe.unsubscribe({ params: { token: await recipientToken(w) } }),
  "discounts.list": async (w) => {
    const { event } = await discountOf(w);
    return w.overseer.discounts.list({ params: w.at(event) });
  },
  "discounts.create": async (w) => {
    const { event, ticket } = await catalogueOf(w);
    return w.overseer.discounts.create({
      params: w.at(event),
      body: {
        name: "Group of 5",
        percentOffBp: 1000,
        ticketIds: [ticket.id],
        minQuantity: 5,
        validFrom: "2026-01-01T00:00:00.000Z",
        validUntil: "2099-01-01T00:00:00.000Z",
        combinableWithCoupons: true,
      },
    });
  },
  "discounts.get": async (w) => {
    const { event, discount } = await discountOf(w);
    return w.overseer.discounts.get({ params: { ...w.at(event), id: discount.id } });
  },
  "discounts.update": async (w) => {
    const { event, discount } = await discountOf(w);
    return w.overseer.discounts.update({
      params: { ...w.at(event), id: discount.id },
      body: { amountOffCents: null, percentOffBp: 2500, maxUses: null, isActive: false, position: 3 },
    });
  },
  "discounts.remove": async (w) => {
    const { event, discount } = await discountOf(w);
    return w.overseer.discounts.remove({ params: { ...w.at(event), id: discount.id } });
  },
  "orders.list": async (w) => {
    const { event } = await orderOf(w, "completed");
    return w.overseer.orders.list({
      params: w.at(event),
      query: { status: "completed,awaiting_payment", perPage: 10 },
    });
  },
  "orders.export": async (w) => {
    const { event } = await orderOf(w, "completed");
    return w.download(w.admin.orders.export.url({ params: w.at(event), query: { format: "xlsx" } }));
  },
  "orders.get": async (w) => {
    const { event, order } = await orderOf(w, "completed");
    return w.overseer.orders.get({ params: { ...w.at(event), id: order.id } });
  },
  "orders.create": async (w) => {
    const { event, guest, ticket } = await orderOf(w, "completed");
    return w.overseer.orders.create({
      params: w.at(event),
      body: { guestId: guest.id, items: [{ ticketId: ticket.id, quantity: 2 }], paymentMethod: "cheque", paid: true },
    });
  },
  "orders.update": async (w) => {
    const { event, order } = await orderOf(w, "completed");
    return w.overseer.orders.update({
      params: { ...w.at(event), id: order.id },
      body: { name: "Acme SAS", isCompany: true, siret: "732 829 320 00074", email: "billing@acme.example" },
    });
  },
  "orders.pay": async (w) => {
    const { event, order } = await orderOf(w, "in_cart");
    return w.overseer.orders.pay({
      params: { ...w.at(event), id: order.id },
      body: {
        method: "transfer",
        termsAccepted: true,
        name: "Inès Martin",
        address: "3 rue Oberkampf",
        zip: "75011",
        city: "Paris",
      },
    });
  },
  "orders.confirm": async (w) => {
    const { event, order } = await orderOf(w, "awaiting_payment");
    return w.overseer.orders.confirm({ params: { ...w.at(event), id: order.id }, body: { name: "Inès Martin" } });
  },
  "orders.await": async (w) => {
    const { event, order } = await orderOf(w, "in_cart");
    return w.overseer.orders.await({ params: { ...w.at(event), id: order.id }, body: { paymentMethod: "desk" } });
  },
  "orders.cancel": async (w) => {
    const { event, order } = await orderOf(w, "awaiting_payment");
    return w.overseer.orders.cancel({ params: { ...w.at(event), id: order.id } });
  },
  "orders.refund": async (w) => {
    const { event, order, items } = await orderOf(w, "completed");
    return w.overseer.orders.refund({
      params: { ...w.at(event), id: order.id },
      body: { items: [{ itemId: items[0]!.id, quantity: 1 }] },
    });
  },
  "orders.billingAddress": async (w) => {
    const { event, order } = await orderOf(w, "completed");
    return w.overseer.orders.billingAddress({ params: { ...w.at(event), id: order.id } });
  },
  "invoices.listForOrder": async (w) => {
    const { event, order } = await invoicedOrder(w);
    return w.overseer.invoices.listForOrder({ params: { ...w.at(event), id: order.id } });
  },
  "invoices.pdf": async (w) => {
    const { event, invoice } = await invoicedOrder(w);
    return w.download(
      w.admin.invoices.pdf.url({ params: { ...w.at(event), id: invoice.id }, query: { language: "fr" } }),
    );
  },
  "accountStripeKeys.get": (w) => w.overseer.accountStripeKeys.get({ params: { a: w.cast.accountA.id } }),
  "accountStripeKeys.update": (w) =>
    w.overseer.accountStripeKeys.update({
      params: { a: w.cast.accountA.id },
      body: {
        live: { publishableKey: "pk_live_contract", secretKey: "sk_live_contract", webhookSecret: "whsec_contract" },
      },
    }),
  "eventCredits.list": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "event", 10);
    return w.overseer.eventCredits.list({ params: { a: w.cast.accountA.id }, query: { status: "usable", perPage: 5 } });
  },
  "eventCredits.remaining": (w) => w.overseer.eventCredits.remaining({ params: { a: w.cast.accountA.id } }),
  "eventCredits.nonSpentOrExpired": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "event", 10);
    return w.overseer.eventCredits.nonSpentOrExpired({ params: { a: w.cast.accountA.id } });
  },
  "eventCredits.history": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "event", 10);
    return w.overseer.eventCredits.history({ params: { a: w.cast.accountA.id }, query: { reason: "add" } });
  },
  "eventCredits.add": (w) =>
    w.admin.eventCredits.add({ params: { a: w.cast.accountA.id }, body: { amount: 25, expiresAt: futureDay(30) } }),
  "eventCredits.debit": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "event", 10);
    return w.admin.eventCredits.debit({
      params: { a: w.cast.accountA.id },
      body: { amount: 3, reason: "Contract check" },
    });
  },
  "campaignCredits.list": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "campaign", 10);
    return w.overseer.campaignCredits.list({
      params: { a: w.cast.accountA.id },
      query: { status: "usable", perPage: 5 },
    });
  },
  "campaignCredits.remaining": (w) => w.overseer.campaignCredits.remaining({ params: { a: w.cast.accountA.id } }),
  "campaignCredits.nonSpentOrExpired": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "campaign", 10);
    return w.overseer.campaignCredits.nonSpentOrExpired({ params: { a: w.cast.accountA.id } });
  },
  "campaignCredits.history": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "campaign", 10);
    return w.overseer.campaignCredits.history({ params: { a: w.cast.accountA.id }, query: { reason: "add" } });
  },
  "campaignCredits.add": (w) =>
    w.admin.campaignCredits.add({ params: { a: w.cast.accountA.id }, body: { amount: 25, expiresAt: futureDay(30) } }),
  "campaignCredits.debit": async (w) => {
    await creditsPack(w.server.db, w.cast.accountA.id, "campaign", 10);
    return w.admin.campaignCredits.debit({
      params: { a: w.cast.accountA.id },
      body: { amount: 3, reason: "Contract check" },
    });
  },
  "mailErrors.list": async (w) => {
    await buildMailError(w.server.db, w.cast.accountA.id);
    return w.overseer.mailErrors.list({
      params: { a: w.cast.accountA.id },
      query: { search: "bounced", kind: "hard_bounce", perPage: 5 },
    });
  },
  "mailErrors.get": async (w) => {
    const row = await buildMailError(w.server.db, w.cast.accountA.id);
    return w.overseer.mailErrors.get({ params: { a: w.cast.accountA.id, id: row.id } });
  },
  "mailErrors.update": async (w) => {
    const row = await buildMailError(w.server.db, w.cast.accountA.id);
    return w.overseer.mailErrors.update({
      params: { a: w.cast.accountA.id, id: row.id },
      body: { kind: "blocked", reason: "Asked not to be mailed" },
    });
  },
  "mailErrors.remove": async (w) => {
    const row = await buildMailError(w.server.db, w.cast.accountA.id);
    return w.admin.mailErrors.remove({ params: { a: w.cast.accountA.id, id: row.id } });
  },
  "senders.list": async (w) => {
    await buildVerifiedSender(w.server.db, w.cast.accountA.id);
    return w.overseer.senders.list({ params: { a: w.cast.accountA.id } });
  },
  "senders.create": (w) =>
    w.overseer.senders.create({
      params: { a: w.cast.accountA.id },
      body: { email: `new-${uniqueSlug()}@example.org`, name: "Events team" },
    }),
  "senders.resend": async (w) => {
    const sender = await buildPendingSender(w.server.db, w.cast.accountA.id, `pending-${uniqueSlug()}@example.org`);
    return w.overseer.senders.resend({ params: { a: w.cast.accountA.id, id: sender.id } });
  },
  "senders.markVerified": async (w) => {
    const sender = await buildPendingSender(w.server.db, w.cast.accountA.id, `pending-${uniqueSlug()}@example.org`);
    return w.admin.senders.markVerified({ params: { a: w.cast.accountA.id, id: sender.id } });
  },
  "senders.remove": async (w) => {
    const sender = await buildPendingSender(w.server.db, w.cast.accountA.id, `gone-${uniqueSlug()}@example.org`);
    return w.overseer.senders.remove({ params: { a: w.cast.accountA.id, id: sender.id } });
  },
  "senderVerification.view": async (w) =>
    w.anonymous.senderVerification.view({ params: { token: await senderToken(w) } }),
  "senderVerification.verify": async (w) =>
    w.anonymous.senderVerification.verify({ params: { token: await senderToken(w) } }),
  "mailErrors.create": (w) =>
    w.overseer.mailErrors.create({
      params: { a: w.cast.accountA.id },
      body: { email: `blocked-${uniqueSlug()}@example.org`, kind: "blocked", reason: "Contract check" },
    }),
  "ticketOffice.office": async (w) => {
    const { event } = await ticketOfficeOf(w);
    return w.anonymous.ticketOffice.office({ params: { event: event.slug } });
  },
  "ticketOffice.quote": async (w) => {
    const { event, ticket } = await ticketOfficeOf(w);
    return w.anonymous.ticketOffice.quote({
      params: { event: event.slug },
      body: { items: [{ ticketId: ticket.id, quantity: 2 }] },
    });
  },
  "ticketOffice.order": async (w) => {
    const { event, order, secret } = await buyerOrderOf(w, "in_cart");
    return w.anonymous.ticketOffice.order({ params: { event: event.slug, id: order.id, secret } });
  },
  "ticketOffice.pay": async (w) => {
    const { event, order, secret } = await buyerOrderOf(w, "in_cart");
    return w.anonymous.ticketOffice.pay({
      params: { event: event.slug, id: order.id, secret },
      body: {
        method: "transfer",
        termsAccepted: true,
        name: "Inès Martin",
        address: "3 rue Oberkampf",
        zip: "75011",
        city: "Paris",
        isCompany: false,
      },
    });
  },
  "ticketOffice.invoice": async (w) => {
    const { event, order, secret, invoice } = await buyerOrderOf(w, "completed");
    return w.download(
      w.anonymous.ticketOffice.invoice.url({
        params: { event: event.slug, id: order.id, secret, invoiceId: invoice!.id },
      }),
    );
  },
  "ticketOffice.myOrders": async (w) => {
    const { event, client } = await buyerSignedIn(w);
    return client.ticketOffice.myOrders({ params: { event: event.slug } });
  },
  "ticketOffice.myTickets": async (w) => {
    // Signed in with a session made here: the sign-in links of the other cases use up the address's allowance.
    const event = await w.event();
    const guest = await buildGuest(w.server.db, event, { firstName: "Gus", status: "confirmed" });
    const { token } = await createGuestSession(w.server.db, guest, new Date());
    const client = clientWithCookie(w, `tessera_guest=${token}`);
    const ticket = await openTicketOffice(w, event);
    await buildOrder(w.server.db, event, {
      guestId: guest.id,
      status: "completed",
      items: [{ ticket, holderId: guest.id, quantity: 1 }],
      overrides: { paymentMethod: "desk" },
    });
    return client.ticketOffice.myTickets({ params: { event: event.slug } });
  },
  "ticketOffice.myInvoice": async (w) => {
    const { event, cookie, invoice } = await buyerSignedIn(w);
    return fetch(w.anonymous.ticketOffice.myInvoice.url({ params: { event: event.slug, invoiceId: invoice.id } }), {
      headers: { Cookie: cookie },
    });
  },
};

/** `event` selling a ticket, its ticket office open and billed. */
async function openTicketOffice(w: World, event: Event) {
  const { db } = w.server;
  await writeTicketingParams(db, event, {
    terms: "Terms",
    paymentMethods: ["card", "transfer", "desk"],
    salesStartedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  await billEventBy(db, event, await buildOrganizer(db, event.accountId));
  return buildTicket(db, event);
}

/** A fresh event whose ticket office sells a ticket. */
async function ticketOfficeOf(w: World) {
  const event = await w.event();
  return { event, ticket: await openTicketOffice(w, event) };
}

/** An order of a guest (`guestId`, else a new one) of an open office, its secret link, its invoice when completed. */
async function buyerOrderOf(w: World, status: "in_cart" | "completed", at?: { event: Event; guestId: string }) {
  const event = at?.event ?? (await w.event());
  const ticket = await openTicketOffice(w, event);
  const guestId = at?.guestId ?? (await buildGuest(w.server.db, event, { firstName: "Ines" })).id;
  const hold = status === "in_cart" ? { holdExpiresAt: new Date(Date.now() + 600_000) } : {};
  const { order } = await buildOrder(w.server.db, event, {
    guestId,
    status,
    items: [{ ticket, holderId: null, quantity: 2 }],
    overrides: { paymentMethod: status === "completed" ? "transfer" : null, ...hold },
  });
  const invoice =
    status === "completed" ? await w.server.db.transaction((trx) => issueInvoice(trx, order.id, new Date())) : null;
  return { event, order, secret: orderSecret(w.server.config.secret, order.id), invoice };
}

/** A guest signed in to an event's portal, with a completed order and its invoice. */
async function buyerSignedIn(w: World) {
  const { event, client, cookie } = await signedInGuest(w);
  const guest = await w.server.db("guests").where({ eventId: event.id }).first("id");
  const { invoice } = await buyerOrderOf(w, "completed", { event, guestId: guest.id });
  return { event, client, cookie, invoice: invoice! };
}

/** A fresh event selling a ticket (office open, transfer and desk offered) and an order of two units in `status`. */
async function orderOf(w: World, status: "completed" | "awaiting_payment" | "in_cart") {
  const event = await w.event();
  await writeTicketingParams(w.server.db, event, { terms: "Terms", paymentMethods: ["card", "transfer", "desk"] });
  const guest = await buildGuest(w.server.db, event, {
    firstName: "Ines",
    email: `ines.${event.id.slice(0, 8)}@example.org`,
  });
  const ticket = await buildTicket(w.server.db, event);
  const hold = status === "in_cart" ? { holdExpiresAt: new Date(Date.now() + 600_000) } : {};
  const { order, items } = await buildOrder(w.server.db, event, {
    guestId: guest.id,
    status,
    items: [{ ticket, holderId: null, quantity: 2 }],
    overrides: { paymentMethod: status === "completed" ? "transfer" : null, reference: "K7M2Q9XD", ...hold },
  });
  if (status === "completed") await buildOfflinePayment(w.server.db, order);
  return { event, guest, ticket, order, items };
}

/** A fresh event billed by an organizer (through the API) with an order, invoiced as the order pipeline does. */
async function invoicedOrder(w: World) {
  const { event, organizer } = await billedEvent(w);
  await w.overseer.ticketingParams.update({ params: w.at(event), body: { organizerId: organizer.id } });
  const guest = await buildGuest(w.server.db, event, { firstName: "Ines" });
  const ticket = await buildTicket(w.server.db, event);
  const { order } = await buildOrder(w.server.db, event, { guestId: guest.id, items: [{ ticket }] });
  const invoice = await w.server.db.transaction((trx) => issueInvoice(trx, order.id, new Date()));
  return { event, order, invoice };
}

/** A fresh event's catalogue with a coupon of 5 euros off its ticket, made through the API. */
async function couponOf(w: World) {
  const { event, ticket } = await catalogueOf(w);
  const coupon = await w.overseer.coupons.create({
    params: w.at(event),
    body: { code: "Friends", amountOffCents: 500, maxRedemptions: 20, ticketIds: [ticket.id] },
  });
  return { event, ticket, coupon };
}

/** A fresh event's catalogue with an automatic discount of 5 euros off its ticket, made through the API. */
async function discountOf(w: World) {
  const { event, ticket } = await catalogueOf(w);
  const discount = await w.overseer.discounts.create({
    params: w.at(event),
    body: { name: "Friends", amountOffCents: 500, maxUses: 20, ticketIds: [ticket.id] },
  });
  return { event, ticket, discount };
}

/** A fresh event and an organizer of its account made through the API. */
async function billedEvent(w: World) {
  const event = await w.event();
  const organizer = await w.overseer.organizers.save({
    params: w.at(event),
    body: { corporateName: "Tessera Events SAS", siret: "73282932000074", vatStatus: "subject" },
  });
  return { event, organizer };
}

/** A fresh event with a ticket category and a ticket in it (two price periods) made through the API. */
async function catalogueOf(w: World) {
  const event = await w.event();
  const category = await w.overseer.ticketCategories.create({
    params: w.at(event),
    body: { name: "Passes", color: "#3366ff" },
  });
  const ticket = await w.overseer.tickets.create({
    params: w.at(event),
    body: {
      caption: "Full pass",
      taxRateBp: 2000,
      categoryId: category.id,
      pricePeriods: [
        { startsAt: "2027-01-01T00:00:00.000Z", endsAt: "2027-03-01T00:00:00.000Z", priceInclTaxCents: 9000 },
        { startsAt: "2027-03-01T00:00:00.000Z", priceInclTaxCents: 12000 },
      ],
    },
  });
  return { event, category, ticket };
}

/** A fresh event with an e-badge template made through the API. */
async function ebadgeOf(w: World) {
  const event = await w.event();
  const badge = await w.overseer.ebadges.create({
    params: w.at(event),
    body: {
      name: "Staff",
      blocks: [{ id: "name", type: "guestField", field: "fullName", x: 10, y: 10, width: 100, height: 20 }],
    },
  });
  return { event, badge };
}

/** An A4 PNG background sent for the template `badgeId` through the API. */
function uploadBackground(w: World, event: Event, badgeId: string) {
  const png = new Blob([new Uint8Array(pngImage(210, 297))], { type: "image/png" });
  return w.overseer.ebadges.uploadBackground({ params: { ...w.at(event), id: badgeId }, form: { file: png as never } });
}

/** A guest's badge printed through the API. */
async function ebadgePrint(w: World) {
  const { event } = await ebadgeOf(w);
  const guest = await buildGuest(w.server.db, event, { firstName: "Pat" });
  const print = await w.overseer.ebadges.print({ params: w.at(event), body: { guestId: guest.id } });
  return { event, print };
}

/** A bulk print run to its end. */
async function ebadgeBatch(w: World) {
  const { event } = await ebadgeOf(w);
  await buildGuest(w.server.db, event, { firstName: "Bea" });
  const batch = await w.overseer.ebadges.createBatch({ params: w.at(event), body: {} });
  await w.server.deps.jobs.drain();
  return { event, batch };
}

/**
 * The response schema with every object closed (no property it does not declare), so that a field the
 * server adds or renames without the contract is caught. Records (patternProperties) stay open.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema as Record<string, unknown>).map(([key, value]) => [key, closed(value)]),
  );
  const isPlainObject = copy.type === "object" && copy.properties && !copy.patternProperties;
  if (isPlainObject && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

const closedSchemas = new Map<TSchema, TSchema>();
/** The problems of an answer against the closed response schema ([] when it matches). */
function problemsOf(schema: TSchema, answer: unknown) {
  let strict = closedSchemas.get(schema);
  if (!strict) {
    strict = closed(JSON.parse(JSON.stringify(schema))) as TSchema;
    closedSchemas.set(schema, strict);
  }
  const result = validate(strict, structuredClone(answer));
  return result.ok ? [] : result.issues;
}

function mediaTypesOf(definition: ContractDefinition): readonly string[] {
  return typeof definition.download === "string" ? [definition.download] : (definition.download ?? []);
}

const operations = listOperations(contracts);
const routeKey = (definition: ContractDefinition) =>
  `${definition.method} ${definition.isLegacy ? "" : "/api/v1"}${definition.path}`;

describe("the contracts", () => {
  it("are each mounted once by the API, and the API mounts nothing else", () => {
    const mounted = [...apiRoutes, ...legacyRoutes].map((route) => route.contract);
    expect(new Set(mounted.map(routeKey)).size).toBe(mounted.length);
    expect(mounted.map(routeKey).sort()).toEqual(operations.map(({ contract }) => routeKey(contract)).sort());
    expect(mounted.length).toBeGreaterThan(0);
    const declared = new Set(operations.map(({ contract }) => contract));
    expect(mounted.filter((definition) => !declared.has(definition)).map(routeKey)).toEqual([]);
  });

  it("each have a case here", () => {
    expect(Object.keys(CASES).sort()).toEqual(operations.map(({ name }) => name).sort());
  });
});

describe.each(databaseKinds())("every operation through the derived client on %s", (kind) => {
  const suite = useTestServer(kind);
  let world: World;

  it.each(operations.map(({ name, contract }) => ({ name, contract })))("$name", async ({ name, contract }) => {
    world ??= await makeWorld(suite.server);
    const answer = await CASES[name as OperationName](world);
    if (contract.response) {
      expect(problemsOf(contract.response, answer)).toEqual([]);
    } else if (contract.download) {
      const response = answer as Response;
      expect(response.status).toBe(200);
      const type = response.headers.get("content-type") ?? "";
      const accepts = (media: string) => media === "*/*" || type.startsWith(media);
      expect(mediaTypesOf(contract).filter(accepts), `${type} among ${mediaTypesOf(contract).join(", ")}`).not.toEqual(
        [],
      );
      if (type.startsWith("text/event-stream")) {
        // A stream does not end: its first bytes, then hang up.
        const reader = response.body!.getReader();
        expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
        await reader.cancel();
      } else expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } else {
      throw new Error(`${name} declares neither a response nor a download`);
    }
  });
});

async function makeWorld(server: TestServer): Promise<World> {
  const cast = await buildCast(server);
  const adminToken = cast.users.administrator.token;
  return {
    server,
    cast,
    admin: clientFor(server, adminToken),
    overseer: clientFor(server, cast.users.overseer.token),
    anonymous: clientFor(server),
    async event() {
      const event = await buildEvent(server.db, cast.accountA.id);
      await listOnEvent(server.db, event.id, {
        userIds: [cast.users.reader.user.id, cast.users.editor.user.id, cast.users.organizer.user.id],
      });
      return event;
    },
    at: (event) => ({ a: event.accountId, e: event.id }),
    download: (url) => fetch(url, { headers: { Authorization: `Bearer ${adminToken}` } }),
  };
}
