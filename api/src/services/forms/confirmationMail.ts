import type { Language } from "@tessera/shared";
import type { RegistrationOutcome } from "../../mail/mailer.ts";
import { MAIL_JOB_OPTIONS } from "../../mail/index.ts";
import { Event } from "../../models/Event.ts";
import { deliverAutoMail } from "../autoMails/deliver.ts";
import type { AppDeps, Scope } from "../scope.ts";

/*
 * The email confirming a registration, written in a job: a confirmed guest's carries their entry code, whose
 * first issue takes a lock, reads and writes that a registration storm need not wait for. The registration
 * only queues the job, and a queue that fails never undoes it.
 */

export const REGISTRATION_CONFIRMATION_JOB = "forms.send_registration_confirmation";

interface ConfirmationJob {
  eventId: string;
  guestId: string;
  to: string;
  firstName: string;
  outcome: RegistrationOutcome;
  language: Language;
}

/** Queues the confirmation of `guestId`'s registration; a failure to queue is logged, never thrown. */
export async function queueRegistrationConfirmation(
  scope: Scope,
  confirmation: Omit<ConfirmationJob, "language">,
): Promise<void> {
  try {
    await scope.deps.jobs.send(
      REGISTRATION_CONFIRMATION_JOB,
      { ...confirmation, language: scope.language } satisfies ConfirmationJob,
      MAIL_JOB_OPTIONS,
    );
  } catch (error) {
    scope.logger.error({ err: error }, "registration confirmation not queued");
  }
}

async function sendConfirmation(deps: AppDeps, job: ConfirmationJob): Promise<void> {
  // A confirmed registration: the event's automatic mail (its wording, or the default), with the entry code.
  if (job.outcome === "confirmed") {
    await deliverAutoMail(deps, {
      eventId: job.eventId,
      kind: "registration_confirmation",
      to: job.to,
      guestId: job.guestId,
      language: job.language,
      withEntryCode: true,
    });
    return;
  }
  const event = await Event.query(deps.db).findById(job.eventId);
  if (!event) return;
  // On hold (awaiting approval) or declined: the built-in acknowledgement.
  await deps.mail.send({
    to: job.to,
    template: "registration_confirmation",
    language: job.language,
    data: {
      firstName: job.firstName,
      eventName: event.name,
      outcome: job.outcome,
    },
  });
}

export function registerFormJobs(deps: AppDeps): void {
  deps.jobs.register<ConfirmationJob>(REGISTRATION_CONFIRMATION_JOB, (job) => sendConfirmation(deps, job));
}
