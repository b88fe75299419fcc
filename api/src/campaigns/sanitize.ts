import sanitizeHtml from "sanitize-html";
import { isCampaignLinkHref } from "@tessera/shared/campaigns/check";
import { CAMPAIGN_VOCABULARY, type MergeVocabulary } from "@tessera/shared/campaigns/vocabulary";

/** The HTML a campaign's text and footer blocks may hold (shared/src/campaigns/content.ts). */
export const CAMPAIGN_HTML_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "h1", "h2", "h3"];

/** Deeper than any list in a list an email needs. */
const NESTING_LIMIT = 12;

const optionsOf = (vocabulary: MergeVocabulary): sanitizeHtml.IOptions => ({
  allowedTags: CAMPAIGN_HTML_TAGS,
  // Only a link's target: no style, class, id or event handler on anything.
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // A script's or a style's text goes with it; other unknown tags leave their text.
  disallowedTagsMode: "discard",
  nestingLimit: NESTING_LIMIT,
  parser: { decodeEntities: true },
  transformTags: {
    // A link keeps its href only when it is an http(s) or mailto: address, or starts with a link merge tag
    // ({{registrationLink}} …); sanitize-html would let a relative one through.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = href && isCampaignLinkHref(href, vocabulary) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
});

/** The options per vocabulary (a campaign's, each kind of automatic mail's): built once each. */
const OPTIONS = new Map<MergeVocabulary, sanitizeHtml.IOptions>();

/**
 * Sanitises the HTML of a campaign's text or footer: only the tags above, links to http, https and mailto:
 * (or a link merge tag), no attribute but a link's href, scripts and styles removed with their content. The
 * output is canonical: every link is written `<a href="…">` with the value HTML-escaped. The link merge tags
 * are the vocabulary's (a campaign's by default).
 */
export function sanitizeCampaignHtml(html: string, vocabulary: MergeVocabulary = CAMPAIGN_VOCABULARY): string {
  let options = OPTIONS.get(vocabulary);
  if (!options) {
    options = optionsOf(vocabulary);
    OPTIONS.set(vocabulary, options);
  }
  return sanitizeHtml(html, options);
}
