import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { autoMailContracts } from "@tessera/shared/contracts/autoMails";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";

type Contracts = typeof autoMailContracts;
export type AutoMailKindJson = ContractOutput<Contracts["list"]>["data"][number];
export type AutoMailJson = ContractOutput<Contracts["get"]>;
export type AutoMailSaveBody = ContractInput<Contracts["save"]>["body"];
export type AutoMailPreviewBody = ContractInput<Contracts["preview"]>["body"];

/** The cache keys of an event's automatic mails: the list, and each kind in each language. */
export const autoMailKeys = {
  all: (accountId: string, eventId: string) => ["autoMails", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["autoMails", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, kind: AutoMailKind, language: CampaignLanguage) =>
    ["autoMails", accountId, eventId, "detail", kind, language] as const,
};

/** Every kind of the event's automatic mails: whether it is sent, and which languages have their own wording. */
export function useAutoMails(accountId: string, eventId: string) {
  return useQuery({
    queryKey: autoMailKeys.list(accountId, eventId),
    queryFn: async () => (await api.autoMails.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** A kind in a language: the event's own wording or the default. */
export function useAutoMail(accountId: string, eventId: string, kind: AutoMailKind, language: CampaignLanguage) {
  return useQuery({
    queryKey: autoMailKeys.detail(accountId, eventId, kind, language),
    queryFn: () => api.autoMails.get({ params: { a: accountId, e: eventId, kind, language } }),
  });
}

/** After a change: the kind's entries and the list are read again, and the event's history. */
function refresh(queryClient: QueryClient, accountId: string, eventId: string, mail?: AutoMailJson): void {
  if (mail) queryClient.setQueryData(autoMailKeys.detail(accountId, eventId, mail.kind, mail.language), mail);
  void queryClient.invalidateQueries({ queryKey: autoMailKeys.list(accountId, eventId) });
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

export function useSaveAutoMail(accountId: string, eventId: string, kind: AutoMailKind, language: CampaignLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoMailSaveBody) =>
      api.autoMails.save({ params: { a: accountId, e: eventId, kind, language }, body }),
    onSuccess: (mail) => refresh(queryClient, accountId, eventId, mail),
  });
}

export function useResetAutoMail(accountId: string, eventId: string, kind: AutoMailKind, language: CampaignLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.autoMails.reset({ params: { a: accountId, e: eventId, kind, language } }),
    onSuccess: (mail) => refresh(queryClient, accountId, eventId, mail),
  });
}

export function useSetAutoMailEnabled(accountId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, enabled }: { kind: AutoMailKind; enabled: boolean }) =>
      api.autoMails.setEnabled({ params: { a: accountId, e: eventId, kind }, body: { enabled } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: autoMailKeys.all(accountId, eventId) });
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
  });
}

/** A draft (or the saved wording) rendered for the signed-in user, with sample order, refund or sign-in values. */
export function useAutoMailPreview(
  accountId: string,
  eventId: string,
  kind: AutoMailKind,
  language: CampaignLanguage,
  draft: AutoMailPreviewBody,
) {
  return useQuery({
    queryKey: [...autoMailKeys.detail(accountId, eventId, kind, language), "preview", draft] as const,
    queryFn: () => api.autoMails.preview({ params: { a: accountId, e: eventId, kind, language }, body: draft }),
    staleTime: 0,
  });
}

export function useSendTestAutoMail(
  accountId: string,
  eventId: string,
  kind: AutoMailKind,
  language: CampaignLanguage,
) {
  return useMutation({
    mutationFn: (body: { subject: string; content: AutoMailSaveBody["content"] }) =>
      api.autoMails.test({ params: { a: accountId, e: eventId, kind, language }, body }),
  });
}
