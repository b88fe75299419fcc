import { mutationOptions, queryOptions, useMutation, useQuery, type QueryClient } from "@tanstack/react-query";
import { isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { portalContracts } from "@tessera/shared/contracts/portal";
import { api } from "./api.ts";
import { publicFormKeys } from "./publicForms.ts";
import { MAX_RETRIES, isWorthRetrying } from "./queryClient.ts";

type Contracts = typeof portalContracts;
/** The signed-in guest and their event, as the portal shows them. */
export type PortalMeJson = ContractOutput<Contracts["me"]>;
export type PortalSignInBody = ContractInput<Contracts["signIn"]>["body"];
/** The guest's registration: the form's id, their status, names, answers and attendees-list consent. */
export type PortalRegistrationJson = ContractOutput<Contracts["registration"]>;
export type PortalRegistrationBody = ContractInput<Contracts["updateRegistration"]>["body"];
export type PortalCompanionListJson = ContractOutput<Contracts["companions"]>;
export type PortalCompanionJson = PortalCompanionListJson["data"][number];
export type PortalCompanionBody = ContractInput<Contracts["addCompanion"]>["body"];
export type PortalSurveyJson = ContractOutput<Contracts["surveys"]>["data"][number];
export type PortalAttendeeJson = ContractOutput<Contracts["attendees"]>["data"][number];

/** The cache keys of an event's portal (a guest session is for one event): who is signed in, and their data. */
export const portalKeys = {
  all: (eventSlug: string) => ["portal", eventSlug] as const,
  me: (eventSlug: string) => ["portal", eventSlug, "me"] as const,
  registration: (eventSlug: string) => ["portal", eventSlug, "registration"] as const,
  companions: (eventSlug: string) => ["portal", eventSlug, "companions"] as const,
  companionForm: (eventSlug: string) => ["portal", eventSlug, "companionForm"] as const,
  surveys: (eventSlug: string) => ["portal", eventSlug, "surveys"] as const,
  survey: (eventSlug: string, surveyId: string) => ["portal", eventSlug, "surveys", surveyId] as const,
  attendees: (eventSlug: string) => ["portal", eventSlug, "attendees"] as const,
  entryCode: (eventSlug: string) => ["portal", eventSlug, "entryCode"] as const,
};

/**
 * A portal call answered 401: the guest's session ended (it expired, or they signed out elsewhere). Not an
 * API error, so that it never reaches the query layer's handling of the back-office's session.
 */
export class GuestSessionEnded extends Error {
  constructor() {
    super("The guest's portal session has ended");
    this.name = "GuestSessionEnded";
  }
}

/** Runs a call of the signed-in guest: on a 401 the portal forgets them (its pages go back to the sign-in). */
export async function asGuest<T>(client: QueryClient, eventSlug: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      client.setQueryData(portalKeys.me(eventSlug), null);
      throw new GuestSessionEnded();
    }
    throw error;
  }
}

/** A read the API answers 404 when there is nothing to show (no companion form, no published list): null. */
async function orNothing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The query layer's retries, but an ended session is not tried again. */
export const retryGuestRead = (failureCount: number, error: unknown) =>
  !(error instanceof GuestSessionEnded) && failureCount < MAX_RETRIES && isWorthRetrying(error);

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
    onSuccess: (_answer, _variables, _result, { client: queryClient }) => {
      queryClient.removeQueries({
        queryKey: portalKeys.all(eventSlug),
        predicate: (query) => query.queryKey[2] !== "me",
      });
      queryClient.setQueryData(portalKeys.me(eventSlug), null);
    },
  });
}

export function usePortalSignOut(eventSlug: string) {
  return useMutation(portalSignOutMutation(eventSlug));
}

/** The signed-in guest's registration: which form to answer again, their status, names and answers. */
export function portalRegistrationQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.registration(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => api.portal.registration({ params: { event: eventSlug } })),
    retry: retryGuestRead,
  });
}

export function usePortalRegistration(eventSlug: string) {
  return useQuery(portalRegistrationQuery(eventSlug));
}

/** Reads again what a change of the registration touches: the guest's status and answers, their companions. */
function refreshRegistration(client: QueryClient, eventSlug: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: portalKeys.me(eventSlug) }),
    client.invalidateQueries({ queryKey: portalKeys.registration(eventSlug) }),
    client.invalidateQueries({ queryKey: portalKeys.companions(eventSlug) }),
    client.invalidateQueries({ queryKey: portalKeys.entryCode(eventSlug) }),
  ]);
}

/**
 * Changes the guest's answers through the event's registration form (its rules, quotas and closing date).
 * When an answer filled up meanwhile, the form is read again so that it shows it full.
 */
export function updatePortalRegistrationMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: (items: PortalRegistrationBody, { client }) =>
      asGuest(client, eventSlug, () => api.portal.updateRegistration({ params: { event: eventSlug }, body: items })),
    onSuccess: (_result, _items, _context, { client }) => refreshRegistration(client, eventSlug),
    onError: (error, _items, _context, { client }) => {
      if (isApiError(error) && error.status === 409) {
        void client.invalidateQueries({ queryKey: publicFormKeys.ofEvent(eventSlug) });
      }
    },
  });
}

export function useUpdatePortalRegistration(eventSlug: string) {
  return useMutation(updatePortalRegistrationMutation(eventSlug));
}

/** The guest cancels their registration: their status becomes cancelled at once on screen. */
export function cancelPortalRegistrationMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: (_nothing: void, { client }) =>
      asGuest(client, eventSlug, () => api.portal.cancelRegistration({ params: { event: eventSlug } })),
    onSuccess: (result, _nothing, _context, { client }) => {
      client.setQueryData(portalKeys.me(eventSlug), (me: PortalMeJson | null | undefined) =>
        me ? { ...me, guest: { ...me.guest, status: result.status } } : me,
      );
      client.setQueryData(portalKeys.registration(eventSlug), (registration: PortalRegistrationJson | undefined) =>
        registration ? { ...registration, status: result.status } : registration,
      );
      return refreshRegistration(client, eventSlug);
    },
  });
}

export function useCancelPortalRegistration(eventSlug: string) {
  return useMutation(cancelPortalRegistrationMutation(eventSlug));
}

/** The guest's companions and the event's maximum of them (null: none). */
export function portalCompanionsQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.companions(eventSlug),
    queryFn: ({ client }) => asGuest(client, eventSlug, () => api.portal.companions({ params: { event: eventSlug } })),
    retry: retryGuestRead,
  });
}

export function usePortalCompanions(eventSlug: string) {
  return useQuery(portalCompanionsQuery(eventSlug));
}

/** The companion form's questions, or null when the registration form names none (a name and email only). */
export function portalCompanionFormQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.companionForm(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => orNothing(() => api.portal.companionForm({ params: { event: eventSlug } }))),
    retry: retryGuestRead,
  });
}

export function usePortalCompanionForm(eventSlug: string) {
  return useQuery(portalCompanionFormQuery(eventSlug));
}

/** Adds a companion (`id` null) or changes one; the list is read again. */
export function savePortalCompanionMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string | null; body: PortalCompanionBody }, { client }) =>
      asGuest(client, eventSlug, () =>
        id
          ? api.portal.updateCompanion({ params: { event: eventSlug, id }, body })
          : api.portal.addCompanion({ params: { event: eventSlug }, body }),
      ),
    onSuccess: (_companion, _input, _context, { client }) =>
      client.invalidateQueries({ queryKey: portalKeys.companions(eventSlug) }),
  });
}

export function useSavePortalCompanion(eventSlug: string) {
  return useMutation(savePortalCompanionMutation(eventSlug));
}

/** Removes a companion (their registration is cancelled); the list is read again. */
export function removePortalCompanionMutation(eventSlug: string) {
  return mutationOptions({
    mutationFn: (id: string, { client }) =>
      asGuest(client, eventSlug, () => api.portal.removeCompanion({ params: { event: eventSlug, id } })),
    onSuccess: (_answer, _id, _context, { client }) =>
      client.invalidateQueries({ queryKey: portalKeys.companions(eventSlug) }),
  });
}

export function useRemovePortalCompanion(eventSlug: string) {
  return useMutation(removePortalCompanionMutation(eventSlug));
}

/** The event's online satisfaction surveys: whether each takes answers now and whether the guest answered. */
export function portalSurveysQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.surveys(eventSlug),
    queryFn: async ({ client }) =>
      (await asGuest(client, eventSlug, () => api.portal.surveys({ params: { event: eventSlug } }))).data,
    retry: retryGuestRead,
  });
}

export function usePortalSurveys(eventSlug: string) {
  return useQuery(portalSurveysQuery(eventSlug));
}

/** A survey's questions, as the guest answers them. */
export function portalSurveyQuery(eventSlug: string, surveyId: string) {
  return queryOptions({
    queryKey: portalKeys.survey(eventSlug, surveyId),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => api.portal.survey({ params: { event: eventSlug, id: surveyId } })),
    retry: retryGuestRead,
  });
}

export function usePortalSurvey(eventSlug: string, surveyId: string) {
  return useQuery(portalSurveyQuery(eventSlug, surveyId));
}

/** Answers a survey (once); the list is read again, after a refusal too (answered or closed meanwhile). */
export function answerPortalSurveyMutation(eventSlug: string, surveyId: string) {
  return mutationOptions({
    mutationFn: (answers: Record<string, unknown>, { client }) =>
      asGuest(client, eventSlug, () =>
        api.portal.answerSurvey({ params: { event: eventSlug, id: surveyId }, body: { answers } }),
      ),
    onSettled: (_answer, error, _answers, _context, { client }) => {
      if (!error || (isApiError(error) && error.status === 409)) {
        return client.invalidateQueries({ queryKey: portalKeys.surveys(eventSlug), exact: true });
      }
    },
  });
}

export function useAnswerPortalSurvey(eventSlug: string, surveyId: string) {
  return useMutation(answerPortalSurveyMutation(eventSlug, surveyId));
}

/** The event's attendees list (confirmed guests who agreed), or null when the organizer does not publish it. */
export function portalAttendeesQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.attendees(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, async () => {
        const list = await orNothing(() => api.portal.attendees({ params: { event: eventSlug } }));
        return list ? list.data : null;
      }),
    retry: retryGuestRead,
  });
}

export function usePortalAttendees(eventSlug: string) {
  return useQuery(portalAttendeesQuery(eventSlug));
}

/** The signed-in guest's entry code (text and QR SVG), or null when they have none (not confirmed, or revoked). */
export function portalEntryCodeQuery(eventSlug: string) {
  return queryOptions({
    queryKey: portalKeys.entryCode(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => orNothing(() => api.entryCodes.portalCode({ params: { event: eventSlug } }))),
    retry: retryGuestRead,
  });
}

export function usePortalEntryCode(eventSlug: string) {
  return useQuery(portalEntryCodeQuery(eventSlug));
}
