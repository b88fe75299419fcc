import type { TicketCategoryJson } from "@/queries/ticketing.ts";

/** A top-level category and its subcategories, as the list shows them (both by position). */
export interface CategoryBranch {
  category: TicketCategoryJson;
  children: TicketCategoryJson[];
}

/** The API's list (each top-level category followed by its subcategories) as branches. */
export function categoryBranches(categories: readonly TicketCategoryJson[]): CategoryBranch[] {
  const byPosition = (a: TicketCategoryJson, b: TicketCategoryJson) => a.position - b.position;
  return categories
    .filter((category) => category.parentId === null)
    .map((category) => ({
      category,
      children: categories.filter((child) => child.parentId === category.id).sort(byPosition),
    }));
}

/** Every category's id once, in order, with the top-level category `activeId` moved to the place of `overId`. */
export function movedCategoryIds(
  branches: readonly CategoryBranch[],
  activeId: string,
  overId: string,
): string[] | null {
  const from = branches.findIndex((branch) => branch.category.id === activeId);
  const to = branches.findIndex((branch) => branch.category.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  const next = [...branches];
  next.splice(to, 0, ...next.splice(from, 1));
  return next.flatMap((branch) => [branch.category.id, ...branch.children.map((child) => child.id)]);
}
