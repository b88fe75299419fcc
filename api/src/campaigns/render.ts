import { randomBytes } from "node:crypto";
import { convert } from "html-to-text";
import mjml2html from "mjml";
import { createI18n } from "@tessera/shared";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { isCampaignTargetUrl } from "@tessera/shared/campaigns/check";
import {
  BUTTON_DEFAULT_COLORS,
  CAMPAIGN_COLOR_PATTERN,
  mergeTagsIn,
  type CampaignBlock,
  type CampaignContent,
  type MergeTag,
} from "@tessera/shared/campaigns/content";
import type { AutoMailTag } from "@tessera/shared/campaigns/autoMails";
import { CAMPAIGN_VOCABULARY, isLinkTagOf, isTagOf, type MergeVocabulary } from "@tessera/shared/campaigns/vocabulary";
import { escapeHtml } from "../mail/templates/escapeHtml.ts";
import { sanitizeCampaignHtml } from "./sanitize.ts";

/**
 * Campaign emails (issue 15 item 3): a campaign's content is compiled ONCE per campaign and language (MJML to
 * responsive HTML, plus a plain-text part), into a template whose merge tags are slots; each recipient's message
 * is then the template with its values put in (string joins, no parsing), which a send of 100,000 needs.
 *
 *   const template = await compileCampaign({ subject, content, language }, { rewriteLink, openPixelUrl });
 *   for (const recipient of recipients) mailer.send(template.personalise(valuesOf(recipient)));
 *
 * Values are HTML-escaped in the HTML and kept raw in the text part and the subject. A link merge tag that
 * starts a URL (href="{{registrationLink}}?x=1") takes its value as a URL, which must be an absolute http(s)
 * one; any other tag inside a URL is percent-encoded. User HTML is sanitised (sanitize.ts) before anything.
 */

/** A value only the renderer's callers put in (a tracking redirect's or the open pixel's URL), never authors. */
export const RECIPIENT_TOKEN_TAG = "recipientToken";

/** One recipient's values: every merge tag the content uses (a missing one is left empty) and the token. */
export type MergeValues = Partial<Record<MergeTag | AutoMailTag | typeof RECIPIENT_TOKEN_TAG, string>>;

export interface CampaignRenderInput {
  subject: string;
  content: CampaignContent;
  language: CampaignLanguage;
  /** The inbox preview text (shown after the subject by most clients); merge tags allowed. */
  previewText?: string;
}

export interface CampaignRenderOptions {
  /**
   * Called once per link, button and image target, at compile time, in the order they appear (`index` from
   * 0; the text part uses the same indexes). `url` is the target as written, merge tags included
   * (`{{registrationLink}}`, `https://x.org/?m={{email}}`, `mailto:…` links are not passed). What it returns
   * replaces the target; it may hold merge tags and {{recipientToken}}, put in per recipient, e.g.
   * `https://app/t/c/{{recipientToken}}/3`. Return `url` itself to leave a link alone (the unsubscribe link).
   */
  rewriteLink?: (url: string, index: number) => string;
  /** An open pixel's URL, put at the end of the body; may hold {{recipientToken}}. */
  openPixelUrl?: string;
}

/** What else a message may ask of the compiler: an automatic mail's (services/autoMails). */
export interface CampaignCompileOptions extends CampaignRenderOptions {
  /** The merge tags the content may use (a campaign's by default; an automatic mail's: autoMails.ts). */
  vocabulary?: MergeVocabulary;
  /** Whether the footer carries an unsubscribe link (made when the author left it out); true by default. */
  unsubscribe?: boolean;
  /** Written after the blocks (MJML and its text part), e.g. an entry QR code shown by Content-ID. */
  trailer?: { mjml: string; text: string };
}

export interface PersonalisedCampaign {
  subject: string;
  html: string;
  text: string;
}

export interface CompiledCampaign {
  language: CampaignLanguage;
  /**
   * The tags the message needs values for: callers need not compute the others (a badge link …). A link tag
   * that rewriteLink replaced is not among them (the tracking redirect resolves it, from `links`).
   */
  tags: ReadonlySet<string>;
  /** The targets as written, by the index rewriteLink was given. */
  links: readonly string[];
  personalise(values: MergeValues): PersonalisedCampaign;
  /**
   * The same message with its bodies in a transfer encoding that can be written piece by piece: the literals
   * between merge slots are encoded once per template, only the recipient's values each time.
   */
  personaliseEncoded(values: MergeValues, encoding: PieceEncoding): PersonalisedCampaign;
}

/** A transfer encoding whose pieces, each encoded on its own, join into a valid whole (quoted-printable). */
export interface PieceEncoding {
  encode(piece: string): string;
}

/** Where a slot sits: in text, at the start of a URL (a link tag's value is the URL), or inside a URL. */
type Place = "content" | "url-start" | "url-inner";
interface Slot {
  tag: string;
  place: Place;
}

/** A compiled output: literals with slots between them (`literals.length === slots.length + 1`). */
interface Segments {
  literals: string[];
  slots: number[];
}

const COLORS = {
  text: "#1f2933",
  muted: "#6b7280",
  page: "#f4f5f7",
  card: "#ffffff",
  link: "#3b5bdb",
  rule: "#e5e7eb",
};
const BODY_WIDTH = 600;

/** Compiles a campaign's content for one language (MJML once); `personalise` then makes each recipient's message. */
export async function compileCampaign(
  input: CampaignRenderInput,
  options: CampaignCompileOptions = {},
): Promise<CompiledCampaign> {
  const compiler = new SlotCompiler(options);
  const subject = compiler.content(input.subject.replace(/\s+/g, " ").trim());
  const preview = input.previewText ? compiler.content(escapeHtml(input.previewText)) : "";
  const t = createI18n(input.language).getFixedT(input.language, "mail");
  const unsubscribe = `<p>${escapeHtml(t("campaign.unsubscribe_intro"))} <a href="{{unsubscribeLink}}">${escapeHtml(t("campaign.unsubscribe"))}</a></p>`;

  const blocks = input.content.blocks.filter((block) => block.type !== "footer");
  const footers = input.content.blocks.filter((block) => block.type === "footer");
  // The footer carries the unsubscribe link; one is made when the author left it out (or the footer).
  let footerHtml = footers.map((footer) => footer.html).join("");
  const wantsUnsubscribe = options.unsubscribe ?? true;
  if (wantsUnsubscribe && !mergeTagsIn(footerHtml).some((use) => use.name === "unsubscribeLink")) {
    footerHtml += unsubscribe;
  }

  const parts = blocks.map((block) => compiler.block(block));
  if (options.trailer) parts.push(options.trailer);
  const footer = compiler.html(footerHtml);
  const pixel = options.openPixelUrl ? compiler.url(options.openPixelUrl, { rewrite: false }) : "";

  const mjml = `<mjml lang="${escapeHtml(input.language)}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    ${preview ? `<mj-preview>${preview}</mj-preview>` : ""}
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="${COLORS.text}" />
    </mj-attributes>
    <mj-style inline="inline">
      h1 { font-size: 26px; line-height: 1.25; margin: 0 0 12px; }
      h2 { font-size: 21px; line-height: 1.3; margin: 0 0 10px; }
      h3 { font-size: 17px; line-height: 1.35; margin: 0 0 8px; }
      p { margin: 0 0 12px; }
      ul, ol { margin: 0 0 12px; padding-left: 24px; }
      a { color: ${COLORS.link}; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${COLORS.page}" width="${BODY_WIDTH}px">
    <mj-section background-color="${COLORS.card}" padding="16px 0">
      <mj-column>
        ${parts.map((part) => part.mjml).join("\n        ")}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="1.5" color="${COLORS.muted}" align="center">${footer}</mj-text>
      </mj-column>
    </mj-section>
    ${pixel ? `<mj-raw><img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px;" /></mj-raw>` : ""}
  </mj-body>
</mjml>`;
  const result = await mjml2html(mjml, { validationLevel: "strict", keepComments: false, fonts: {} });

  const text = [...parts.map((part) => part.text), "---", htmlText(footer)]
    .filter((part) => part.trim() !== "")
    .join("\n\n");

  return compiler.finish(input.language, { subject, html: result.html, text });
}

/**
 * Turns merge tags into opaque slot markers (`mt<nonce>_<n>_`, letters and digits that MJML, the sanitiser and
 * html-to-text pass through untouched) and records what each slot is; `finish` splits the outputs on them.
 */
class SlotCompiler {
  readonly slots: Slot[] = [];
  readonly links: string[] = [];
  private readonly nonce = `mt${randomBytes(6).toString("hex")}`;
  private readonly marker = new RegExp(`${this.nonce}_(\\d+)_`, "g");
  private readonly vocabulary: MergeVocabulary;
  private readonly isTag: (name: string) => boolean;

  constructor(private readonly options: CampaignCompileOptions) {
    const vocabulary = options.vocabulary ?? CAMPAIGN_VOCABULARY;
    this.vocabulary = vocabulary;
    this.isTag = (name) => isTagOf(vocabulary, name);
  }

  /** The block's MJML and its text part. */
  block(block: Exclude<CampaignBlock, { type: "footer" }>): { mjml: string; text: string } {
    switch (block.type) {
      case "text": {
        const html = this.html(block.html);
        return { mjml: `<mj-text>${html}</mj-text>`, text: htmlText(html) };
      }
      case "button": {
        const href = this.target(block.url);
        const label = this.content(escapeHtml(block.label));
        const colors = `background-color="${color(block.backgroundColor, BUTTON_DEFAULT_COLORS.backgroundColor)}" color="${color(block.textColor, BUTTON_DEFAULT_COLORS.textColor)}"`;
        return {
          mjml: `<mj-button ${href ? `href="${escapeHtml(href)}" ` : ""}${colors} font-size="15px" font-weight="bold" border-radius="4px" inner-padding="12px 24px" padding="12px 25px">${label}</mj-button>`,
          text: [this.content(block.label), href].filter(Boolean).join(": "),
        };
      }
      case "image": {
        // Only an http(s) image: the schema asks it, but a preview may render a draft nobody validated.
        if (!/^https?:\/\//i.test(block.src)) return { mjml: "", text: block.alt.trim() };
        const href = this.target(block.url);
        const width = pixels(block.width ?? BODY_WIDTH, 16, BODY_WIDTH - 50);
        const attributes = [
          `src="${escapeHtml(block.src)}"`,
          `alt="${escapeHtml(block.alt)}"`,
          href ? `href="${escapeHtml(href)}"` : "",
          `width="${width}px"`,
        ];
        return {
          mjml: `<mj-image ${attributes.filter(Boolean).join(" ")} />`,
          text: [block.alt.trim(), href].filter(Boolean).join(": "),
        };
      }
      case "divider":
        return {
          mjml: `<mj-divider border-width="1px" border-color="${COLORS.rule}" padding="12px 25px" />`,
          text: "----",
        };
      case "spacer":
        return { mjml: `<mj-spacer height="${pixels(block.height, 4, 120)}px" />`, text: "" };
    }
  }

  /** Sanitised HTML with its links' targets rewritten and its merge tags as slots. */
  html(raw: string): string {
    const clean = sanitizeCampaignHtml(raw, this.vocabulary);
    // sanitize-html writes every link `<a href="…">`, its value escaped: read it back, rewrite it, escape again.
    const linked = clean.replace(/<a href="([^"]*)">/g, (_, value: string) => {
      const href = unescapeAttribute(value);
      const target = /^mailto:/i.test(href) ? this.mailto(href) : this.url(href);
      return `<a href="${escapeHtml(target)}">`;
    });
    return this.content(linked);
  }

  /** Text (escaped or not) with its merge tags as content slots; unknown tags stay as written. */
  content(text: string): string {
    return this.replaceTags(text, (tag) => this.slot(tag, "content"), this.isTag);
  }

  /** A button's or an image's target as url() makes it, or "" (no link) when it is empty or not a valid one. */
  private target(url: string): string {
    return isCampaignTargetUrl(url, this.vocabulary) ? this.url(url) : "";
  }

  /** A target URL, rewritten (tracking) then with its merge tags as URL slots. */
  url(target: string, { rewrite = true }: { rewrite?: boolean } = {}): string {
    let url = target.trim();
    if (rewrite) {
      this.links.push(url);
      if (this.options.rewriteLink) url = this.options.rewriteLink(url, this.links.length - 1);
    }
    const accepts = (name: string) => this.isTag(name) || name === RECIPIENT_TOKEN_TAG;
    return this.replaceTags(url, (tag, index) => this.slot(tag, index === 0 ? "url-start" : "url-inner"), accepts);
  }

  private mailto(href: string): string {
    return this.replaceTags(href, (tag) => this.slot(tag, "url-inner"), this.isTag);
  }

  private replaceTags(
    text: string,
    toSlot: (tag: string, index: number) => string,
    accepts: (name: string) => boolean,
  ): string {
    let out = "";
    let from = 0;
    for (const use of mergeTagsIn(text)) {
      if (!accepts(use.name)) continue;
      out += text.slice(from, use.index) + toSlot(use.name, use.index);
      from = use.index + use.length;
    }
    return out + text.slice(from);
  }

  private slot(tag: string, place: Place): string {
    // Only a link tag (or the token) starting a URL is a whole URL; any other tag there is percent-encoded.
    const isWholeUrl = isLinkTagOf(this.vocabulary, tag) || tag === RECIPIENT_TOKEN_TAG;
    this.slots.push({ tag, place: place === "url-start" && !isWholeUrl ? "url-inner" : place });
    return `${this.nonce}_${this.slots.length - 1}_`;
  }

  private segments(output: string): Segments {
    const pieces = output.split(this.marker);
    const literals: string[] = [];
    const slots: number[] = [];
    pieces.forEach((piece, index) => (index % 2 ? slots.push(Number(piece)) : literals.push(piece)));
    return { literals, slots };
  }

  finish(language: CampaignLanguage, outputs: PersonalisedCampaign): CompiledCampaign {
    const slots = this.slots;
    const subject = this.segments(outputs.subject);
    const html = this.segments(outputs.html);
    const text = this.segments(outputs.text);
    const tags = new Set(slots.map((slot) => slot.tag));
    const valuesOf = (values: MergeValues) => {
      const raw = slots.map((slot) => slotValue(slot, values));
      // The subject is a header: a value's line breaks never reach it.
      const oneLine = raw.map((value) => value.replace(/\s+/g, " "));
      return { raw, escaped: raw.map(escapeHtml), subject: join(subject, oneLine) };
    };
    const encodedLiterals = new Map<PieceEncoding, { html: Segments; text: Segments }>();
    return {
      language,
      tags,
      links: [...this.links],
      personalise(values: MergeValues): PersonalisedCampaign {
        const { raw, escaped, subject } = valuesOf(values);
        return { subject, html: join(html, escaped), text: join(text, raw) };
      },
      personaliseEncoded(values: MergeValues, encoding: PieceEncoding): PersonalisedCampaign {
        let literals = encodedLiterals.get(encoding);
        if (!literals) {
          const encoded = (segments: Segments) => ({ ...segments, literals: segments.literals.map(encoding.encode) });
          literals = { html: encoded(html), text: encoded(text) };
          encodedLiterals.set(encoding, literals);
        }
        const { raw, escaped, subject } = valuesOf(values);
        return {
          subject,
          html: join(literals.html, escaped.map(encoding.encode)),
          text: join(literals.text, raw.map(encoding.encode)),
        };
      },
    };
  }
}

/** A slot's value for one recipient, before HTML escaping. */
function slotValue(slot: Slot, values: MergeValues): string {
  const value = values[slot.tag as keyof MergeValues] ?? "";
  if (slot.place === "content") return value;
  if (slot.place === "url-inner") return encodeURIComponent(value);
  if (value === "") return "";
  if (slot.tag === RECIPIENT_TOKEN_TAG) return encodeURIComponent(value);
  // A link tag's value is a whole URL: never a javascript: one, whatever the data.
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) {
    throw new Error(`The merge tag ${slot.tag} needs an absolute http(s) URL`);
  }
  return value;
}

/** A colour as the schema has it (#rrggbb), or the default: never an attribute's text from unchecked data. */
function color(value: string, fallback: string): string {
  return new RegExp(CAMPAIGN_COLOR_PATTERN).test(value) ? value : fallback;
}

function pixels(value: number, least: number, most: number): number {
  return Number.isFinite(value) ? Math.round(Math.min(Math.max(value, least), most)) : most;
}

function join({ literals, slots }: Segments, values: readonly string[]): string {
  let out = literals[0] ?? "";
  for (let index = 0; index < slots.length; index++) out += values[slots[index]!]! + literals[index + 1]!;
  return out;
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A sanitised fragment as plain text: headings as typed, links as `text [url]`, lists with bullets. */
function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
