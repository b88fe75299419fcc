import type { HandTypedApiClient as ApiClient } from "@tessera/shared/client";

/**
 * What a MobX store of a screen gets from the back-office (see `useStoreContext()`): the API client and what
 * to do when the session has ended. The base collection store is gone: lists live in the query layer.
 */
export interface StoreContext {
  api: ApiClient;
  onUnauthenticated: () => void;
}
