import type { AdministratorCreate, AdministratorUpdate, User } from "@tessera/shared/schemas/users";
import type { Role } from "@tessera/shared/permissions";
import { CollectionStore, type ResourceEndpoints, type StoreContext } from "./CollectionStore.ts";

export interface AdministratorsQuery {
  search: string;
  role: Role | null;
  accountId: string | null;
}

/** Every user of the platform, for platform administrators (GET/POST/DELETE /administrators …). */
export class AdministratorsStore extends CollectionStore<
  User,
  AdministratorsQuery,
  AdministratorCreate,
  AdministratorUpdate
> {
  constructor(context: StoreContext) {
    super(context, { search: "", role: null, accountId: null });
  }

  protected get endpoints(): ResourceEndpoints<User, AdministratorsQuery, AdministratorCreate, AdministratorUpdate> {
    const { administrators } = this.context.api;
    return {
      list: (query, page) =>
        administrators.list({
          search: query.search,
          ...(query.role ? { role: query.role } : {}),
          ...(query.accountId ? { accountId: query.accountId } : {}),
          ...page,
        }),
      create: (input) => administrators.create(input),
      update: (id, input) => administrators.update(id, input),
      remove: (id) => administrators.remove(id),
    };
  }

  /** The accounts a user is linked to (GET /administrators/{id}/accounts). */
  async accountsOf(userId: string) {
    const answer = await this.call(() => this.context.api.administrators.accounts(userId));
    return answer.data;
  }
}
