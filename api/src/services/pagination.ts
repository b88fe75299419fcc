import type { QueryBuilder, Model } from "objection";

export interface PageRequest {
  page?: number;
  perPage?: number;
}

export interface PageResult<M> {
  rows: M[];
  pagination: { page: number; perPage: number; total: number };
}

export const DEFAULT_PER_PAGE = 50;

/** One page of an ordered query and the total number of rows it matches. */
export async function paginate<M extends Model>(
  query: QueryBuilder<M, M[]>,
  request: PageRequest,
): Promise<PageResult<M>> {
  const page = request.page ?? 1;
  const perPage = request.perPage ?? DEFAULT_PER_PAGE;
  const [total, rows] = await Promise.all([
    query.clone().resultSize(),
    query
      .clone()
      .offset((page - 1) * perPage)
      .limit(perPage),
  ]);
  return { rows, pagination: { page, perPage, total } };
}
