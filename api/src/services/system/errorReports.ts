import { randomUUID } from "node:crypto";
import type { Knex } from "../../db/knex.ts";
import type { Scope } from "../scope.ts";
import { allowClientErrorReport, clientAddressOf } from "../auth/loginThrottle.ts";

export interface ErrorReport {
  source: "server" | "web";
  requestId: string;
  method?: string | null;
  path?: string | null;
  message: string;
  stack?: string | null;
  userId?: string | null;
  userAgent?: string | null;
}

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/**
 * Keeps a report of what went wrong (error_reports), with the reference the user was shown. Never
 * throws: a report that cannot be written is logged instead, and never turns into a second failure.
 */
export async function recordErrorReport(
  db: Knex,
  logger: Scope["logger"],
  report: ErrorReport,
  now = new Date(),
): Promise<void> {
  try {
    await db("errorReports").insert({
      id: randomUUID(),
      source: report.source,
      requestId: report.requestId,
      method: clip(report.method, 10),
      path: clip(report.path, 2000),
      message: clip(report.message, 4000) ?? "",
      stack: clip(report.stack, 20000),
      userId: report.userId ?? null,
      userAgent: clip(report.userAgent, 500),
      createdAt: now,
    });
  } catch (error) {
    logger.error({ err: error, report }, "error report not recorded");
  }
}

/**
 * A crash of the web app, reported by the page that shows it: recorded under this request's id, which
 * the page shows as the reference. Over the per-address limit it is not recorded (the answer is the same).
 */
export async function reportClientError(
  scope: Scope,
  input: { message: string; stack?: string | undefined; path: string },
): Promise<{ reference: string }> {
  const reference = scope.requestId ?? randomUUID();
  if (await allowClientErrorReport(scope.deps, clientAddressOf(scope)))
    await recordErrorReport(
      scope.db,
      scope.logger,
      {
        source: "web",
        requestId: reference,
        path: input.path,
        message: input.message,
        stack: input.stack ?? null,
        userId: scope.actor?.kind === "user" ? scope.actor.id : null,
        userAgent: scope.userAgent,
      },
      scope.clock.now(),
    );
  return { reference };
}
