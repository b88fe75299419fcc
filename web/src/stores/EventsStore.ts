import { runInAction } from "mobx";
import type { EventCreateBody, EventDuplicateBody, EventJson, EventUpdateBody } from "@tessera/shared/client";
import type { EventListFilter, EventListSort } from "@tessera/shared/rules/events";
import { CollectionStore, type ResourceEndpoints, type StoreContext } from "./CollectionStore.ts";

export interface EventsQuery {
  accountId: string | null;
  filter: EventListFilter;
  sort: EventListSort;
  search: string;
}

/** The events of the account: list with filter/sort/search, create, duplicate, archive, delete. */
export class EventsStore extends CollectionStore<EventJson, EventsQuery, EventCreateBody, EventUpdateBody> {
  constructor(context: StoreContext) {
    super(context, { accountId: null, filter: "all", sort: "start_date", search: "" });
  }

  protected get endpoints(): ResourceEndpoints<EventJson, EventsQuery, EventCreateBody, EventUpdateBody> {
    const { events } = this.context.api;
    const accountId = this.accountId;
    return {
      list: (query, page) =>
        events.list(accountId, { filter: query.filter, sort: query.sort, search: query.search, ...page }),
      get: (id) => events.get(accountId, id, { withAccess: true }),
      create: (input) => events.create(accountId, input),
      update: (id, input) => events.update(accountId, id, input),
      remove: (id) => events.remove(accountId, id),
    };
  }

  /** Shows the list the address asks for (filter, sort, search and page live in the URL). */
  show(query: EventsQuery, page: number): void {
    runInAction(() => {
      this.query = query;
    });
    void this.load(page);
  }

  private get accountId(): string {
    if (!this.query.accountId) throw new Error("EventsStore: no account chosen");
    return this.query.accountId;
  }

  /** A copy with a new name and slug; it joins the list when the list shows it (it is not archived). */
  async duplicate(eventId: string, body: EventDuplicateBody): Promise<EventJson> {
    const accountId = this.accountId;
    const copy = await this.call(() => this.context.api.events.duplicate(accountId, eventId, body), eventId);
    await this.load();
    return copy;
  }

  /** Archives or restores; the event leaves the current list (archived events have their own filter). */
  async setArchived(eventId: string, archived: boolean): Promise<EventJson> {
    const accountId = this.accountId;
    const { events } = this.context.api;
    const event = await this.call(
      () => (archived ? events.archive(accountId, eventId) : events.unarchive(accountId, eventId)),
      eventId,
    );
    this.drop(eventId);
    return event;
  }
}
