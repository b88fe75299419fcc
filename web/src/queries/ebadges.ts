import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import {
  createApiClient,
  type ContractInput,
  type ContractOutput,
  type FetchLike,
  type FetchResponse,
} from "@tessera/shared/client";
import type { ebadgeContracts } from "@tessera/shared/contracts/ebadges";
import { getActiveLanguage } from "@/app/language.ts";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { guestPageQuery } from "./guests.ts";
import { dropFromList, keepInList } from "./pages.ts";

type Contracts = typeof ebadgeContracts;
export type EbadgeJson = ContractOutput<Contracts["get"]>;
export type EbadgeBlockJson = EbadgeJson["blocks"][number];
export type EbadgeCreateBody = ContractInput<Contracts["create"]>["body"];
export type EbadgeUpdateBody = ContractInput<Contracts["update"]>["body"];
export type EbadgePreviewBody = ContractInput<Contracts["preview"]>["body"];

/** The cache keys of an event's e-badge templates: the list (oldest first, the order badges are chosen in) and each one. */
export const ebadgeKeys = {
  all: (accountId: string, eventId: string) => ["ebadges", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["ebadges", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, id: string) => ["ebadges", accountId, eventId, "detail", id] as const,
};

export function ebadgesQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: ebadgeKeys.list(accountId, eventId),
    queryFn: async () => (await api.ebadges.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** The event's templates, oldest first. */
export function useEbadges(accountId: string, eventId: string) {
  return useQuery(ebadgesQuery(accountId, eventId));
}

/** One template; shown at once from the list when the list was read, fetched again in the background. */
export function ebadgeQuery(queryClient: QueryClient, accountId: string, eventId: string, id: string) {
  return queryOptions({
    queryKey: ebadgeKeys.detail(accountId, eventId, id),
    queryFn: () => api.ebadges.get({ params: { a: accountId, e: eventId, id } }),
    initialData: () =>
      queryClient.getQueryData<EbadgeJson[]>(ebadgeKeys.list(accountId, eventId))?.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(ebadgeKeys.list(accountId, eventId))?.dataUpdatedAt,
  });
}

export function useEbadge(accountId: string, eventId: string, id: string) {
  return useQuery(ebadgeQuery(useQueryClient(), accountId, eventId, id));
}

/** Keeps a template as the API answered it (its entry and its row of the list), and marks the history stale. */
function keepEbadge(queryClient: QueryClient, accountId: string, eventId: string, ebadge: EbadgeJson): void {
  queryClient.setQueryData(ebadgeKeys.detail(accountId, eventId, ebadge.id), ebadge);
  // The list is oldest first: a new template goes last.
  keepInList(queryClient, ebadgeKeys.list(accountId, eventId), ebadge, "last");
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates a template; 409 ebadge_two_defaults when another enabled one has no conditions either. */
export function createEbadgeMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: EbadgeCreateBody) => api.ebadges.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (ebadge) => keepEbadge(queryClient, accountId, eventId, ebadge),
  });
}

/** Changes a template (only what is sent; `blocks` replaces them all, `conditions` are checked against the others). */
export function updateEbadgeMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: EbadgeUpdateBody }) =>
      api.ebadges.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (ebadge) => keepEbadge(queryClient, accountId, eventId, ebadge),
  });
}

/** Deletes a template (its prints stay in the log). */
export function removeEbadgeMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.ebadges.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ebadgeKeys.detail(accountId, eventId, id) });
      dropFromList(queryClient, ebadgeKeys.list(accountId, eventId), id);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
  });
}

/** Sets a template's background: a JPEG or PNG of A4 shape, at most 4 MB (the API judges it from its content). */
export function uploadEbadgeBackgroundMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      api.ebadges.uploadBackground({ params: { a: accountId, e: eventId, id }, form: { file } }),
    onSuccess: (ebadge) => keepEbadge(queryClient, accountId, eventId, ebadge),
  });
}

export function useCreateEbadge(accountId: string, eventId: string) {
  return useMutation(createEbadgeMutation(useQueryClient(), accountId, eventId));
}
export function useUpdateEbadge(accountId: string, eventId: string) {
  return useMutation(updateEbadgeMutation(useQueryClient(), accountId, eventId));
}
export function useRemoveEbadge(accountId: string, eventId: string) {
  return useMutation(removeEbadgeMutation(useQueryClient(), accountId, eventId));
}
export function useUploadEbadgeBackground(accountId: string, eventId: string) {
  return useMutation(uploadEbadgeBackgroundMutation(useQueryClient(), accountId, eventId));
}

/** Where the browser reads a template's background; its time of change in the address, so a new one is read anew. */
export function ebadgeBackgroundUrl(accountId: string, eventId: string, ebadge: EbadgeJson): string | null {
  if (!ebadge.background) return null;
  const address = api.ebadges.background.url({ params: { a: accountId, e: eventId, id: ebadge.id } });
  return `${address}?v=${encodeURIComponent(ebadge.updatedAt)}`;
}

/**
 * The editor's preview as a PDF: the typed client sends the draft (its address, anti-forgery token, language and
 * refusals as for any call), this `fetch` keeps the PDF's bytes of a successful answer, which the JSON client
 * would not read.
 */
export async function fetchEbadgePreview(
  accountId: string,
  eventId: string,
  id: string,
  body: EbadgePreviewBody,
): Promise<Blob> {
  let pdf: Blob | null = null;
  const keepPdf: FetchLike = async (url, init) => {
    const response = await fetch(url, init as RequestInit);
    if (!response.ok) return response satisfies FetchResponse;
    pdf = await response.blob();
    return { status: response.status, ok: true, headers: response.headers, text: async () => "" };
  };
  const client = createApiClient({ language: getActiveLanguage, fetch: keepPdf });
  await client.ebadges.preview({ params: { a: accountId, e: eventId, id }, body });
  if (!pdf) throw new Error("The preview answered no PDF");
  return pdf;
}

export function previewEbadgeMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: EbadgePreviewBody }) =>
      fetchEbadgePreview(accountId, eventId, id, body),
  });
}

export function usePreviewEbadge(accountId: string, eventId: string) {
  return useMutation(previewEbadgeMutation(accountId, eventId));
}

/** The event's guests whose name, email or company matches (the guest list's first page), to preview a badge for. */
export function ebadgeGuestSearchQuery(accountId: string, eventId: string, search: string) {
  return queryOptions({
    ...guestPageQuery(accountId, eventId, { search: search.trim(), sort: "lastName", order: "asc" }, 1),
    enabled: search.trim().length >= 2,
    staleTime: 10_000,
  });
}

export function useEbadgeGuestSearch(accountId: string, eventId: string, search: string) {
  return useQuery(ebadgeGuestSearchQuery(accountId, eventId, search));
}
