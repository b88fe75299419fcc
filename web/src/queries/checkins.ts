import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { createApiClient, isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { checkinCodeContracts, checkinContracts, deskContracts } from "@tessera/shared/contracts/checkins";
import { getActiveLanguage } from "@/app/language.ts";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { dropFromList, keepInList } from "./pages.ts";
import { isWorthRetrying } from "./queryClient.ts";

type Sessions = typeof checkinContracts;
type Codes = typeof checkinCodeContracts;
type Desk = typeof deskContracts;
export type CheckinJson = ContractOutput<Sessions["get"]>;
export type CheckinCreateBody = ContractInput<Sessions["create"]>["body"];
export type CheckinUpdateBody = ContractInput<Sessions["update"]>["body"];
export type CheckinStatsJson = ContractOutput<Sessions["stats"]>;
export type ScanBody = ContractInput<Sessions["check"]>["body"];
export type ScanAnswer = ContractOutput<Sessions["check"]>;
export type AccessCodeJson = ContractOutput<Codes["create"]>;
export type DeskConnectionJson = ContractOutput<Codes["sessions"]>["data"][number];
export type DeskSessionJson = ContractOutput<Desk["session"]>;
export type DeskGuestJson = ContractOutput<Desk["search"]>["data"][number];

/** The cache keys of an event's check-in sessions: the list, each session, its figures, codes and desks. */
export const checkinKeys = {
  all: (accountId: string, eventId: string) => ["checkins", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["checkins", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, id: string) => ["checkins", accountId, eventId, "detail", id] as const,
  /** Every session's figures (the live board reads them again as scans come). */
  allStats: (accountId: string, eventId: string) => ["checkins", accountId, eventId, "stats"] as const,
  stats: (accountId: string, eventId: string, id: string) => ["checkins", accountId, eventId, "stats", id] as const,
  lastCode: (accountId: string, eventId: string, id: string) =>
    ["checkins", accountId, eventId, "lastCode", id] as const,
  desks: (accountId: string, eventId: string, id: string) => ["checkins", accountId, eventId, "desks", id] as const,
};

export function checkinsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: checkinKeys.list(accountId, eventId),
    queryFn: async () => (await api.checkins.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** The event's check-in sessions, newest first, each with its last desk connections. */
export function useCheckins(accountId: string, eventId: string) {
  return useQuery(checkinsQuery(accountId, eventId));
}

/** One session; shown at once from the list when the list was read, fetched again in the background. */
export function checkinQuery(queryClient: QueryClient, accountId: string, eventId: string, id: string) {
  return queryOptions({
    queryKey: checkinKeys.detail(accountId, eventId, id),
    queryFn: () => api.checkins.get({ params: { a: accountId, e: eventId, id } }),
    initialData: () =>
      queryClient.getQueryData<CheckinJson[]>(checkinKeys.list(accountId, eventId))?.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(checkinKeys.list(accountId, eventId))?.dataUpdatedAt,
  });
}

/** One session; none read while `id` is null (a new session). */
export function useCheckin(accountId: string, eventId: string, id: string | null) {
  return useQuery({ ...checkinQuery(useQueryClient(), accountId, eventId, id ?? ""), enabled: id !== null });
}

/** A session's figures (guests checked in, present now …); read again every half minute while shown. */
export function checkinStatsQuery(accountId: string, eventId: string, id: string) {
  return queryOptions({
    queryKey: checkinKeys.stats(accountId, eventId, id),
    queryFn: () => api.checkins.stats({ params: { a: accountId, e: eventId, id } }),
    refetchInterval: 30_000,
  });
}

export function useCheckinStats(accountId: string, eventId: string, id: string) {
  return useQuery(checkinStatsQuery(accountId, eventId, id));
}

/** Keeps a session as the API answered it (its entry and its row of the list), and marks the history stale. */
function keepCheckin(queryClient: QueryClient, accountId: string, eventId: string, checkin: CheckinJson): void {
  queryClient.setQueryData(checkinKeys.detail(accountId, eventId, checkin.id), checkin);
  keepInList(queryClient, checkinKeys.list(accountId, eventId), checkin);
  void queryClient.invalidateQueries({ queryKey: checkinKeys.stats(accountId, eventId, checkin.id) });
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates a session; 409 max_checkins_reached past the event's maximum of offline sessions. */
export function createCheckinMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: CheckinCreateBody) => api.checkins.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (checkin) => keepCheckin(queryClient, accountId, eventId, checkin),
  });
}

export function updateCheckinMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: CheckinUpdateBody }) =>
      api.checkins.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (checkin) => keepCheckin(queryClient, accountId, eventId, checkin),
  });
}

/** Deletes a session with its access codes, desk tokens and scans. */
export function removeCheckinMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.checkins.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, id) => {
      for (const key of [checkinKeys.detail, checkinKeys.stats, checkinKeys.lastCode, checkinKeys.desks]) {
        queryClient.removeQueries({ queryKey: key(accountId, eventId, id) });
      }
      dropFromList(queryClient, checkinKeys.list(accountId, eventId), id);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
  });
}

export function useCreateCheckin(accountId: string, eventId: string) {
  return useMutation(createCheckinMutation(useQueryClient(), accountId, eventId));
}
export function useUpdateCheckin(accountId: string, eventId: string) {
  return useMutation(updateCheckinMutation(useQueryClient(), accountId, eventId));
}
export function useRemoveCheckin(accountId: string, eventId: string) {
  return useMutation(removeCheckinMutation(useQueryClient(), accountId, eventId));
}

// ---- access codes and the desks they let in ----------------------------------------------------------

/** The session's newest access code, without its text (shown once, when made). */
export function lastAccessCodeQuery(accountId: string, eventId: string, checkinId: string) {
  return queryOptions({
    queryKey: checkinKeys.lastCode(accountId, eventId, checkinId),
    queryFn: async () =>
      (await api.checkinCodes.last({ params: { a: accountId, e: eventId }, query: { checkinId } })).data,
  });
}

export function useLastAccessCode(accountId: string, eventId: string, checkinId: string) {
  return useQuery(lastAccessCodeQuery(accountId, eventId, checkinId));
}

/** The desks signed in to the session with its codes, last seen first. */
export function deskConnectionsQuery(accountId: string, eventId: string, checkinId: string) {
  return queryOptions({
    queryKey: checkinKeys.desks(accountId, eventId, checkinId),
    queryFn: async () =>
      (await api.checkinCodes.sessions({ params: { a: accountId, e: eventId }, query: { checkinId } })).data,
  });
}

export function useDeskConnections(accountId: string, eventId: string, checkinId: string) {
  return useQuery(deskConnectionsQuery(accountId, eventId, checkinId));
}

function codesChanged(queryClient: QueryClient, accountId: string, eventId: string, checkinId: string) {
  void queryClient.invalidateQueries({ queryKey: checkinKeys.lastCode(accountId, eventId, checkinId) });
  void queryClient.invalidateQueries({ queryKey: checkinKeys.desks(accountId, eventId, checkinId) });
  void queryClient.invalidateQueries({ queryKey: checkinKeys.list(accountId, eventId) });
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Makes an access code: its text is in this answer only. */
export function createAccessCodeMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (checkinId: string) =>
      api.checkinCodes.create({ params: { a: accountId, e: eventId }, body: { checkinId } }),
    onSuccess: (code) => codesChanged(queryClient, accountId, eventId, code.checkinId),
  });
}

/** Revokes a code: it lets no desk in any more, and its desks are signed out. */
export function revokeAccessCodeMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ codeId }: { codeId: string; checkinId: string }) =>
      api.checkinCodes.revoke({ params: { a: accountId, e: eventId, id: codeId } }),
    onSuccess: (_answer, { checkinId }) => codesChanged(queryClient, accountId, eventId, checkinId),
  });
}

export function useCreateAccessCode(accountId: string, eventId: string) {
  return useMutation(createAccessCodeMutation(useQueryClient(), accountId, eventId));
}
export function useRevokeAccessCode(accountId: string, eventId: string) {
  return useMutation(revokeAccessCodeMutation(useQueryClient(), accountId, eventId));
}

// ---- scans -----------------------------------------------------------------------------------------------

/** A new scan's id: sent again with the same id, a scan answers its first answer and records nothing. */
export function newScanId(): string {
  return crypto.randomUUID();
}

/**
 * Network failures and server errors (the query layer's rule): the scan may or may not have been recorded, so
 * it is sent again. Anything but the API client's errors is a bug, not worth a retry.
 */
function isScanWorthRetrying(error: unknown): boolean {
  return isApiError(error) && isWorthRetrying(error);
}

export interface ScanRetry {
  /** Tries after the first (default 3). */
  retries?: number;
  /** The wait before try n (1-based), in ms (default 500 ms, 1 s, 2 s …). */
  delay?: (attempt: number) => number;
}

/**
 * Sends a scan, and sends it again with the same body (so the same scan id) when no answer came: the API
 * answers a repeat with the first answer, so a guest is never counted twice by a retry. Refusals (4xx) are
 * answers and are not retried.
 */
export async function sendScan<T>(
  send: (body: ScanBody) => Promise<T>,
  body: ScanBody,
  { retries = 3, delay = (attempt) => 500 * 2 ** (attempt - 1) }: ScanRetry = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(body);
    } catch (error) {
      if (attempt >= retries || !isScanWorthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay(attempt + 1)));
    }
  }
}

/** An organizer scans at their own desk in the back office (their session); editors and up may force an entry. */
export function backOfficeScanMutation(queryClient: QueryClient, accountId: string, eventId: string, id: string) {
  return mutationOptions({
    mutationFn: (body: ScanBody) =>
      sendScan((sent) => api.checkins.check({ params: { a: accountId, e: eventId, id }, body: sent }), body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: checkinKeys.stats(accountId, eventId, id) }),
  });
}

export function useBackOfficeScan(accountId: string, eventId: string, id: string) {
  return useMutation(backOfficeScanMutation(useQueryClient(), accountId, eventId, id));
}

// ---- the desk (signed in with an access code, no organizer session) ------------------------------------

/** Where a desk keeps its token: this tab only, gone when it is closed. */
export const DESK_TOKEN_KEY = "tessera.deskToken";

function deskStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // A browser that refuses storage: the desk signs in again after a reload.
    return null;
  }
}

export function readDeskToken(): string | null {
  return deskStorage()?.getItem(DESK_TOKEN_KEY) ?? null;
}

export function storeDeskToken(token: string | null): void {
  const storage = deskStorage();
  if (token) storage?.setItem(DESK_TOKEN_KEY, token);
  else storage?.removeItem(DESK_TOKEN_KEY);
}

/** The desk's client: the token its access code gave it, never the organizer's cookie session. */
export const deskApi = createApiClient({ language: getActiveLanguage, token: readDeskToken });

export const deskKeys = {
  all: ["desk"] as const,
  session: ["desk", "session"] as const,
  search: (q: string) => ["desk", "search", q] as const,
};

/** Trades an access code for a desk token, kept in sessionStorage; the answer is the desk's session. */
export function deskSignInMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: { code: string; desk: string }) =>
      deskApi.desk.signIn({ body: { code: body.code.trim(), desk: body.desk.trim() } }),
    onSuccess: ({ token, ...session }) => {
      storeDeskToken(token);
      queryClient.setQueryData(deskKeys.session, session);
    },
  });
}

export function useDeskSignIn() {
  return useMutation(deskSignInMutation(useQueryClient()));
}

/** The desk's session (its name, displayed fields, options), read with the kept token; none without one. */
export function deskSessionQuery() {
  return queryOptions({
    queryKey: deskKeys.session,
    queryFn: () => deskApi.desk.session(),
    enabled: readDeskToken() !== null,
  });
}

export function useDeskSession() {
  return useQuery(deskSessionQuery());
}

/** Forgets the desk's token and its cached answers (here only: a 401 says the API forgot it already). */
export function forgetDesk(queryClient: QueryClient): void {
  storeDeskToken(null);
  queryClient.removeQueries({ queryKey: deskKeys.all });
}

/** Forgets the desk's token (and its cached answers), telling the API when it still can. */
export async function deskSignOut(queryClient: QueryClient): Promise<void> {
  try {
    if (readDeskToken()) await deskApi.desk.signOut();
  } catch {
    // Signed out already, or offline: the token is forgotten here all the same.
  } finally {
    forgetDesk(queryClient);
  }
}

/** The session's guests whose name matches, for a guest without their code. */
export function deskSearchQuery(q: string) {
  return queryOptions({
    queryKey: deskKeys.search(q),
    queryFn: async () => (await deskApi.desk.search({ query: { q, limit: 20 } })).data,
    enabled: q.trim().length >= 2,
    staleTime: 10_000,
  });
}

export function useDeskSearch(q: string) {
  return useQuery(deskSearchQuery(q));
}

/** A scan at the desk, sent again with the same scan id while no answer comes. */
export function deskScan(body: ScanBody, retry?: ScanRetry): Promise<ScanAnswer> {
  // A desk cannot force an entry: the API refuses `force` from a desk token.
  const { force: _force, ...sent } = body;
  return sendScan((scan) => deskApi.desk.check({ body: scan }), sent, retry);
}

/**
 * The event's guests whose name, email or company matches, for an organizer's desk in the back office (the
 * guest list's search; the scan's answer then says whether the session lets them in).
 */
export function backOfficeGuestSearchQuery(accountId: string, eventId: string, q: string) {
  return queryOptions({
    queryKey: ["checkins", accountId, eventId, "guestSearch", q] as const,
    queryFn: async () => {
      const page = await api.guests.list({
        params: { a: accountId, e: eventId },
        query: { search: q, perPage: 20, count: false, sort: "lastName", order: "asc" },
      });
      return page.data.map((guest) => ({
        id: guest.id,
        fields: { firstName: guest.firstName, lastName: guest.lastName, company: guest.company, email: guest.email },
      }));
    },
    enabled: q.trim().length >= 2,
    staleTime: 10_000,
  });
}

export function useBackOfficeGuestSearch(accountId: string, eventId: string, q: string) {
  return useQuery(backOfficeGuestSearchQuery(accountId, eventId, q));
}
