/**
 * What a request of the bench asks for: a view's count, one of its pages (starting at `offset`), or
 * anything answered 200.
 */
export interface ListCheck {
  asks: "page" | "count" | "any";
  offset: number;
}

/**
 * Checks a list answer: a positive count, or a full page (unless fewer guests match). Returns the total it
 * gives, or undefined for a page asked without its count.
 */
export function checkListAnswer(body: unknown, check: ListCheck): number | undefined {
  if (check.asks === "any") return undefined;
  if (check.asks === "count") {
    const { total } = body as { total: number };
    if (!(total > 0)) throw new Error(`a count of ${total}`);
    return total;
  }
  const page = body as { data: unknown[]; pagination: { total: number } };
  // A full page, unless fewer guests match (a small BENCH_GUESTS); -1: asked without its count.
  const counted = page.pagination.total;
  const expected = counted < 0 ? page.data.length || 100 : Math.min(100, Math.max(0, counted - check.offset));
  if (page.data.length !== expected || expected === 0) throw new Error(`a page of ${page.data.length} guests`);
  return counted >= 0 ? counted : undefined;
}
