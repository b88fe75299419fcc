import type { Knex } from "./knex.ts";

/** What a slot holds while its statement is compiled: no value a caller would bind. */
const SLOT = "\u0000slot:";

export interface CompiledStatement<V> {
  /** The text, with `?` for each binding. */
  sql: string;
  /** The bindings of one run: the slots filled with `values`, the rest as compiled. */
  bind(values: V): Knex.Value[];
}

/**
 * A statement of a hot path compiled by knex once rather than at every run: `build` makes it with each
 * varying value replaced by its slot, and each run fills the slots in, in the order the text binds them.
 */
export function compileOnce<V extends Record<string, Knex.Value>>(
  names: readonly (keyof V & string)[],
  build: (values: V) => { toSQL(): { sql: string; bindings: readonly Knex.Value[] } },
): CompiledStatement<V> {
  const slots = Object.fromEntries(names.map((name) => [name, `${SLOT}${name}`])) as unknown as V;
  const { sql, bindings } = build(slots).toSQL();
  type Binding = { filled: true; slot: keyof V & string } | { filled: false; value: Knex.Value };
  const order = bindings.map((binding): Binding =>
    typeof binding === "string" && binding.startsWith(SLOT)
      ? { filled: true, slot: binding.slice(SLOT.length) as keyof V & string }
      : { filled: false, value: binding },
  );
  return {
    sql,
    bind: (values) => order.map((item) => (item.filled ? values[item.slot]! : item.value)),
  };
}
