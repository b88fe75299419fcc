import { createI18n } from "@tessera/shared";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { AutoMailPreviewBody, AutoMailTestBody } from "@tessera/shared/schemas/autoMails";
import { renderAutoMail } from "../../campaigns/autoMails/render.ts";
import { autoMailValues, sampleKindValues, type AutoMailRecipient } from "../../campaigns/autoMails/values.ts";
import type { PersonalisedCampaign } from "../../campaigns/render.ts";
import { AppError } from "../../errors.ts";
import { guestPortalLink } from "../../mail/links.ts";
import type { Event } from "../../models/Event.ts";
import { loadCampaignEventFacts } from "../campaigns/eventFacts.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { findGuest } from "../guests/write.ts";
import type { Scope } from "../scope.ts";
import { checkAutoMailWording } from "./editor.ts";
import { loadAutoMail } from "./wording.ts";

/*
 * An automatic mail's preview and test send (issue 15 item 7): the wording given (the editor's draft) or the
 * saved one, rendered as the guest would get it, with believable values for what only its moment knows (an
 * order, a refund, a sign-in link). Anyone who sees the event previews, for one of its guests or for the caller;
 * editors and up send a test to themselves (or an address they give). Nothing is recorded.
 */

interface Draft {
  subject?: string | undefined;
  content?: AutoMailPreviewBody["content"];
}

async function wordingOf(scope: Scope, event: Event, kind: AutoMailKind, language: CampaignLanguage, draft: Draft) {
  const saved = (await loadAutoMail(scope.db, event.id, kind, language)).wording;
  return { subject: draft.subject ?? saved.subject, content: draft.content ?? saved.content };
}

function callerAsRecipient(scope: Scope, email?: string): AutoMailRecipient {
  const user = scope.actor?.kind === "user" ? scope.actor.user : null;
  return {
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
    company: null,
    email: email ?? user?.email ?? "preview@example.com",
  };
}

async function render(
  scope: Scope,
  event: Event,
  kind: AutoMailKind,
  language: CampaignLanguage,
  wording: { subject: string; content: NonNullable<Draft["content"]> },
  recipient: AutoMailRecipient,
): Promise<PersonalisedCampaign> {
  const facts = await loadCampaignEventFacts(scope.db, event.id);
  const signInLink = `${guestPortalLink(scope.deps.config.publicUrl, language, event.slug)}/confirm#token=preview`;
  const kindValues = sampleKindValues(kind, language, signInLink, scope.clock.now(), event.timezone);
  return renderAutoMail({
    kind,
    language,
    wording,
    values: autoMailValues(scope.deps.config.publicUrl, facts, recipient, language, kindValues),
  });
}

export async function previewAutoMail(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  language: CampaignLanguage,
  body: AutoMailPreviewBody,
): Promise<PersonalisedCampaign> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const wording = await wordingOf(scope, event, kind, language, body);
  const guest = body.guestId ? await findGuest(scope.db, event.id, body.guestId) : null;
  const recipient = guest
    ? { firstName: guest.firstName, lastName: guest.lastName, company: guest.company, email: guest.email ?? "" }
    : callerAsRecipient(scope);
  return render(scope, event, kind, language, wording, recipient);
}

/** Sends the mail now to the caller (or `email`), marked as a test; returns the address. */
export async function sendAutoMailTest(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  language: CampaignLanguage,
  body: AutoMailTestBody,
): Promise<string> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const wording = await wordingOf(scope, event, kind, language, body);
  checkAutoMailWording(kind, wording);
  const recipient = callerAsRecipient(scope, body.email);
  const to = body.email ?? (scope.actor?.kind === "user" ? scope.actor.user.email : null);
  if (!to) throw AppError.invalid([{ field: "email", code: "required" }]);
  const message = await render(scope, event, kind, language, wording, recipient);
  const prefix = createI18n(language).getFixedT(language, "mail")("campaign.test_prefix");
  await scope.deps.mail.send({
    to,
    template: "auto_mail",
    language,
    data: { ...message, subject: `[${prefix}] ${message.subject}` },
  });
  return to;
}
