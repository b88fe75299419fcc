import { makeAutoObservable, observable, runInAction } from "mobx";
import {
  isApiError,
  type ApiError,
  type GuestJson,
  type GuestSelectionJson,
  type GuestsQuery,
} from "@tessera/shared/client";
import type { StoreContext } from "./CollectionStore.ts";

/** Rows fetched per call; the list asks for the pages the screen shows, never the whole list. */
export const GUEST_PAGE_SIZE = 100;
/** Pages kept in memory; scrolling far away drops the farthest ones (they are fetched again if needed). */
const MAX_CACHED_PAGES = 30;
const MAX_PARALLEL = 2;

/**
 * The guest list of one event as a window on the server's list: the total, and the pages of rows
 * fetched for the part being looked at. Filters, search and sort are applied by the API.
 */
export class GuestListStore {
  query: GuestsQuery = {};
  total = 0;
  hasLoaded = false;
  loadError: ApiError | null = null;
  /** Page number (1-based) → its rows. */
  readonly pages = observable.map<number, GuestJson[]>({}, { deep: false });
  readonly loadingPages = observable.set<number>();
  readonly selected = observable.set<string>();
  /** "Select all N matching": the selection is every guest the query matches, loaded or not. */
  allMatching = false;
  private generation = 0;
  private lastPage = 1;
  private wanted = { first: 0, last: 0 };

  constructor(
    private readonly context: StoreContext,
    readonly accountId: string,
    readonly eventId: string,
  ) {
    makeAutoObservable<GuestListStore, "context" | "generation" | "lastPage" | "wanted">(this, {
      context: false,
      accountId: false,
      eventId: false,
      generation: false,
      lastPage: false,
      wanted: false,
    });
  }

  get isLoading(): boolean {
    return this.loadingPages.size > 0;
  }

  /** Shows another view of the list (from the top); the same query again keeps what is loaded. */
  setQuery(query: GuestsQuery): void {
    if (JSON.stringify(query) === JSON.stringify(this.query) && this.hasLoaded) return;
    this.query = query;
    this.reload();
  }

  /** Fetches the list again from the top (after a change made elsewhere). */
  reload(): void {
    this.generation++;
    this.pages.clear();
    this.loadingPages.clear();
    this.selected.clear();
    this.allMatching = false;
    this.hasLoaded = false;
    this.wanted = { first: 0, last: 0 };
    void this.loadPage(1);
  }

  guestAt(index: number): GuestJson | undefined {
    const page = Math.floor(index / GUEST_PAGE_SIZE) + 1;
    return this.pages.get(page)?.[index % GUEST_PAGE_SIZE];
  }

  /**
   * Asks for the pages holding rows `first` to `last` (0-based indexes). At most MAX_PARALLEL calls run
   * at once; when one ends, only the pages wanted THEN are fetched (a fast scroll skips the pages it passed).
   */
  ensureRows(first: number, last: number): void {
    this.wanted = { first, last };
    this.fetchWanted();
  }

  private fetchWanted(): void {
    if (!this.hasLoaded) return;
    const { first, last } = this.wanted;
    const from = Math.floor(Math.max(0, first) / GUEST_PAGE_SIZE) + 1;
    const to = Math.floor(Math.min(Math.max(0, this.total - 1), last) / GUEST_PAGE_SIZE) + 1;
    for (let page = from; page <= to && this.loadingPages.size < MAX_PARALLEL; page++) {
      if (!this.pages.has(page) && !this.loadingPages.has(page)) void this.loadPage(page);
    }
  }

  /** Ids of the loaded rows (what "select all" selects: the rows fetched, not 100,000 unseen ones). */
  get loadedIds(): string[] {
    return [...this.pages.values()].flat().map((guest) => guest.id);
  }

  /** Whether a row shows as selected (every row does once all matching guests are). */
  isSelected(id: string): boolean {
    return this.allMatching || this.selected.has(id);
  }

  toggle(id: string): void {
    // Unticking one row of "all matching" keeps the other rows loaded now, as listed ids.
    if (this.allMatching) this.selected.replace(this.loadedIds);
    this.allMatching = false;
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  setSelection(ids: string[]): void {
    this.allMatching = false;
    this.selected.replace(ids);
  }

  /** Selects every guest the list's query matches (bulk actions then send the query, not ids). */
  selectAllMatching(): void {
    this.selected.replace(this.loadedIds);
    this.allMatching = true;
  }

  /** How many guests the selection holds. */
  get selectionCount(): number {
    return this.allMatching ? this.total : this.selected.size;
  }

  /** What a bulk action sends: the selected ids, or the list's query (its filters and search, not its order). */
  get selection(): GuestSelectionJson {
    if (!this.allMatching) return { ids: [...this.selected] };
    const { sort, order, ...query } = this.query;
    void sort;
    void order;
    return { query };
  }

  /** Every loaded row is selected and more guests match than are loaded: "select all N matching" is offered. */
  get canSelectAllMatching(): boolean {
    if (this.allMatching || this.selected.size === 0) return false;
    const loaded = this.loadedIds;
    return loaded.length < this.total && loaded.every((id) => this.selected.has(id));
  }

  /** Replaces a row after an edit, wherever it is loaded. */
  replaceGuest(guest: GuestJson): void {
    for (const [page, rows] of this.pages) {
      if (rows.some((row) => row.id === guest.id)) {
        this.pages.set(
          page,
          rows.map((row) => (row.id === guest.id ? guest : row)),
        );
      }
    }
  }

  private async loadPage(page: number): Promise<void> {
    const generation = this.generation;
    this.loadingPages.add(page);
    this.lastPage = page;
    try {
      const result = await this.context.api.guests.list(this.accountId, this.eventId, this.query, {
        page,
        perPage: GUEST_PAGE_SIZE,
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.loadingPages.delete(page);
        this.pages.set(page, result.data);
        this.total = result.pagination.total;
        this.hasLoaded = true;
        this.loadError = null;
        this.evict();
      });
      this.fetchWanted();
    } catch (error) {
      if (generation !== this.generation) return;
      if (isApiError(error) && error.status === 401) this.context.onUnauthenticated();
      runInAction(() => {
        this.loadingPages.delete(page);
        this.loadError = isApiError(error) ? error : null;
      });
      if (!isApiError(error)) throw error;
    }
  }

  private evict(): void {
    if (this.pages.size <= MAX_CACHED_PAGES) return;
    const farthest = [...this.pages.keys()].sort((a, b) => Math.abs(b - this.lastPage) - Math.abs(a - this.lastPage));
    for (const page of farthest.slice(0, this.pages.size - MAX_CACHED_PAGES)) this.pages.delete(page);
  }
}
