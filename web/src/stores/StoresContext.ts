import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/api.ts";
import { endSession } from "@/queries/sessionKeys.ts";
import type { StoreContext } from "./CollectionStore.ts";

/**
 * What a MobX store of a screen needs from the back-office: the API client, and what to do when a call is
 * answered 401 (the session ends, as it does for the query layer).
 */
export function useStoreContext(): StoreContext {
  const queryClient = useQueryClient();
  return useMemo(() => ({ api, onUnauthenticated: () => endSession(queryClient) }), [queryClient]);
}

/**
 * TRANSITION: the guests section still reads `useStores().context`; the back-office's own stores are gone
 * (server state lives in the query layer). To go once the guests section uses `useStoreContext()` or queries.
 */
export function useStores(): { context: StoreContext } {
  const context = useStoreContext();
  return useMemo(() => ({ context }), [context]);
}
