/**
 * What a guest's badge is made of at the desk: the session's templates and the guest's badge (template, field
 * texts, entry code) from the server while it answers, else what the desk holds — the badge fetched earlier, or
 * the snapshot's fields, the event's default template and the code the guest was scanned with here.
 */
import type { DeskBadgeTemplate, DeskGuestBadge } from "@tessera/shared/schemas/deskBadges";
import type { DeskCore } from "../core.ts";
import { deskRequest, DeskHttpError, type FetchLike } from "../deskHttp.ts";
import { readSession } from "../session.ts";
import { isUnreachable } from "../sync.ts";
import type { BadgeLabel } from "./badgeLabel.ts";
import { badgeFieldsFromSnapshot, badgeForTemplate, badgeWithoutTemplate } from "./badgeForTemplate.ts";
import type { PrinterDescription } from "./printer.ts";
import { PrintRefusedError } from "./printRefusal.ts";
import { createPrintStore } from "./printStore.ts";

export interface BadgeMaterialOptions {
  core: Pick<DeskCore, "database" | "desk.info" | "desk.status">;
  now: () => Date;
  fetch?: FetchLike;
  /** A server call not answered within this time: the badge is made from what the desk holds. */
  timeoutMs: number;
}

export function createBadgeMaterial(options: BadgeMaterialOptions) {
  const { core, now } = options;
  const store = () => createPrintStore(core.database());

  async function http() {
    const session = readSession(core.database());
    if (!session) throw new PrintRefusedError("notSignedIn", "The desk is not signed in");
    const { serverUrl } = await core["desk.info"]();
    return {
      serverUrl: serverUrl ?? session.serverUrl,
      token: session.token,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    };
  }

  async function refreshTemplates(): Promise<DeskBadgeTemplate[]> {
    const answer = await deskRequest<{ data: DeskBadgeTemplate[] }>(await http(), "GET", "/desk/badges");
    store().saveTemplates(answer.data);
    return answer.data;
  }

  /** The guest's badge from the server when it answers; null when it cannot be reached (the desk is offline). */
  async function fetchGuestBadge(guestId: string): Promise<DeskGuestBadge | null> {
    if ((await core["desk.status"]()).online === false) return null;
    try {
      const badge = await deskRequest<DeskGuestBadge>(
        await http(),
        "GET",
        `/desk/guests/${encodeURIComponent(guestId)}/badge`,
      );
      const local = store();
      local.saveGuestBadge(badge, now());
      const templates = local.templates();
      const known = templates.some((template) => template.id === badge.ebadgeId);
      if (templates.length === 0 || (badge.ebadgeId && !known)) await refreshTemplates();
      return badge;
    } catch (error) {
      if (error instanceof DeskHttpError && error.status === 404)
        throw new PrintRefusedError("unknownGuest", "This guest is not one of the session's");
      if (isUnreachable(error)) return null;
      throw error;
    }
  }

  /** The guest's badge label for `printer`, and whether it holds the QR its template shows. */
  async function labelOf(
    guestId: string,
    printer: PrinterDescription,
  ): Promise<{ label: BadgeLabel; withQr: boolean }> {
    const local = store();
    const fetched = await fetchGuestBadge(guestId);
    const badge = fetched ?? local.guestBadge(guestId);
    const snapshot = local.snapshotFields(guestId);
    if (!badge && !snapshot) throw new PrintRefusedError("unknownGuest", "The desk does not know this guest");
    const fields = { ...badgeFieldsFromSnapshot(snapshot ?? {}), ...badge?.fields };
    const code = badge?.entryCode ?? local.scannedCode(guestId);
    const templates = local.templates();
    const template = badge
      ? (templates.find((candidate) => candidate.id === badge.ebadgeId) ?? null)
      : (templates.find((candidate) => candidate.isDefault) ?? (templates.length === 1 ? templates[0]! : null));
    const size = printer.label;
    const label = template ? badgeForTemplate(template, fields, code, size) : badgeWithoutTemplate(fields, code, size);
    const showsCode = template ? template.blocks.some((block) => block.type === "qrCode") : true;
    return { label, withQr: !showsCode || label.qr !== null };
  }

  return { refreshTemplates, labelOf };
}
