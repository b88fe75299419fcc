/**
 * The targets of a campaign's links as written (`links` of a compiled campaign), per campaign, language and
 * version: a click redirect needs them, and compiling the content (MJML) per click would be far too slow. A small
 * LRU in memory: a recent campaign's clicks come in bursts, an old one's rarely.
 */
export class LinkCache {
  private readonly entries = new Map<string, Promise<readonly string[]>>();

  constructor(private readonly capacity = 64) {}

  /** The links under `key`, compiled by `load` once (a failed load is not kept). */
  get(key: string, load: () => Promise<readonly string[]>): Promise<readonly string[]> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }
}
