import type { QueryClient } from "@tanstack/react-query";

/** The cache key of who is signed in: GET /auth/me's answer, or null once signed out. */
export const sessionKey = ["session"] as const;

/** The session has ended (a call answered 401, or the user signed out): forget who was signed in. */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKey, null);
}
