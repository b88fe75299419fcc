import type { HandTypedApiClient as ApiClient } from "@tessera/shared/client";
import { AccountUsersStore } from "./AccountUsersStore.ts";
import { AccountsStore } from "./AccountsStore.ts";
import { AdministratorsStore } from "./AdministratorsStore.ts";
import type { StoreContext } from "./CollectionStore.ts";
import { SessionStore } from "./SessionStore.ts";
import { TeamsStore } from "./TeamsStore.ts";

/** The stores of the back-office, created once when it opens. */
export class ManageStores {
  readonly session: SessionStore;
  readonly accountUsers: AccountUsersStore;
  readonly accounts: AccountsStore;
  readonly administrators: AdministratorsStore;
  readonly teams: TeamsStore;
  /** For stores a screen creates for itself (one event, a picker). */
  readonly context: StoreContext;

  constructor(api: ApiClient) {
    this.session = new SessionStore(api);
    const context = { api, onUnauthenticated: () => this.session.expire() };
    this.context = context;
    this.teams = new TeamsStore(context);
    this.accountUsers = new AccountUsersStore(context);
    this.accounts = new AccountsStore(context);
    this.administrators = new AdministratorsStore(context);
  }
}
