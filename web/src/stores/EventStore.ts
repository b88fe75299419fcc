import { makeAutoObservable, runInAction } from "mobx";
import { isApiError, type ApiError, type EventJson, type EventUpdateBody } from "@tessera/shared/client";
import type { StoreContext } from "./CollectionStore.ts";

/** One event being worked on in the event area, with its access lists. */
export class EventStore {
  event: EventJson | null = null;
  isLoading = false;
  loadError: ApiError | null = null;

  constructor(
    private readonly context: StoreContext,
    readonly accountId: string,
    readonly eventId: string,
  ) {
    makeAutoObservable<EventStore, "context">(this, { context: false, accountId: false, eventId: false });
  }

  async load(): Promise<void> {
    this.isLoading = true;
    this.loadError = null;
    try {
      const event = await this.context.api.events.get(this.accountId, this.eventId, { withAccess: true });
      runInAction(() => {
        this.event = event;
        this.isLoading = false;
      });
    } catch (error) {
      this.notice(error);
      runInAction(() => {
        this.isLoading = false;
        this.loadError = isApiError(error) ? error : null;
      });
      if (!isApiError(error)) throw error;
    }
  }

  /** Saves some fields; the answer replaces the event (access lists kept). */
  async update(body: EventUpdateBody): Promise<EventJson> {
    const saved = await this.run(() => this.context.api.events.update(this.accountId, this.eventId, body));
    this.replace(saved);
    return saved;
  }

  async addUser(userId: string) {
    this.replace(await this.run(() => this.context.api.events.addUser(this.accountId, this.eventId, userId)));
  }

  async removeUser(userId: string) {
    this.replace(await this.run(() => this.context.api.events.removeUser(this.accountId, this.eventId, userId)));
  }

  async addTeam(teamId: string) {
    this.replace(await this.run(() => this.context.api.events.addTeam(this.accountId, this.eventId, teamId)));
  }

  async removeTeam(teamId: string) {
    this.replace(await this.run(() => this.context.api.events.removeTeam(this.accountId, this.eventId, teamId)));
  }

  replace(event: EventJson): void {
    const access = event.access ?? this.event?.access;
    this.event = access ? { ...event, access } : event;
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      this.notice(error);
      throw error;
    }
  }

  private notice(error: unknown): void {
    if (isApiError(error) && error.status === 401) this.context.onUnauthenticated();
  }
}
