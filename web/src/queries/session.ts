import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { isApiError, type ContractInput, type ContractOutput } from "@tessera/shared/client";
import type { authContracts } from "@tessera/shared/contracts/auth";
import type { Action } from "@tessera/shared/permissions";
import { api } from "./api.ts";
import { sessionKey } from "./sessionKeys.ts";

type Contracts = typeof authContracts;
/** GET /auth/me: the signed-in user, their account and what their role allows. */
export type SessionJson = ContractOutput<Contracts["me"]>;
export type UserJson = SessionJson["user"];
export type AccountJson = NonNullable<SessionJson["account"]>;
export type SignInBody = ContractInput<Contracts["login"]>["body"];
export type SendSignInCodeBody = ContractInput<Contracts["sendingToken"]>["body"];
export type ForgotPasswordBody = ContractInput<Contracts["forgotPassword"]>["body"];
export type ResetPasswordBody = ContractInput<Contracts["resetPassword"]>["body"];
export type RegisterAdminBody = ContractInput<Contracts["registerAdmin"]>["body"];
export type InvitationJson = ContractOutput<Contracts["invitation"]>;

/**
 * Who is signed in: GET /auth/me once per visit of the back-office (it stays fresh until the session ends
 * or changes). A 401 is an answer, not a failure: nobody is signed in (null).
 */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: async (): Promise<SessionJson | null> => {
      try {
        return await api.auth.me();
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

/** The session as the gate of the back-office reads it: loading, signed in, signed out (null) or failed. */
export function useSession() {
  return useQuery(sessionQuery());
}

/** The signed-in user as the back-office's screens read it. */
export interface SignedIn {
  user: UserJson;
  /** The user's account; null for platform administrators. */
  account: AccountJson | null;
  /** The capabilities the API granted (never re-derived from the role here). */
  can(capability: Action): boolean;
}

export function signedInOf(session: SessionJson): SignedIn {
  return {
    user: session.user,
    account: session.account,
    can: (capability) => session.capabilities.includes(capability),
  };
}

/**
 * The signed-in user, for screens below the session gate (which shows them only once someone is signed in).
 * When the session ends, the last user stays until the gate has left the back-office.
 */
export function useSignedIn(): SignedIn {
  const { data } = useQuery(sessionQuery());
  const last = useRef<SessionJson | null>(null);
  if (data) last.current = data;
  const session = data ?? last.current;
  const signedIn = useMemo(() => (session ? signedInOf(session) : null), [session]);
  if (!signedIn) throw new Error("useSignedIn() is only available below the session gate");
  return signedIn;
}

/** The user as the API now returns it (profile saved: names, language): the back-office follows it. */
export function replaceSessionUser(queryClient: QueryClient, user: UserJson): void {
  queryClient.setQueryData<SessionJson | null>(sessionKey, (session) =>
    session && session.user.id === user.id ? { ...session, user } : session,
  );
}

/** The account as the API now returns it, when it is the signed-in user's. */
export function replaceSessionAccount(queryClient: QueryClient, account: AccountJson): void {
  queryClient.setQueryData<SessionJson | null>(sessionKey, (session) =>
    session?.account?.id === account.id ? { ...session, account } : session,
  );
}

/**
 * The sign-in app holds no session: arriving there forgets whatever no screen shows any more (the
 * back-office's data, who was signed in), so that nothing of one session reaches the next.
 */
export function forgetPreviousSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ type: "inactive" });
}

export function useForgetPreviousSession(): void {
  const queryClient = useQueryClient();
  useEffect(() => forgetPreviousSession(queryClient), [queryClient]);
}

/** Signs in (with the emailed code when the account asks for one); the back-office then reads the new session. */
export function signInMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: SignInBody) => api.auth.login({ body }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
}

export function useSignIn() {
  return useMutation(signInMutation(useQueryClient()));
}

/** Emails the code of a two-factor sign-in (the credentials are checked first). */
export function useSendSignInCode() {
  return useMutation({ mutationFn: (body: SendSignInCodeBody) => api.auth.sendingToken({ body }) });
}

/**
 * Ends the session on the server; the caller then leaves the back-office. A session that had already ended
 * is as good as a sign-out (not an expiry to report).
 */
export function signOutMutation() {
  return mutationOptions({
    mutationFn: async () => {
      try {
        await api.auth.logout();
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
  });
}

export function useSignOut() {
  return useMutation(signOutMutation());
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => api.auth.forgotPassword({ body }) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => api.auth.resetPassword({ body }) });
}

/** The invitation of an emailed registration link: whom it is for (a refused link is not asked again). */
export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: ["invitation", token] as const,
    queryFn: () => api.auth.invitation({ query: { token } }),
    staleTime: Infinity,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQuery(token ?? ""), enabled: token !== null });
}

export function useResetLink(token: string | null) {
  return useQuery({
    queryKey: ["resetLink", token] as const,
    queryFn: () => api.auth.resetLink({ query: { token: token ?? "" } }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: (body: RegisterAdminBody) => api.auth.registerAdmin({ body }) });
}
