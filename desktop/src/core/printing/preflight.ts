/**
 * The pre-flight check before doors open (issue 13, item 6): each check says whether it passes and why not, with
 * an i18n key (web's deskPrint.preflight.*) the renderer translates and an English detail for logs.
 */
import type { PrinterStatus } from "./printerStatus.ts";

export type PreflightCheckId = "signedIn" | "sync" | "keys" | "templates" | "printer" | "pendingScans";

export interface PreflightCheck {
  id: PreflightCheckId;
  ok: boolean;
  /** What was found, in English. */
  detail: string | null;
  /** The i18n key of the detail (namespace web) and its values. */
  detailKey: string;
  values: Record<string, string | number>;
}

export interface PreflightFacts {
  signedIn: boolean;
  lastSyncAgeMs: number | null;
  maxSyncAgeMs: number;
  verificationKeys: number;
  badgeTemplates: number;
  printer: { name: string; status: PrinterStatus } | null;
  pendingScans: number;
}

const minutes = (ms: number) => Math.floor(ms / 60_000);

function check(
  id: PreflightCheckId,
  ok: boolean,
  key: string,
  detail: string,
  values: Record<string, string | number> = {},
): PreflightCheck {
  return { id, ok, detail, detailKey: `deskPrint.preflight.${id}.${key}`, values };
}

function printerCheck(printer: PreflightFacts["printer"]): PreflightCheck {
  if (!printer) return check("printer", false, "none", "No badge printer is set up");
  const { name, status } = printer;
  const values = { name, detail: status.detail ?? "" };
  switch (status.state) {
    case "ready":
      return check("printer", true, "ready", `${name} is ready`, values);
    case "paperOut":
      return check("printer", false, "paperOut", `${name} is out of paper`, values);
    case "offline":
      return check("printer", false, "offline", `${name} does not answer (${status.detail ?? "offline"})`, values);
    case "unknown":
      return check("printer", false, "unknown", `${name} cannot tell its state`, values);
  }
}

export function preflightChecks(facts: PreflightFacts): PreflightCheck[] {
  const { lastSyncAgeMs, maxSyncAgeMs } = facts;
  const max = { max: minutes(maxSyncAgeMs) };
  return [
    facts.signedIn
      ? check("signedIn", true, "yes", "The desk is signed in to its session")
      : check("signedIn", false, "no", "The desk is not signed in"),
    lastSyncAgeMs === null
      ? check("sync", false, "never", "The desk never synced", max)
      : lastSyncAgeMs <= maxSyncAgeMs
        ? check("sync", true, "recent", `Last sync ${minutes(lastSyncAgeMs)} min ago`, {
            ...max,
            minutes: minutes(lastSyncAgeMs),
          })
        : check("sync", false, "old", `Last sync ${minutes(lastSyncAgeMs)} min ago (over ${max.max} min)`, {
            ...max,
            minutes: minutes(lastSyncAgeMs),
          }),
    facts.verificationKeys > 0
      ? check("keys", true, "valid", `${facts.verificationKeys} verification key(s) in force`, {
          count: facts.verificationKeys,
        })
      : check("keys", false, "none", "No verification key in force: codes cannot be checked offline"),
    facts.badgeTemplates > 0
      ? check("templates", true, "some", `${facts.badgeTemplates} badge template(s)`, { count: facts.badgeTemplates })
      : check("templates", false, "none", "No badge template: badges print the name and code only"),
    printerCheck(facts.printer),
    facts.pendingScans === 0
      ? check("pendingScans", true, "none", "Every scan is on the server")
      : check("pendingScans", false, "some", `${facts.pendingScans} scan(s) not yet on the server`, {
          count: facts.pendingScans,
        }),
  ];
}
