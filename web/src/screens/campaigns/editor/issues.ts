import type { CampaignBlock } from "@tessera/shared/campaigns/content";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";

/*
 * Where a content issue belongs in the editor. The rules (shared checkCampaignContent, the API's summary) name
 * their field as a dotted path: `subject`, `content.blocks.2.url` (one language's document), or
 * `content.fr.blocks.2.url` (the campaign's, per language). The editor shows each at its block and field, in the
 * same words as the API (the validation catalogue).
 */

export interface IssueLike {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}

/** A field path read: the language it is about, the block (by index) and the block's property. */
export interface IssuePlace {
  /** Set for the campaign's paths (`content.fr…`). */
  language: CampaignLanguage | null;
  /** "subject", "content" (the whole document, e.g. the footer is missing), or "block". */
  area: "subject" | "content" | "block" | "other";
  blockIndex: number | null;
  /** The block's property (`url`, `label`, `html`, `alt`); null for the block as a whole. */
  property: string | null;
}

const LANGUAGES = new Set(["en", "fr", "es"]);

export function placeOfIssue(field: string): IssuePlace {
  const parts = field.split(".");
  if (parts[0] === "subject") return { language: null, area: "subject", blockIndex: null, property: null };
  if (parts[0] !== "content") return { language: null, area: "other", blockIndex: null, property: null };
  let rest = parts.slice(1);
  let language: CampaignLanguage | null = null;
  if (rest[0] && LANGUAGES.has(rest[0])) {
    language = rest[0] as CampaignLanguage;
    rest = rest.slice(1);
  }
  if (rest[0] === "blocks" && rest[1] !== undefined && /^\d+$/.test(rest[1])) {
    return { language, area: "block", blockIndex: Number(rest[1]), property: rest[2] ?? null };
  }
  return { language, area: "content", blockIndex: null, property: null };
}

/** One issue as the editor shows it: its words, and the block property it is about (null: the block). */
export interface ShownIssue {
  property: string | null;
  message: string;
}

/** The issues of one language's document, sorted by where they are shown. */
export interface EditorIssues {
  subject: string[];
  /** About the document as a whole (no footer, too large). */
  content: string[];
  /** By block id. */
  blocks: ReadonlyMap<string, ShownIssue[]>;
}

/**
 * Sorts issues of a document (`content.blocks.…` paths, or the campaign's `content.{language}.…` ones of
 * `language`) by block id; `message` words each one (the validation catalogue, or the API's own message).
 */
export function editorIssues(
  issues: readonly IssueLike[],
  blocks: readonly CampaignBlock[],
  language: CampaignLanguage,
  message: (issue: IssueLike) => string,
): EditorIssues {
  const subject: string[] = [];
  const content: string[] = [];
  const byBlock = new Map<string, ShownIssue[]>();
  for (const issue of issues) {
    const place = placeOfIssue(issue.field);
    if (place.language && place.language !== language) continue;
    const words = message(issue);
    if (place.area === "subject") {
      if (!subject.includes(words)) subject.push(words);
    } else if (place.area === "block") {
      const block = blocks[place.blockIndex!];
      if (!block) {
        content.push(words);
        continue;
      }
      const shown = byBlock.get(block.id) ?? [];
      if (!shown.some((known) => known.property === place.property && known.message === words)) {
        shown.push({ property: place.property, message: words });
      }
      byBlock.set(block.id, shown);
    } else if (!content.includes(words)) {
      content.push(words);
    }
  }
  return { subject, content, blocks: byBlock };
}

/** The message of a block's property, when it has one (several joined). */
export function messageAt(issues: readonly ShownIssue[] | undefined, property: string | null): string | undefined {
  const found = (issues ?? []).filter((issue) => issue.property === property).map((issue) => issue.message);
  return found.length ? found.join(" ") : undefined;
}
