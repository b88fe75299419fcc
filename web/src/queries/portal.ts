import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { portalContracts } from "@tessera/shared/contracts/portal";
import { api } from "./api.ts";

type Contracts = typeof portalContracts;
/** The signed-in guest and their event, as the portal shows them. */
export type PortalMeJson = ContractOutput<Contracts["me"]>;
export type PortalSignInBody = ContractInput<Contracts["signIn"]>["body"];

/** The cache key of who is signed in to an event's portal (a guest session is for one event). */
export const portalKeys = {
  me: (eventSlug: string) => ["portal", eventSlug, "me"] as const,
};

/**
 * The guest signed in to the event's portal, or null when none is. A 401 is an answer here, not the end of
 * the back-office's session: it never reaches the query layer's session handling.
 */
export function portalMeQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.me(eventSlug),
    queryFn: async (): Promise<PortalMeJson | null> => {
      try {
        return await api.portal.me({ params: { event: eventSlug } });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function usePortalMe(eventSlug: string) {
  return useQuery(portalMeQuery(eventSlug));
}

/** Emails a sign-in link and code (the API answers alike whether the email is a guest's or not). */
export function requestPortalLinkMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: (email: string) => api.portal.requestLink({ params: { event: eventSlug }, body: { email } }),
  });
}

export function useRequestPortalLink(eventSlug: string) {
  return useMutation(requestPortalLinkMutation(eventSlug));
}

/** Signs the guest in with the emailed link's token, or the email and code; the portal then knows them. */
export function portalSignInMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: (body: PortalSignInBody) => api.portal.signIn({ params: { event: eventSlug }, body }),
    onSuccess: (me, _body, _result, { client: queryClient }) => queryClient.setQueryData(portalKeys.me(eventSlug), me),
  });
}

export function usePortalSignIn(eventSlug: string) {
  return useMutation(portalSignInMutation(eventSlug));
}

/** Ends the guest's session on the server; whoever was signed in is forgotten. */
export function portalSignOutMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: () => api.portal.signOut({ params: { event: eventSlug } }),
    onSuccess: (_answer, _variables, _result, { client: queryClient }) =>
      queryClient.setQueryData(portalKeys.me(eventSlug), null),
  });
}

export function usePortalSignOut(eventSlug: string) {
  return useMutation(portalSignOutMutation(eventSlug));
}
