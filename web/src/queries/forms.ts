import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { formContracts } from "@tessera/shared/contracts/forms";
import type { FormItem } from "@tessera/shared/rules/forms";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { dropFromList, keepInList } from "./pages.ts";

type Contracts = typeof formContracts;
export type FormJson = ContractOutput<Contracts["get"]>;
export type FormCreateBody = ContractInput<Contracts["create"]>["body"];
export type FormUpdateBody = ContractInput<Contracts["update"]>["body"];

/**
 * A form's items as the builder's rules read them. The schema reads a group inside a group loosely (the
 * rules refuse it with their own message), so the API's type is wider than the items ever stored.
 */
export const itemsOf = (form: Pick<FormJson, "items">): FormItem[] => form.items as FormItem[];

/** The cache keys of an event's forms: the list (newest first) and each form. */
export const formKeys = {
  all: (accountId: string, eventId: string) => ["forms", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["forms", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, formId: string) =>
    ["forms", accountId, eventId, "detail", formId] as const,
};

export function formsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: formKeys.list(accountId, eventId),
    queryFn: async () => (await api.forms.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** The event's forms, newest first. */
export function useForms(accountId: string, eventId: string) {
  return useQuery(formsQuery(accountId, eventId));
}

/** One form; shown at once from the list when the list was read, fetched again in the background. */
export function formQuery(queryClient: QueryClient, accountId: string, eventId: string, formId: string) {
  return queryOptions({
    queryKey: formKeys.detail(accountId, eventId, formId),
    queryFn: () => api.forms.get({ params: { a: accountId, e: eventId, id: formId } }),
    initialData: () =>
      queryClient.getQueryData<FormJson[]>(formKeys.list(accountId, eventId))?.find((form) => form.id === formId),
    initialDataUpdatedAt: () => queryClient.getQueryState(formKeys.list(accountId, eventId))?.dataUpdatedAt,
  });
}

/** One form of the event (named so, not useForm, which is @mantine/form's). */
export function useEventForm(accountId: string, eventId: string, formId: string) {
  return useQuery(formQuery(useQueryClient(), accountId, eventId, formId));
}

/**
 * Keeps a form as the API answered it: its own entry, and its row of the list (first when it is new); both
 * are read again where they are shown.
 */
function keepForm(queryClient: QueryClient, accountId: string, eventId: string, form: FormJson): void {
  queryClient.setQueryData(formKeys.detail(accountId, eventId, form.id), form);
  keepInList(queryClient, formKeys.list(accountId, eventId), form);
  // Read again where it is shown: GET adds the linter's warnings, which count the answers' quotas.
  void queryClient.invalidateQueries({ queryKey: formKeys.detail(accountId, eventId, form.id) });
  // Every change of a form is in the event's history.
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates a form (a draft); the API refuses one without items, so the builder's first save creates it. */
export function createFormMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: FormCreateBody) => api.forms.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (form) => keepForm(queryClient, accountId, eventId, form),
  });
}

/** Changes a form's title, items or state (draft / online); the whole form keeps the builder's rules. */
export function updateFormMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ formId, body }: { formId: string; body: FormUpdateBody }) =>
      api.forms.update({ params: { a: accountId, e: eventId, id: formId }, body }),
    onSuccess: (form) => keepForm(queryClient, accountId, eventId, form),
  });
}

/** A draft copy of a form, titled after it in the user's language. */
export function duplicateFormMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (formId: string) => api.forms.duplicate({ params: { a: accountId, e: eventId, id: formId } }),
    onSuccess: (form) => keepForm(queryClient, accountId, eventId, form),
  });
}

export function removeFormMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (formId: string) => api.forms.remove({ params: { a: accountId, e: eventId, id: formId } }),
    onSuccess: (_answer, formId) => {
      queryClient.removeQueries({ queryKey: formKeys.detail(accountId, eventId, formId) });
      dropFromList(queryClient, formKeys.list(accountId, eventId), formId);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
  });
}

export function useCreateForm(accountId: string, eventId: string) {
  return useMutation(createFormMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateForm(accountId: string, eventId: string) {
  return useMutation(updateFormMutation(useQueryClient(), accountId, eventId));
}

export function useDuplicateForm(accountId: string, eventId: string) {
  return useMutation(duplicateFormMutation(useQueryClient(), accountId, eventId));
}

export function useRemoveForm(accountId: string, eventId: string) {
  return useMutation(removeFormMutation(useQueryClient(), accountId, eventId));
}

export type FormOptionsJson = ContractOutput<Contracts["options"]>;
export type FormOptionsBody = ContractInput<Contracts["setOptions"]>["body"];
export type FormStatisticsJson = ContractOutput<Contracts["statistics"]>;
type TermsFile = ContractInput<Contracts["uploadTerms"]>["form"]["file"];

/** The cache keys of a form's options and figures (beside its detail, so removing the form drops them). */
export const formPartKeys = {
  options: (accountId: string, eventId: string, formId: string) =>
    [...formKeys.detail(accountId, eventId, formId), "options"] as const,
  statistics: (accountId: string, eventId: string, formId: string) =>
    [...formKeys.detail(accountId, eventId, formId), "statistics"] as const,
};

/** Approval, opening and closing dates, the confirmation message in each language, the attendees list. */
export function useFormOptions(accountId: string, eventId: string, formId: string) {
  return useQuery({
    queryKey: formPartKeys.options(accountId, eventId, formId),
    queryFn: () => api.forms.options({ params: { a: accountId, e: eventId, id: formId } }),
  });
}

/**
 * Changes a form's options; each request sets the confirmation message of one language, so the options
 * panel sends one request a language changed (formOptions.ts's optionsRequests) and keeps the last answer.
 */
export function setFormOptionsMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: async ({ formId, bodies }: { formId: string; bodies: FormOptionsBody[] }) => {
      let answer: FormOptionsJson | undefined;
      for (const body of bodies)
        answer = await api.forms.setOptions({ params: { a: accountId, e: eventId, id: formId }, body });
      return answer;
    },
    onSuccess: (answer, { formId }) => {
      if (answer) queryClient.setQueryData(formPartKeys.options(accountId, eventId, formId), answer);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
    onSettled: (_answer, _error, { formId }) =>
      queryClient.invalidateQueries({ queryKey: formPartKeys.options(accountId, eventId, formId) }),
  });
}

export function useSetFormOptions(accountId: string, eventId: string) {
  return useMutation(setFormOptionsMutation(useQueryClient(), accountId, eventId));
}

/** Sets (or replaces) a form's terms, a PDF; the answer is the form, which names the file. */
export function uploadFormTermsMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ formId, file }: { formId: string; file: TermsFile }) =>
      api.forms.uploadTerms({ params: { a: accountId, e: eventId, id: formId }, form: { file } }),
    onSuccess: (form) => keepForm(queryClient, accountId, eventId, form),
  });
}

export function useUploadFormTerms(accountId: string, eventId: string) {
  return useMutation(uploadFormTermsMutation(useQueryClient(), accountId, eventId));
}

/** Where the browser downloads a form's terms (the session cookie goes with it). */
export function formTermsUrl(accountId: string, eventId: string, formId: string): string {
  return api.forms.terms.url({ params: { a: accountId, e: eventId, id: formId } });
}

/** A form's answers in figures: how many guests answered, and each question's counts or average. */
export function useFormStatistics(accountId: string, eventId: string, formId: string) {
  return useQuery({
    queryKey: formPartKeys.statistics(accountId, eventId, formId),
    queryFn: () => api.forms.statistics({ params: { a: accountId, e: eventId, id: formId } }),
  });
}
