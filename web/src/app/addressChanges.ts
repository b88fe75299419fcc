/** Changes to some of an address's query parameters: a null or empty value removes the parameter. */
export type ParamsPatch = Record<string, string | null>;

export function patched(query: string, patch: ParamsPatch): string {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next.toString();
}

/**
 * The query strings asked for and not yet rendered. react-router's updater starts from the last rendered
 * address, so two changes asked for before a render (a second date typed while the first is being applied,
 * a debounced search landing just after a filter) would lose the first; each change here starts from the
 * newest address asked for, until the rendered address catches up.
 */
export class AddressChanges {
  private asked: string[] = [];
  private shown: string;

  constructor(shown: string) {
    this.shown = shown;
  }

  /** Called with each rendered query string. */
  rendered(shown: string): void {
    if (shown === this.shown) return;
    this.shown = shown;
    const reached = this.asked.indexOf(shown);
    // An address nobody here asked for (back, a link) is the new starting point.
    this.asked = reached >= 0 ? this.asked.slice(reached + 1) : [];
  }

  /** The query string to navigate to for this change. */
  ask(patch: ParamsPatch): string {
    const next = patched(this.asked.at(-1) ?? this.shown, patch);
    this.asked.push(next);
    return next;
  }
}
