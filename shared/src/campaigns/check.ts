import { CAMPAIGN_SUBJECT_MAX } from "../rules/campaigns.ts";
import type { ValidationIssue } from "../validation.ts";
import { CAMPAIGN_CONTENT_CHARS_MAX, contentSize, mergeTagsIn, type CampaignContent } from "./content.ts";
import { CAMPAIGN_VOCABULARY, isLinkTagOf, isTagOf, type MergeVocabulary } from "./vocabulary.ts";

/**
 * What a campaign needs before it can be sent (spec §5), on content the schema (content.ts) already accepted:
 *
 *   subject            required, at most 80 characters                     required, campaign_subject_too_long
 *   buttons, images    a target url: an http(s) URL or one starting with   campaign_target_url_required,
 *                      a link merge tag ({{registrationLink}} …)           campaign_target_url_invalid
 *   footer             required, only one, the last block                  campaign_footer_required, _once, _last
 *   merge tags         only the known ones (content.ts MERGE_TAGS)         campaign_unknown_merge_tag {tag}
 *   text links         http, https, mailto or a link merge tag             campaign_link_invalid
 *   text, footer       not empty                                           bloc_empty (the spec's message)
 *   button label       required                                            required
 *   image              alt text for who cannot see it                      campaign_image_alt_required
 *   blocks             ids unique; the whole within CAMPAIGN_CONTENT_CHARS_MAX   campaign_block_id_taken,
 *                                                                          campaign_content_too_large
 *
 * Codes are keys of the "validation" catalogue; fields are dotted paths (`content.blocks.2.url`). The editor
 * shows them as the author writes, the API refuses to send while there are any. An automatic mail is checked
 * the same way with its own merge tags (`vocabulary`: autoMails.ts).
 */
export function checkCampaignContent(
  campaign: { subject: string; content: CampaignContent },
  vocabulary: MergeVocabulary = CAMPAIGN_VOCABULARY,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const subject = campaign.subject.trim();
  if (!subject) issues.push({ field: "subject", code: "required" });
  else if ([...subject].length > CAMPAIGN_SUBJECT_MAX) {
    issues.push({ field: "subject", code: "campaign_subject_too_long", params: { count: CAMPAIGN_SUBJECT_MAX } });
  }
  issues.push(...unknownTagIssues("subject", campaign.subject, vocabulary));

  const blocks = campaign.content.blocks;
  const ids = new Set<string>();
  let footers = 0;
  blocks.forEach((block, index) => {
    const at = `content.blocks.${index}`;
    if (ids.has(block.id)) issues.push({ field: `${at}.id`, code: "campaign_block_id_taken" });
    ids.add(block.id);
    switch (block.type) {
      case "text":
      case "footer":
        if (!htmlHasText(block.html)) issues.push({ field: `${at}.html`, code: "bloc_empty" });
        issues.push(...unknownTagIssues(`${at}.html`, block.html, vocabulary));
        if (linksIn(block.html).some((href) => !isCampaignLinkHref(href, vocabulary))) {
          issues.push({ field: `${at}.html`, code: "campaign_link_invalid" });
        }
        if (block.type === "footer") {
          footers += 1;
          if (footers > 1) issues.push({ field: at, code: "campaign_footer_once" });
          else if (index !== blocks.length - 1) issues.push({ field: at, code: "campaign_footer_last" });
        }
        break;
      case "button":
        if (!block.label.trim()) issues.push({ field: `${at}.label`, code: "required" });
        issues.push(...unknownTagIssues(`${at}.label`, block.label, vocabulary));
        issues.push(...targetUrlIssues(`${at}.url`, block.url, vocabulary));
        break;
      case "image":
        if (!block.alt.trim()) issues.push({ field: `${at}.alt`, code: "campaign_image_alt_required" });
        issues.push(...targetUrlIssues(`${at}.url`, block.url, vocabulary));
        break;
      case "divider":
      case "spacer":
        break;
    }
  });
  if (!footers) issues.push({ field: "content.blocks", code: "campaign_footer_required" });
  if (contentSize(campaign.content) > CAMPAIGN_CONTENT_CHARS_MAX) {
    issues.push({ field: "content", code: "campaign_content_too_large" });
  }
  return issues;
}

/** A button's or an image's target: an absolute http(s) URL, or one that starts with a link merge tag. */
export function isCampaignTargetUrl(url: string, vocabulary: MergeVocabulary = CAMPAIGN_VOCABULARY): boolean {
  const target = url.trim();
  const first = mergeTagsIn(target)[0];
  if (first && first.index === 0) return isLinkTagOf(vocabulary, first.name);
  // A scheme, a host (letters, digits, dots, dashes, a port; no user info), then anything but whitespace.
  return /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i.test(target);
}

/** A link's href in a text: a target url as a button's, or a mailto: address. */
export function isCampaignLinkHref(href: string, vocabulary: MergeVocabulary = CAMPAIGN_VOCABULARY): boolean {
  return isCampaignTargetUrl(href, vocabulary) || /^mailto:[^\s]+$/i.test(href.trim());
}

function targetUrlIssues(field: string, url: string, vocabulary: MergeVocabulary): ValidationIssue[] {
  if (!url.trim()) return [{ field, code: "campaign_target_url_required" }];
  const unknown = unknownTagIssues(field, url, vocabulary);
  if (unknown.length) return unknown;
  return isCampaignTargetUrl(url, vocabulary) ? [] : [{ field, code: "campaign_target_url_invalid" }];
}

/** One issue per unknown merge tag of a field, naming it as written. */
function unknownTagIssues(field: string, text: string, vocabulary: MergeVocabulary): ValidationIssue[] {
  const unknown = new Set(
    mergeTagsIn(text)
      .map((use) => use.name)
      .filter((name) => !isTagOf(vocabulary, name)),
  );
  return [...unknown].map((name) => ({ field, code: "campaign_unknown_merge_tag", params: { tag: `{{${name}}}` } }));
}

const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The hrefs of a text's links (entities in them decoded as a browser would the common ones). */
function linksIn(html: string): string[] {
  return [...html.matchAll(ANCHOR_HREF)].map((match) =>
    (match[1] ?? match[2] ?? match[3] ?? "")
      .replace(/&amp;/gi, "&")
      .replace(/&quot;/gi, '"')
      .replace(/&#39;/g, "'"),
  );
}

/** Whether a text shows anything once its tags are left out. */
function htmlHasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/gi, " ")
      .trim() !== ""
  );
}
