import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  createApiClient,
  isApiError,
  type ContractInput,
  type ContractOutput,
  type FetchLike,
  type FetchResponse,
} from "@tessera/shared/client";
import type { registrationContracts } from "@tessera/shared/contracts/registration";
import type { Language } from "@tessera/shared/i18n/languages";
import { getActiveLanguage } from "@/app/language.ts";
import { api } from "./api.ts";

type Contracts = typeof registrationContracts;
/** An online form as guests see it: its items, questions, which answers are full, whether it is open. */
export type PublicFormJson = ContractOutput<Contracts["viewForm"]>;
export type SendFormBody = ContractInput<Contracts["sendForm"]>["body"];
export type SendFormResult = ContractOutput<Contracts["sendForm"]>;
/** A file uploaded for a file question: `{ uploadId, uploadKey }` is the question's answer. */
export type FormUploadResult = ContractOutput<Contracts["uploadFile"]>;

/**
 * The cache key of an online form as guests see it. The language is part of it: the API answers the
 * confirmation message in the page's language.
 */
export const publicFormKeys = {
  /** Every form of the event, in every language. */
  ofEvent: (eventSlug: string) => ["publicForm", eventSlug] as const,
  /** One form, in every language. */
  form: (eventSlug: string, formId: string) => ["publicForm", eventSlug, formId] as const,
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
        void queryClient.invalidateQueries({ queryKey: publicFormKeys.form(eventSlug, formId) });
      }
    },
  });
}

export function useSendForm(eventSlug: string, formId: string, language: Language) {
  return useMutation(sendFormMutation(eventSlug, formId, language));
}

/**
 * A `fetch` over XMLHttpRequest, which tells how much of the request's body is sent (fetch cannot). Where
 * there is no XMLHttpRequest (tests under Node), the plain `fetch`, with no progress.
 */
export function fetchWithUploadProgress(onProgress: (fraction: number) => void, signal?: AbortSignal): FetchLike {
  const XHR = (globalThis as { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest;
  if (!XHR) return (url, init) => fetch(url, { ...init, body: init.body as BodyInit, signal });
  return (url, init) =>
    new Promise<FetchResponse>((resolve, reject) => {
      const request = new XHR();
      request.open(init.method, url);
      request.withCredentials = true;
      for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.onload = () =>
        resolve({
          status: request.status,
          ok: request.status >= 200 && request.status < 300,
          headers: { get: (name) => request.getResponseHeader(name) },
          text: async () => request.responseText,
        });
      request.onerror = () => reject(new TypeError("network error"));
      request.onabort = () => reject(new DOMException("aborted", "AbortError"));
      signal?.addEventListener("abort", () => request.abort(), { once: true });
      request.send(init.body as XMLHttpRequestBodyInit);
    });
}

export interface FormFileUpload {
  file: File;
  customFieldId: string;
  /** How much of the file is sent, 0 to 1, as it goes (browsers only). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a file for a file question of an online form (POST /{event}/forms/uploadFile) at once, before
 * the form is sent; the API's refusals (too big, a type it does not take) in the page's language.
 */
export function uploadFormFileMutation(eventSlug: string, formId: string) {
  return mutationOptions({
    mutationFn: ({ file, customFieldId, onProgress, signal }: FormFileUpload) =>
      createApiClient({
        language: getActiveLanguage,
        fetch: fetchWithUploadProgress(onProgress ?? (() => undefined), signal),
      }).registration.uploadFile({ params: { event: eventSlug }, form: { file, formId, customFieldId } }),
  });
}

export function useUploadFormFile(eventSlug: string, formId: string) {
  return useMutation(uploadFormFileMutation(eventSlug, formId));
}
