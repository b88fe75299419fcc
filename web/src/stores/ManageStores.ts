import type { ApiClient } from "@tessera/shared/client";
import { AccountUsersStore } from "./AccountUsersStore.ts";
import { AccountsStore } from "./AccountsStore.ts";
import { AdministratorsStore } from "./AdministratorsStore.ts";
import { SessionStore } from "./SessionStore.ts";

/** The stores of the back-office, created once when it opens. */
export class ManageStores {
  readonly session: SessionStore;
  readonly accountUsers: AccountUsersStore;
  readonly accounts: AccountsStore;
  readonly administrators: AdministratorsStore;

  constructor(api: ApiClient) {
    this.session = new SessionStore(api);
    const context = { api, onUnauthenticated: () => this.session.expire() };
    this.accountUsers = new AccountUsersStore(context);
    this.accounts = new AccountsStore(context);
    this.administrators = new AdministratorsStore(context);
  }
}
