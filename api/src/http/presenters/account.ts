import type { Account as AccountJson } from "@tessera/shared";
import type { Account } from "../../models/Account.ts";
import { canInAccount } from "../../policies/accounts.ts";
import type { Actor } from "../../policies/actor.ts";

export function presentAccount(account: Account, actor: Actor | undefined): AccountJson {
  return {
    id: account.id,
    name: account.name,
    maxOrganizers: account.maxOrganizers,
    maxEvents: account.maxEvents,
    maxCampaignsPerEvent: account.maxCampaignsPerEvent,
    eventRetentionDays: account.eventRetentionDays,
    twoFactorEnabled: account.twoFactorEnabled,
    multilang: account.multilang,
    defaultPlatformDomain: account.defaultPlatformDomain,
    isActive: account.isActive,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    abilities: {
      update: canInAccount(actor, "account.update", account.id),
      updateLimits: canInAccount(actor, "account.updateLimits", account.id),
      manageUsers: canInAccount(actor, "users.manage", account.id),
      manageTeams: canInAccount(actor, "teams.manage", account.id),
      createEvents: canInAccount(actor, "events.create", account.id),
    },
  };
}
