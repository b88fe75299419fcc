import {
  describeRule,
  formatAccessCode,
  type CheckinCodeJson,
  type CheckinJson,
  type DeskConnectionJson,
  type TFunction,
} from "@tessera/shared";
import type { CheckinDeskToken } from "../../models/CheckinDeskToken.ts";
import type { Actor } from "../../policies/actor.ts";
import { canOnEvent, canSeeEvent } from "../../policies/events.ts";
import type { AccessCodeView } from "../../services/checkins/accessCodes.ts";
import { checkinOptionsOf } from "../../services/checkins/desk.ts";
import type { CheckinView } from "../../services/checkins/sessions.ts";

export function presentDeskConnection(token: CheckinDeskToken): DeskConnectionJson {
  return {
    id: token.id,
    checkinId: token.checkinId,
    codeId: token.codeId,
    desk: token.desk,
    connectedAt: token.createdAt.toISOString(),
    lastSeenAt: token.lastSeenAt.toISOString(),
    revokedAt: token.revokedAt?.toISOString() ?? null,
  };
}

/** A session with its rule in words (the caller's language) and what the actor may do with it. */
export function presentCheckin(actor: Actor | undefined, t: TFunction, view: CheckinView): CheckinJson {
  const { checkin, event, ties, connections, fields, tickets } = view;
  const update = canOnEvent(actor, "update", event, ties);
  return {
    id: checkin.id,
    eventId: checkin.eventId,
    name: checkin.name,
    type: checkin.type,
    status: checkin.status,
    conditions: checkin.conditions ?? null,
    conditionsText: checkin.conditions ? describeRule(checkin.conditions, fields, t, { tickets }) : null,
    displayedFields: checkin.displayedFields,
    options: checkinOptionsOf(checkin),
    lastConnections: connections.map(presentDeskConnection),
    createdAt: checkin.createdAt.toISOString(),
    updatedAt: checkin.updatedAt.toISOString(),
    abilities: { update, delete: update, check: canSeeEvent(actor, event, ties) },
  };
}

export function presentAccessCode({ code, text, createdByName }: AccessCodeView): CheckinCodeJson {
  return {
    id: code.id,
    checkinId: code.checkinId,
    ...(text ? { code: formatAccessCode(text) } : {}),
    hint: code.hint,
    createdAt: code.createdAt.toISOString(),
    createdBy: createdByName,
    revokedAt: code.revokedAt?.toISOString() ?? null,
  };
}
