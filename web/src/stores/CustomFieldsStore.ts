import { makeAutoObservable, runInAction } from "mobx";
import {
  isApiError,
  type ApiError,
  type CustomFieldCreateBody,
  type CustomFieldJson,
  type CustomFieldUpdateBody,
} from "@tessera/shared/client";
import type { StoreContext } from "./CollectionStore.ts";

/** The custom fields (questions) of one event, in their order. */
export class CustomFieldsStore {
  fields: CustomFieldJson[] = [];
  hasLoaded = false;
  loadError: ApiError | null = null;

  constructor(
    private readonly context: StoreContext,
    readonly accountId: string,
    readonly eventId: string,
  ) {
    makeAutoObservable<CustomFieldsStore, "context">(this, { context: false, accountId: false, eventId: false });
  }

  byId(id: string): CustomFieldJson | undefined {
    return this.fields.find((field) => field.id === id);
  }

  async load(): Promise<void> {
    try {
      const { data } = await this.run(() => this.context.api.customFields.list(this.accountId, this.eventId));
      runInAction(() => {
        this.fields = data;
        this.hasLoaded = true;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.hasLoaded = true;
        this.loadError = isApiError(error) ? error : null;
      });
      if (!isApiError(error)) throw error;
    }
  }

  async create(body: CustomFieldCreateBody): Promise<CustomFieldJson> {
    const field = await this.run(() => this.context.api.customFields.create(this.accountId, this.eventId, body));
    runInAction(() => {
      this.fields = [...this.fields, field];
    });
    return field;
  }

  async update(id: string, body: CustomFieldUpdateBody): Promise<CustomFieldJson> {
    const field = await this.run(() => this.context.api.customFields.update(this.accountId, this.eventId, id, body));
    runInAction(() => {
      this.fields = this.fields.map((existing) => (existing.id === id ? field : existing));
    });
    return field;
  }

  async remove(id: string): Promise<void> {
    await this.run(() => this.context.api.customFields.remove(this.accountId, this.eventId, id));
    runInAction(() => {
      this.fields = this.fields.filter((field) => field.id !== id);
    });
  }

  /** Moves a field one place up (-1) or down (+1) and saves the new order. */
  async move(id: string, delta: -1 | 1): Promise<void> {
    const index = this.fields.findIndex((field) => field.id === id);
    const target = index + delta;
    if (index < 0 || target < 0 || target >= this.fields.length) return;
    const ids = this.fields.map((field) => field.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    const { data } = await this.run(() => this.context.api.customFields.reorder(this.accountId, this.eventId, ids));
    runInAction(() => {
      this.fields = data;
    });
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      if (isApiError(error) && error.status === 401) this.context.onUnauthenticated();
      throw error;
    }
  }
}
