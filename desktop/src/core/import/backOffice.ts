/**
 * The desk app's back-office session (issue 13, item 8): an organizer signed in to the API with email and
 * password. The API answers a bearer token (a non-browser client sends it as `Authorization: Bearer`, which
 * needs no anti-forgery header); it is kept in memory only, so a restarted app asks for the sign-in again.
 */
import type { EventJson } from "@tessera/shared/schemas/events";
import type { User } from "@tessera/shared/schemas/users";
import { deskRequest, type DeskHttpOptions, type FetchLike } from "../deskHttp.ts";

export interface BackOfficeSession {
  serverUrl: string;
  token: string;
  user: User;
}

/** An event the signed-in user may import guests into. */
export interface ImportableEvent {
  id: string;
  accountId: string;
  name: string;
  startsAt: string | null;
}

export interface BackOffice {
  signIn(serverUrl: string, email: string, password: string, accountId?: string): Promise<User>;
  /** The session (throws when nobody is signed in). */
  session(): BackOfficeSession;
  http(): DeskHttpOptions;
  events(accountId?: string): Promise<ImportableEvent[]>;
  signOut(): void;
}

const EVENTS_PAGE = 200;

export function createBackOffice(options: { fetch?: FetchLike; timeoutMs?: number } = {}): BackOffice {
  let current: BackOfficeSession | null = null;

  function session(): BackOfficeSession {
    if (!current) throw new Error("Sign in to the back office first");
    return current;
  }

  const http = (): DeskHttpOptions => {
    const { serverUrl, token } = session();
    return { serverUrl, token, fetch: options.fetch, timeoutMs: options.timeoutMs };
  };

  return {
    async signIn(serverUrl, email, password, accountId) {
      const origin = new URL(serverUrl).origin;
      const answer = await deskRequest<{ token: string; user: User }>(
        { serverUrl: origin, fetch: options.fetch, timeoutMs: options.timeoutMs },
        "POST",
        "/auth/login",
        { email, password, ...(accountId ? { accountId } : {}) },
      );
      current = { serverUrl: origin, token: answer.token, user: answer.user };
      return answer.user;
    },
    session,
    http,
    async events(accountId) {
      const account = accountId ?? session().user.accountId;
      if (!account) throw new Error("Choose the account whose events to list");
      const events: ImportableEvent[] = [];
      for (let page = 1; ; page++) {
        const answer = await deskRequest<{ data: EventJson[]; pagination: { total: number } }>(
          http(),
          "GET",
          `/accounts/${encodeURIComponent(account)}/events?perPage=${EVENTS_PAGE}&page=${page}`,
        );
        for (const event of answer.data)
          if (event.abilities.update)
            events.push({ id: event.id, accountId: event.accountId, name: event.name, startsAt: event.startsAt });
        if (answer.data.length < EVENTS_PAGE || page * EVENTS_PAGE >= answer.pagination.total) return events;
      }
    },
    signOut() {
      current = null;
    },
  };
}
