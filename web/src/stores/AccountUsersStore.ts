import { action, makeObservable } from "mobx";
import type { AccountUserCreate, AccountUserUpdate, User } from "@tessera/shared/schemas/users";
import type { AccountRole } from "@tessera/shared/permissions";
import { CollectionStore, type ResourceEndpoints, type StoreContext } from "./CollectionStore.ts";

export interface AccountUsersQuery {
  accountId: string | null;
  search: string;
}

/** The users of one account: invite, change role, remove (GET/POST /accounts/{a}/administrators …). */
export class AccountUsersStore extends CollectionStore<User, AccountUsersQuery, AccountUserCreate, AccountUserUpdate> {
  constructor(context: StoreContext) {
    super(context, { accountId: null, search: "" });
    makeObservable(this, { showAccount: action });
  }

  protected get endpoints(): ResourceEndpoints<User, AccountUsersQuery, AccountUserCreate, AccountUserUpdate> {
    const { accountUsers } = this.context.api;
    const accountId = this.accountId;
    return {
      list: (query, page) => accountUsers.list(accountId, { search: query.search, ...page }),
      get: (id) => accountUsers.get(accountId, id),
      create: (input) => accountUsers.create(accountId, input),
      update: (id, input) => accountUsers.update(accountId, id, input),
      remove: (id) => accountUsers.remove(accountId, id),
    };
  }

  private get accountId(): string {
    if (!this.query.accountId) throw new Error("AccountUsersStore: no account chosen");
    return this.query.accountId;
  }

  /** Switches to another account's users (platform administrators browse several). */
  showAccount(accountId: string): void {
    if (this.query.accountId === accountId) {
      void this.load(1);
      return;
    }
    this.setQuery({ accountId, search: "" });
  }

  /** Emails the user the invitation to choose their password (POST …/administrators/{id}/invite). */
  async sendInvitation(userId: string): Promise<void> {
    const accountId = this.accountId;
    await this.call(() => this.context.api.accountUsers.invite(accountId, userId), userId);
  }

  changeRole(userId: string, role: AccountRole): Promise<User> {
    return this.update(userId, { role });
  }
}
