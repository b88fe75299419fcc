import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { isApiError, type HandTypedApiClient as ApiClient, type ApiError } from "@tessera/shared/client";
import type { MeResponse } from "@tessera/shared/schemas/auth";
import type { Action } from "@tessera/shared/permissions";
import type { Account, User } from "@tessera/shared/schemas/users";

export type SessionStatus = "loading" | "signedIn" | "signedOut" | "failed";

/** Who is signed in (GET /auth/me): the user, their account and what their role allows. */
export class SessionStore {
  me: MeResponse | null = null;
  status: SessionStatus = "loading";
  loadError: ApiError | null = null;

  constructor(private readonly api: ApiClient) {
    makeObservable(this, {
      me: observableRef,
      status: observable,
      loadError: observableRef,
      user: computed,
      account: computed,
      expire: action,
      replaceUser: action,
      replaceAccount: action,
    });
  }

  get user() {
    return this.me?.user ?? null;
  }

  get account() {
    return this.me?.account ?? null;
  }

  /** The capabilities the API granted (never re-derived from the role here). */
  can(capability: Action): boolean {
    return this.me?.capabilities.includes(capability) ?? false;
  }

  private pendingLoad: Promise<void> | null = null;

  /** Loads the session; calls made while one is under way share it. */
  load(): Promise<void> {
    this.pendingLoad ??= this.fetchMe().finally(() => {
      this.pendingLoad = null;
    });
    return this.pendingLoad;
  }

  private async fetchMe(): Promise<void> {
    runInAction(() => {
      this.status = "loading";
      this.loadError = null;
    });
    try {
      const me = await this.api.auth.me();
      runInAction(() => {
        this.me = me;
        this.status = "signedIn";
      });
    } catch (error) {
      runInAction(() => {
        const isSignedOut = isApiError(error) && error.status === 401;
        this.status = isSignedOut ? "signedOut" : "failed";
        this.loadError = isApiError(error) && !isSignedOut ? error : null;
      });
      if (!isApiError(error)) throw error;
    }
  }

  /** The user as the API now returns it (profile saved: names, language). */
  replaceUser(user: User): void {
    if (this.me) this.me = { ...this.me, user };
  }

  replaceAccount(account: Account): void {
    if (this.me) this.me = { ...this.me, account };
  }

  /** The API answered 401 to some call: the session is over. */
  expire(): void {
    this.status = "signedOut";
  }

  /** Ends the session on the server; the caller then leaves the back-office. */
  async logout(): Promise<void> {
    await this.api.auth.logout();
  }
}
