import { Type, type Static } from "@sinclair/typebox";
import { literals } from "../schemas/common.ts";

/**
 * A campaign's content (issue 15 item 3): a list of blocks the editor arranges and the API renders to email
 * with MJML (api/src/campaigns/render.ts). The schema only bounds the structure and the sizes, so that a draft
 * with gaps (a button without its target yet) can be saved; what a campaign needs before it is sent (spec §5:
 * a subject of at most 80 characters, a target url on buttons and images, a footer) is checkCampaignContent's
 * (check.ts).
 *
 * Blocks:
 *   text     limited rich text as HTML: p, br, strong/b, em/i, u, a (http, https, mailto or a link merge tag),
 *            ul/ol/li, h1–h3. Anything else is removed when rendered (sanitised on the server).
 *   image    an image (`src`, an http(s) URL), its alt text, the target url it opens and its width in pixels
 *   button   a label (plain text), its target url and its colours
 *   divider  a horizontal rule
 *   spacer   vertical space, in pixels
 *   footer   text HTML as a text block's; required, once, last. Carries the unsubscribe link (the renderer
 *            adds one when the author left {{unsubscribeLink}} out).
 *
 * Merge tags ({{firstName}} …) are replaced per recipient in text, footer, button labels, target urls and the
 * subject. Link tags (registration, portal, badge, unsubscribe) may also start a target url.
 */

/** The merge tags an author may use, in the order the editor offers them. */
export const MERGE_TAGS = [
  "firstName",
  "lastName",
  "fullName",
  "company",
  "email",
  "eventName",
  "eventDate",
  "registrationLink",
  "portalLink",
  "badgeLink",
  "unsubscribeLink",
] as const;
export type MergeTag = (typeof MERGE_TAGS)[number];

/** The merge tags whose value is a URL: the only ones that may start a link's or a button's target. */
export const LINK_MERGE_TAGS = ["registrationLink", "portalLink", "badgeLink", "unsubscribeLink"] as const;
export type LinkMergeTag = (typeof LINK_MERGE_TAGS)[number];

export function isMergeTag(name: string): name is MergeTag {
  return (MERGE_TAGS as readonly string[]).includes(name);
}

export function isLinkMergeTag(name: string): name is LinkMergeTag {
  return (LINK_MERGE_TAGS as readonly string[]).includes(name);
}

/** How a merge tag is written: `{{name}}`, spaces inside the braces tolerated. */
export const MERGE_TAG_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** One merge tag as written in a text, with where it starts. */
export interface MergeTagUse {
  name: string;
  index: number;
  length: number;
}

/** The merge tags written in a text (known or not), in order. */
export function mergeTagsIn(text: string): MergeTagUse[] {
  return [...text.matchAll(MERGE_TAG_PATTERN)].map((match) => ({
    name: match[1] ?? "",
    index: match.index,
    length: match[0].length,
  }));
}

/** How a merge tag is written, for the editor's menu and the templates. */
export function mergeTag(name: MergeTag): string {
  return `{{${name}}}`;
}

export const CAMPAIGN_BLOCK_TYPES = ["text", "image", "button", "divider", "spacer", "footer"] as const;
export type CampaignBlockType = (typeof CAMPAIGN_BLOCK_TYPES)[number];

/** Bounds on a document, so that one cannot be abused (stored, rendered and sent to 100,000 people). */
export const CAMPAIGN_BLOCKS_MAX = 60;
/** A text's or footer's HTML, in characters. */
export const CAMPAIGN_TEXT_HTML_MAX = 10_000;
/** The whole content's HTML and labels, in characters: Gmail clips a message past ~100 KB. */
export const CAMPAIGN_CONTENT_CHARS_MAX = 60_000;
export const CAMPAIGN_BUTTON_LABEL_MAX = 100;
export const CAMPAIGN_URL_MAX = 2_000;
export const CAMPAIGN_IMAGE_ALT_MAX = 300;
/** Email bodies are 600 pixels wide. */
export const CAMPAIGN_IMAGE_WIDTH_MAX = 600;
export const CAMPAIGN_IMAGE_WIDTH_MIN = 16;
export const CAMPAIGN_SPACER_HEIGHT_MIN = 4;
export const CAMPAIGN_SPACER_HEIGHT_MAX = 120;
export const CAMPAIGN_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";
export const CAMPAIGN_BLOCK_ID_PATTERN = "^[A-Za-z0-9_-]{1,40}$";

const strict = { additionalProperties: false } as const;
/** A block's id: stable across edits (the editor's drag and drop), unique in its document. */
const BlockId = Type.String({ pattern: CAMPAIGN_BLOCK_ID_PATTERN });
const Html = Type.String({ maxLength: CAMPAIGN_TEXT_HTML_MAX, description: "limited rich text (see content.ts)" });
/** Empty while being written; checkCampaignContent asks for an http(s) URL or a link merge tag. */
const TargetUrl = Type.String({ maxLength: CAMPAIGN_URL_MAX });
const Color = Type.String({ pattern: CAMPAIGN_COLOR_PATTERN, description: "#rrggbb" });

export const TextBlockSchema = Type.Object({ id: BlockId, type: Type.Literal("text"), html: Html }, strict);

export const ImageBlockSchema = Type.Object(
  {
    id: BlockId,
    type: Type.Literal("image"),
    /** An uploaded image's public URL. */
    src: Type.String({ maxLength: CAMPAIGN_URL_MAX, pattern: "^https?://" }),
    alt: Type.String({ maxLength: CAMPAIGN_IMAGE_ALT_MAX }),
    url: TargetUrl,
    /** Pixels; none: the body's full width. */
    width: Type.Optional(
      Type.Integer({ minimum: CAMPAIGN_IMAGE_WIDTH_MIN, maximum: CAMPAIGN_IMAGE_WIDTH_MAX, description: "px" }),
    ),
  },
  strict,
);

export const ButtonBlockSchema = Type.Object(
  {
    id: BlockId,
    type: Type.Literal("button"),
    label: Type.String({ maxLength: CAMPAIGN_BUTTON_LABEL_MAX }),
    url: TargetUrl,
    backgroundColor: Color,
    textColor: Color,
  },
  strict,
);

export const DividerBlockSchema = Type.Object({ id: BlockId, type: Type.Literal("divider") }, strict);

export const SpacerBlockSchema = Type.Object(
  {
    id: BlockId,
    type: Type.Literal("spacer"),
    height: Type.Integer({ minimum: CAMPAIGN_SPACER_HEIGHT_MIN, maximum: CAMPAIGN_SPACER_HEIGHT_MAX }),
  },
  strict,
);

export const FooterBlockSchema = Type.Object({ id: BlockId, type: Type.Literal("footer"), html: Html }, strict);

export const CampaignBlockSchema = Type.Union([
  TextBlockSchema,
  ImageBlockSchema,
  ButtonBlockSchema,
  DividerBlockSchema,
  SpacerBlockSchema,
  FooterBlockSchema,
]);

export const CampaignContentSchema = Type.Object(
  { blocks: Type.Array(CampaignBlockSchema, { maxItems: CAMPAIGN_BLOCKS_MAX }) },
  strict,
);

export type TextBlock = Static<typeof TextBlockSchema>;
export type ImageBlock = Static<typeof ImageBlockSchema>;
export type ButtonBlock = Static<typeof ButtonBlockSchema>;
export type DividerBlock = Static<typeof DividerBlockSchema>;
export type SpacerBlock = Static<typeof SpacerBlockSchema>;
export type FooterBlock = Static<typeof FooterBlockSchema>;
export type CampaignBlock = Static<typeof CampaignBlockSchema>;
export type CampaignContent = Static<typeof CampaignContentSchema>;

/** The block types' literal union, for the editor's palette. */
export const CampaignBlockTypeSchema = literals(CAMPAIGN_BLOCK_TYPES);

/** Default colours of a new button. */
export const BUTTON_DEFAULT_COLORS = { backgroundColor: "#3b5bdb", textColor: "#ffffff" } as const;

/** The characters a document holds in its texts, labels and URLs (bounded by CAMPAIGN_CONTENT_CHARS_MAX). */
export function contentSize(content: CampaignContent): number {
  let size = 0;
  for (const block of content.blocks) {
    if (block.type === "text" || block.type === "footer") size += block.html.length;
    else if (block.type === "button") size += block.label.length + block.url.length;
    else if (block.type === "image") size += block.src.length + block.alt.length + block.url.length;
  }
  return size;
}
