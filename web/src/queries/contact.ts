import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { Challenge, Solution } from "altcha-lib";
import { isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { contactContracts } from "@tessera/shared/contracts/contact";
import { api } from "./api.ts";
import { solveCaptcha } from "./captchaSolver.ts";
import { captchaPayload } from "./captchaWork.ts";

type Contracts = typeof contactContracts;
export type ContactMessageBody = ContractInput<Contracts["send"]>["body"];
/** What the guest writes; the captcha is added when it is sent. */
export type ContactMessageDraft = Omit<ContactMessageBody, "captcha">;
export type ContactMessageResult = ContractOutput<Contracts["send"]>;

/** Solves a challenge; null when it could not be solved in time. */
export type CaptchaSolver = (challenge: Challenge, signal?: AbortSignal) => Promise<Solution | null>;

/** A solved challenge, ready to be sent once. */
export interface SolvedCaptcha {
  payload: string;
  /** When the server stops taking it (ms since 1970). */
  expiresAt: number;
}

export const contactKeys = {
  captcha: (eventSlug: string) => ["contact", eventSlug, "captcha"] as const,
};

/** A challenge lasts 10 minutes: a solved one older than this is solved again before it is sent. */
const CAPTCHA_FRESH_MS = 8 * 60_000;

/**
 * The contact form's proof of work: a challenge from the API, solved in the background (a web worker). Kept for
 * one message only (see sendContactMutation), and solved again before it would expire.
 */
export function captchaQuery(eventSlug: string, solve: CaptchaSolver = solveCaptcha) {
  return queryOptions({
    queryKey: contactKeys.captcha(eventSlug),
    queryFn: async ({ signal }): Promise<SolvedCaptcha> => {
      const challenge = (await api.contact.challenge({ params: { event: eventSlug } })) as Challenge;
      const solution = await solve(challenge, signal);
      if (!solution) throw new Error("The challenge could not be solved");
      return {
        payload: captchaPayload(challenge, solution),
        expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000,
      };
    },
    staleTime: CAPTCHA_FRESH_MS,
    refetchInterval: CAPTCHA_FRESH_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
    retry: 1,
  });
}

export function useCaptcha(eventSlug: string) {
  return useQuery(captchaQuery(eventSlug));
}

/** Whether the API refused the message's captcha (wrong, expired or already used). */
export function isCaptchaRefusal(error: unknown): boolean {
  return isApiError(error) && error.details.some((detail) => detail.field === "captcha");
}

/**
 * Sends the guest's message with the solved captcha (solved again first if it is getting old). A captcha works
 * once: after a message went, or was refused for its captcha, a new one is solved for the next message.
 */
export function sendContactMutation(eventSlug: string, solve: CaptchaSolver = solveCaptcha) {
  return mutationOptions({
    mutationFn: async (draft: ContactMessageDraft, { client }): Promise<ContactMessageResult> => {
      const { payload } = await client.fetchQuery(captchaQuery(eventSlug, solve));
      return api.contact.send({ params: { event: eventSlug }, body: { ...draft, captcha: payload } });
    },
    onSettled: (_result, error, _draft, _context, { client }) => {
      if (error && !isCaptchaRefusal(error)) return;
      void client.resetQueries({ queryKey: contactKeys.captcha(eventSlug) });
    },
  });
}

export function useSendContactMessage(eventSlug: string) {
  return useMutation(sendContactMutation(eventSlug));
}
