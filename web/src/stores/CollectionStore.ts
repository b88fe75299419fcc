import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import {
  isApiError,
  type HandTypedApiClient as ApiClient,
  type ApiError,
  type PageOf,
  type Pagination,
} from "@tessera/shared/client";

/** What every store gets from the root: the API client and what to do when the session has ended. */
export interface StoreContext {
  api: ApiClient;
  onUnauthenticated: () => void;
}

/**
 * The calls a collection store makes; a resource leaves out those the API does not offer.
 * They are called detached: write them as arrow functions.
 */
export interface ResourceEndpoints<T, Query, CreateInput, UpdateInput> {
  list(query: Query, page: { page: number; perPage: number }): Promise<PageOf<T>>;
  get?(id: string): Promise<T>;
  create?(input: CreateInput): Promise<T>;
  update?(id: string, input: UpdateInput): Promise<T>;
  remove?(id: string): Promise<unknown>;
}

export const DEFAULT_PER_PAGE = 25;

/**
 * The base of the resource stores: one page of a list with its query, and the list/get/create/
 * update/delete calls that keep that page in step with the server.
 */
export abstract class CollectionStore<
  T extends { id: string },
  Query extends object,
  CreateInput = never,
  UpdateInput = never,
> {
  items: T[] = [];
  pagination: Pagination = { page: 1, perPage: DEFAULT_PER_PAGE, total: 0 };
  query: Query;
  isLoading = false;
  loadError: ApiError | null = null;
  /** Ids of the items a call is working on (their buttons show a spinner). */
  busyIds = new Set<string>();
  private loadSerial = 0;

  protected constructor(
    protected readonly context: StoreContext,
    initialQuery: Query,
  ) {
    this.query = initialQuery;
    makeObservable<CollectionStore<T, Query, CreateInput, UpdateInput>, "upsert" | "drop" | "setBusy">(this, {
      items: observableRef,
      pagination: observableRef,
      query: observableRef,
      isLoading: observable,
      loadError: observableRef,
      busyIds: observable,
      pageCount: computed,
      setQuery: action,
      upsert: action,
      drop: action,
      setBusy: action,
    });
  }

  /** The API calls of this resource, read at call time (they may depend on the query, e.g. the account). */
  protected abstract get endpoints(): ResourceEndpoints<T, Query, CreateInput, UpdateInput>;

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.pagination.total / this.pagination.perPage));
  }

  isBusy(id: string): boolean {
    return this.busyIds.has(id);
  }

  /** Loads one page; an answer overtaken by a newer request is dropped. */
  async load(page = this.pagination.page): Promise<void> {
    const serial = ++this.loadSerial;
    runInAction(() => {
      this.isLoading = true;
      this.loadError = null;
    });
    try {
      const result = await this.endpoints.list(this.query, { page, perPage: this.pagination.perPage });
      if (serial !== this.loadSerial) return;
      runInAction(() => {
        this.items = result.data;
        this.pagination = result.pagination;
        this.isLoading = false;
      });
    } catch (error) {
      if (serial !== this.loadSerial) return;
      this.noticeUnauthenticated(error);
      runInAction(() => {
        this.isLoading = false;
        this.loadError = isApiError(error) ? error : null;
      });
      if (!isApiError(error)) throw error;
    }
  }

  /** Changes the query (search, filters) and reloads from the first page when it changed. */
  setQuery(patch: Partial<Query>): void {
    const next = { ...this.query, ...patch };
    const changed = (Object.keys(patch) as (keyof Query)[]).some((key) => this.query[key] !== next[key]);
    if (!changed) return;
    this.query = next;
    this.items = [];
    this.pagination = { ...this.pagination, page: 1, total: 0 };
    void this.load(1);
  }

  async get(id: string): Promise<T> {
    const { get } = this.endpoints;
    if (!get) throw this.unsupported("get");
    const item = await this.call(() => get(id));
    this.upsert(item);
    return item;
  }

  async create(input: CreateInput): Promise<T> {
    const { create } = this.endpoints;
    if (!create) throw this.unsupported("create");
    const item = await this.call(() => create(input));
    runInAction(() => {
      this.items = [item, ...this.items.filter((existing) => existing.id !== item.id)];
      this.pagination = { ...this.pagination, total: this.pagination.total + 1 };
    });
    return item;
  }

  async update(id: string, input: UpdateInput): Promise<T> {
    const { update } = this.endpoints;
    if (!update) throw this.unsupported("update");
    const item = await this.call(() => update(id, input), id);
    this.upsert(item);
    return item;
  }

  async remove(id: string): Promise<void> {
    const { remove } = this.endpoints;
    if (!remove) throw this.unsupported("remove");
    await this.call(() => remove(id), id);
    this.drop(id);
  }

  /**
   * Runs a call for the screen: marks the item busy, tells the root when the session has ended,
   * and rethrows the ApiError for the form to show.
   */
  protected async call<R>(operation: () => Promise<R>, busyId?: string): Promise<R> {
    if (busyId) this.setBusy(busyId, true);
    try {
      return await operation();
    } catch (error) {
      this.noticeUnauthenticated(error);
      throw error;
    } finally {
      if (busyId) this.setBusy(busyId, false);
    }
  }

  protected upsert(item: T): void {
    const index = this.items.findIndex((existing) => existing.id === item.id);
    if (index === -1) return;
    this.items = this.items.map((existing) => (existing.id === item.id ? item : existing));
  }

  protected drop(id: string): void {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    if (this.items.length !== before)
      this.pagination = { ...this.pagination, total: Math.max(0, this.pagination.total - 1) };
  }

  private setBusy(id: string, isBusy: boolean): void {
    if (isBusy) this.busyIds.add(id);
    else this.busyIds.delete(id);
  }

  private noticeUnauthenticated(error: unknown): void {
    if (isApiError(error) && error.status === 401) this.context.onUnauthenticated();
  }

  private unsupported(call: string): Error {
    return new Error(`${this.constructor.name} has no "${call}" call`);
  }
}
