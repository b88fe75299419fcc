import type { TeamCreate, TeamJson, TeamUpdate } from "@tessera/shared/schemas/teams";
import { CollectionStore, type ResourceEndpoints, type StoreContext } from "./CollectionStore.ts";

export interface TeamsQuery {
  accountId: string | null;
  search: string;
}

/** The teams of the account with their members (GET/POST/DELETE /accounts/{a}/teams …). */
export class TeamsStore extends CollectionStore<TeamJson, TeamsQuery, TeamCreate, TeamUpdate> {
  constructor(context: StoreContext) {
    super(context, { accountId: null, search: "" });
  }

  protected get endpoints(): ResourceEndpoints<TeamJson, TeamsQuery, TeamCreate, TeamUpdate> {
    const { teams } = this.context.api;
    const accountId = this.accountId;
    return {
      list: (query, page) => teams.list(accountId, { search: query.search, expand: "members", ...page }),
      get: (id) => teams.get(accountId, id),
      create: (input) => teams.create(accountId, input),
      update: (id, input) => teams.update(accountId, id, input),
      remove: (id) => teams.remove(accountId, id),
    };
  }

  private get accountId(): string {
    if (!this.query.accountId) throw new Error("TeamsStore: no account chosen");
    return this.query.accountId;
  }

  async addMember(teamId: string, userId: string): Promise<void> {
    const accountId = this.accountId;
    this.upsert(await this.call(() => this.context.api.teams.addMember(accountId, teamId, userId), teamId));
  }

  async removeMember(teamId: string, userId: string): Promise<void> {
    const accountId = this.accountId;
    this.upsert(await this.call(() => this.context.api.teams.removeMember(accountId, teamId, userId), teamId));
  }
}
