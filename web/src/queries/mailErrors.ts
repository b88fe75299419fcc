import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { mailErrorContracts } from "@tessera/shared/contracts/mailErrors";
import { api } from "./api.ts";

type Contracts = typeof mailErrorContracts;
export type MailErrorPage = ContractOutput<Contracts["list"]>;
export type MailErrorJson = MailErrorPage["data"][number];
export type MailErrorsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type MailErrorCreateBody = ContractInput<Contracts["create"]>["body"];
export type MailErrorUpdateBody = ContractInput<Contracts["update"]>["body"];

export const MAIL_ERRORS_PER_PAGE = 25;

/** The cache keys of an account's mail errors: any change makes every page stale. */
export const mailErrorKeys = {
  all: (accountId: string) => ["accounts", "one", accountId, "mailErrors"] as const,
  page: (accountId: string, query: MailErrorsQuery) => [...mailErrorKeys.all(accountId), "page", query] as const,
};

/** One page of the account's mail errors, most recently seen first. */
export function useMailErrors(accountId: string, query: MailErrorsQuery) {
  return useQuery({
    queryKey: mailErrorKeys.page(accountId, query),
    queryFn: () => api.mailErrors.list({ params: { a: accountId }, query }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<Input, Output>(accountId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailErrorKeys.all(accountId) }),
  });
}

/** Blocks an address (a manual mail error). */
export function useCreateMailError(accountId: string) {
  return useInvalidating(accountId, (body: MailErrorCreateBody) =>
    api.mailErrors.create({ params: { a: accountId }, body }),
  );
}

/** Changes a mail error's kind or reason. */
export function useUpdateMailError(accountId: string) {
  return useInvalidating(accountId, ({ id, body }: { id: string; body: MailErrorUpdateBody }) =>
    api.mailErrors.update({ params: { a: accountId, id }, body }),
  );
}

/** Deletes a mail error: the address may be emailed again. */
export function useRemoveMailError(accountId: string) {
  return useInvalidating(accountId, (id: string) => api.mailErrors.remove({ params: { a: accountId, id } }));
}
