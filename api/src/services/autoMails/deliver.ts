import { CAMPAIGN_LANGUAGES, type AutoMailKind, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { renderAutoMail } from "../../campaigns/autoMails/render.ts";
import { autoMailValues, type AutoMailKindValues, type AutoMailRecipient } from "../../campaigns/autoMails/values.ts";
import { MAIL_JOB_OPTIONS } from "../../mail/index.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { loadCampaignEventFacts } from "../campaigns/eventFacts.ts";
import { currentGuestCodeText } from "../checkin-codes/codes.ts";
import { suppressedEmails } from "../mailErrors/suppression.ts";
import type { AppDeps } from "../scope.ts";
import { loadAutoMail } from "./wording.ts";

/*
 * Sending an automatic mail (issue 15 item 7): at its moment (after the change it tells of is committed), a job
 * renders the event's wording of the kind (its own or the default) in the guest's language and queues the
 * message on the mail queue. A kind the event turned off sends nothing; an address the account must not mail
 * (a hard bounce, a complaint, a block) gets nothing. The request that caused it only queues the job.
 */

export const AUTO_MAIL_JOB = "auto_mails.send";

export interface AutoMailJob {
  eventId: string;
  kind: AutoMailKind;
  to: string;
  /** The guest it is about (their names, links and language); none for an order placed without one. */
  guestId: string | null;
  /** The language the guest used at that moment (the page's); else the guest's, else the event's first. */
  language?: string | null;
  /** Names when there is no guest (an order's buyer). */
  recipient?: Omit<AutoMailRecipient, "email">;
  /** The moment's values: the order, the refund, the sign-in link. */
  values?: AutoMailKindValues;
  /** Show the guest's entry QR code (a confirmed registration). */
  withEntryCode?: boolean;
}

export type AutoMailOutcome = "queued" | "disabled" | "suppressed" | "gone";

export function campaignLanguage(...candidates: (string | null | undefined)[]): CampaignLanguage {
  const found = candidates.find((candidate) => (CAMPAIGN_LANGUAGES as readonly unknown[]).includes(candidate));
  return (found as CampaignLanguage | undefined) ?? "en";
}

/** Renders and queues the mail now (a job's work, or the sign-in link's job). */
export async function deliverAutoMail(deps: AppDeps, job: AutoMailJob): Promise<AutoMailOutcome> {
  const event = await Event.query(deps.db).findById(job.eventId);
  if (!event) return "gone";
  const guest = job.guestId ? await Guest.query(deps.db).findOne({ id: job.guestId, eventId: event.id }) : undefined;
  if (job.guestId && !guest) return "gone";
  const language = campaignLanguage(job.language, guest?.language, event.languages[0]);
  const mail = await loadAutoMail(deps.db, event.id, job.kind, language);
  if (!mail.enabled) return "disabled";
  if ((await suppressedEmails(deps.db, event.accountId, [job.to])).size) return "suppressed";
  const recipient: AutoMailRecipient = {
    firstName: guest?.firstName ?? job.recipient?.firstName ?? null,
    lastName: guest?.lastName ?? job.recipient?.lastName ?? null,
    company: guest?.company ?? job.recipient?.company ?? null,
    email: job.to,
  };
  const facts = await loadCampaignEventFacts(deps.db, event.id);
  const entryCode =
    job.withEntryCode && guest
      ? await currentGuestCodeText(deps.db, deps.config.secret, event, guest.id, deps.clock.now())
      : null;
  const rendered = await renderAutoMail({
    kind: job.kind,
    language,
    wording: mail.wording,
    values: autoMailValues(deps.config.publicUrl, facts, recipient, language, job.values ?? {}),
    ...(entryCode ? { entryCode } : {}),
  });
  await deps.mail.send({
    to: job.to,
    template: "auto_mail",
    language,
    data: { ...rendered, ...(entryCode ? { entryCode } : {}) },
  });
  return "queued";
}

/** Queues an automatic mail's job; a queue that fails is logged, never thrown (the change stays done). */
export async function queueAutoMail(deps: Pick<AppDeps, "jobs" | "logger">, job: AutoMailJob): Promise<void> {
  try {
    await deps.jobs.send(AUTO_MAIL_JOB, job, MAIL_JOB_OPTIONS);
  } catch (error) {
    deps.logger.error({ err: error, kind: job.kind, eventId: job.eventId }, "automatic mail not queued");
  }
}

export function registerAutoMailJobs(deps: AppDeps): void {
  deps.jobs.register<AutoMailJob>(AUTO_MAIL_JOB, async (job) => {
    await deliverAutoMail(deps, job);
  });
}
