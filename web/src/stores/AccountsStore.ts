import type { Account, AccountCreate, AccountUpdate } from "@tessera/shared/schemas/users";
import { CollectionStore, type ResourceEndpoints, type StoreContext } from "./CollectionStore.ts";

export interface AccountsQuery {
  search: string;
}

/** Every account of the platform, for platform administrators (GET/POST /accounts …). */
export class AccountsStore extends CollectionStore<Account, AccountsQuery, AccountCreate, AccountUpdate> {
  constructor(context: StoreContext) {
    super(context, { search: "" });
  }

  protected get endpoints(): ResourceEndpoints<Account, AccountsQuery, AccountCreate, AccountUpdate> {
    const { accounts } = this.context.api;
    return {
      list: (query, page) => accounts.list({ search: query.search, ...page }),
      get: (id) => accounts.get(id),
      create: (input) => accounts.create(input),
      update: (id, input) => accounts.update(id, input),
    };
  }

  /** Accounts whose name matches, for pickers (not kept in the store's page). */
  search(search: string) {
    return this.call(() => this.context.api.accounts.list({ search, perPage: 20 }));
  }
}
