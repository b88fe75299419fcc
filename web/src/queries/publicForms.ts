import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { registrationContracts } from "@tessera/shared/contracts/registration";
import type { Language } from "@tessera/shared/i18n/languages";
import { api } from "./api.ts";

type Contracts = typeof registrationContracts;
/** An online form as guests see it: its items, questions, which answers are full, whether it is open. */
export type PublicFormJson = ContractOutput<Contracts["viewForm"]>;
export type SendFormBody = ContractInput<Contracts["sendForm"]>["body"];
export type SendFormResult = ContractOutput<Contracts["sendForm"]>;

/**
 * The cache key of an online form as guests see it. The language is part of it: the API answers the
 * confirmation message in the page's language.
 */
export const publicFormKeys = {
  one: (eventSlug: string, formId: string, language: Language) => ["publicForm", eventSlug, formId, language] as const,
};

export function publicFormQuery(eventSlug: string, formId: string, language: Language) {
  return queryOptions({
    queryKey: publicFormKeys.one(eventSlug, formId, language),
    queryFn: () => api.registration.viewForm({ params: { event: eventSlug, id: formId } }),
  });
}

/** The form a guest registers with (anonymous). */
export function usePublicForm(eventSlug: string, formId: string, language: Language) {
  return useQuery(publicFormQuery(eventSlug, formId, language));
}

/** Where a guest reads the form's terms (a PDF), when it has them. */
export function publicFormTermsUrl(eventSlug: string, formId: string): string {
  return api.registration.terms.url({ params: { event: eventSlug, id: formId } });
}

/**
 * A refusal that means the form on screen is out of date: an answer filled up meanwhile (read again, the form
 * marks it full). A closed or full event is told above the form, which stays as the guest filled it.
 */
export function isFormOutdated(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === "option_quota_filled";
}

/**
 * Registers a guest through the form (POST /{lang}/{event}/forms/sendForm/{id}), the API's messages in the
 * page's language. When an answer filled up meanwhile, the form is read again so that it shows it full.
 */
export function sendFormMutation(eventSlug: string, formId: string, language: Language) {
  return mutationOptions({
    mutationFn: (body: SendFormBody) =>
      api.registration.sendForm({ params: { lang: language, event: eventSlug, id: formId }, body }),
    onError: (error, _body, _result, { client: queryClient }) => {
      if (isFormOutdated(error)) {
        void queryClient.invalidateQueries({ queryKey: ["publicForm", eventSlug, formId] });
      }
    },
  });
}

export function useSendForm(eventSlug: string, formId: string, language: Language) {
  return useMutation(sendFormMutation(eventSlug, formId, language));
}
