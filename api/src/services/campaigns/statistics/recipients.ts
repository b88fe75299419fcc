import type { RecipientMailStatus } from "@tessera/shared/schemas/campaignStatistics";
import type { Knex } from "../../../db/knex.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { findCampaign } from "../campaigns.ts";
import { SUPPRESSED_ERROR_PREFIX } from "./figures.ts";

/*
 * A campaign's recipients with their mail status (spec §4: queued, sent, delivered, opened, clicked,
 * unsubscribed, bounce, blocked, error), worked out by the database from the ledger row, the furthest it went.
 */

export interface RecipientsRequest {
  page?: number;
  perPage?: number;
  search?: string;
  status?: RecipientMailStatus;
}

export interface RecipientStat {
  id: string;
  guestId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: RecipientMailStatus;
  sendStatus: string;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  error: string | null;
}

function mailStatusSql(db: Knex): Knex.Raw {
  return db.raw(
    `case
      when r.status in ('queued', 'sending') then 'queued'
      when r.status = 'failed' and r.last_error like ? then 'blocked'
      when r.status = 'failed' then 'error'
      when r.unsubscribed_at is not null then 'unsubscribed'
      when r.bounced_at is not null or r.status = 'bounced' then 'bounce'
      when r.clicked_at is not null then 'clicked'
      when r.opened_at is not null then 'opened'
      when r.delivered_at is not null then 'delivered'
      else 'sent' end`,
    [`${SUPPRESSED_ERROR_PREFIX}%`],
  );
}

const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export async function recipientsOfCampaign(db: Knex, campaignId: string, request: RecipientsRequest) {
  const page = request.page ?? 1;
  const perPage = request.perPage ?? 50;
  const status = mailStatusSql(db);
  const matching = () =>
    db("campaignRecipients as r")
      .leftJoin("guests as g", "g.id", "r.guestId")
      .where("r.campaignId", campaignId)
      .modify((query) => {
        if (request.status) void query.whereRaw("? = ?", [status, request.status]);
        const search = request.search?.trim().toLowerCase();
        if (search) {
          const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          void query.where((where) =>
            where
              .whereRaw("lower(r.email) like ? escape '\\'", [like])
              .orWhereRaw("lower(coalesce(g.first_name, '')) like ? escape '\\'", [like])
              .orWhereRaw("lower(coalesce(g.last_name, '')) like ? escape '\\'", [like]),
          );
        }
      });
  const counted = (await matching().count({ count: "*" }).first()) as { count: unknown };
  const rows = (await matching()
    .select(
      "r.id",
      "r.guestId",
      "r.email",
      "g.firstName",
      "g.lastName",
      "r.status as sendStatus",
      "r.sentAt",
      "r.openedAt",
      "r.clickedAt",
      "r.lastError",
      db.raw("? as mail_status", [status]),
    )
    .orderBy([{ column: "g.lastName" }, { column: "g.firstName" }, { column: "r.email" }, { column: "r.id" }])
    .offset((page - 1) * perPage)
    .limit(perPage)) as Record<string, unknown>[];
  return {
    rows: rows.map((row): RecipientStat => ({
      id: row.id as string,
      guestId: (row.guestId as string | null) ?? null,
      email: row.email as string,
      firstName: (row.firstName as string | null) ?? null,
      lastName: (row.lastName as string | null) ?? null,
      status: row.mailStatus as RecipientMailStatus,
      sendStatus: row.sendStatus as string,
      sentAt: toDate(row.sentAt),
      openedAt: toDate(row.openedAt),
      clickedAt: toDate(row.clickedAt),
      error: (row.lastError as string | null) ?? null,
    })),
    pagination: { page, perPage, total: Number(counted.count) },
  };
}

/** A campaign's recipients, for anyone who sees its event (by key: ids, or the legacy slug). */
export async function campaignRecipientStats(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  request: RecipientsRequest,
) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  return recipientsOfCampaign(scope.db, campaign.id, request);
}
