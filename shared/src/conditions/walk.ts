/** Walking a rule tree: its nodes, its size against the limits, the questions it reads. */
import { isRecord } from "../records.ts";
import type { Rule } from "./schema.ts";
import { CONDITION_MAX_DEPTH, CONDITION_MAX_NODES } from "./vocabulary.ts";

export interface RuleNode {
  node: unknown;
  /** Dotted path from the root ("" for the root, then "all.0", "all.0.not" …). */
  path: string;
  /** 1 for the root. */
  depth: number;
}

/** A path one step further ("" stays where it is: ajv's issue on the node itself). */
export const childPath = (path: string, key: string | number) =>
  [path, String(key)].filter((part) => part !== "").join(".");

/** The nodes under a node: group members and the negated rule (all of them, if a bad node has several). */
function childrenOf({ node, path, depth }: RuleNode): RuleNode[] {
  if (!isRecord(node)) return [];
  const children: RuleNode[] = [];
  for (const key of ["all", "any"] as const) {
    const members = node[key];
    if (Array.isArray(members)) {
      members.forEach((member, index) => {
        children.push({ node: member, path: childPath(childPath(path, key), index), depth: depth + 1 });
      });
    }
  }
  if ("not" in node) children.push({ node: node.not, path: childPath(path, "not"), depth: depth + 1 });
  return children;
}

/**
 * Every node of a tree in reading order (a node, then its members). Walked without recursion, so input
 * of any depth is read safely, whatever its shape.
 */
export function* nodesOf(rule: unknown): Generator<RuleNode> {
  const pending: RuleNode[] = [{ node: rule, path: "", depth: 1 }];
  while (pending.length) {
    const current = pending.pop()!;
    yield current;
    pending.push(...childrenOf(current).reverse());
  }
}

export type LimitCode = "condition_too_deep" | "condition_too_many_nodes";

/** The first limit a tree goes past (CONDITION_MAX_DEPTH, CONDITION_MAX_NODES), if any. */
export function limitExceeded(rule: unknown): { code: LimitCode; max: number } | undefined {
  let nodes = 0;
  for (const { depth } of nodesOf(rule)) {
    if (depth > CONDITION_MAX_DEPTH) return { code: "condition_too_deep", max: CONDITION_MAX_DEPTH };
    nodes += 1;
    if (nodes > CONDITION_MAX_NODES) return { code: "condition_too_many_nodes", max: CONDITION_MAX_NODES };
  }
  return undefined;
}

/** The ids of the questions a rule reads, each once, in reading order (for the form linter). */
export function referencedFields(rule: Rule): string[] {
  const ids = new Set<string>();
  for (const { node } of nodesOf(rule)) {
    if (isRecord(node) && typeof node.field === "string") ids.add(node.field);
  }
  return [...ids];
}
