import { LINK_MERGE_TAGS, MERGE_TAGS } from "./content.ts";

/**
 * The merge tags a kind of message may use: a campaign's (content.ts MERGE_TAGS), or an automatic mail's
 * (autoMails.ts: the guest's and the event's, and what its moment adds: the order, the refund, the sign-in
 * link). `linkTags` are those whose value is a whole URL: the only ones that may start a link's target.
 */
export interface MergeVocabulary {
  tags: readonly string[];
  linkTags: readonly string[];
}

export const CAMPAIGN_VOCABULARY: MergeVocabulary = { tags: MERGE_TAGS, linkTags: LINK_MERGE_TAGS };

export function isTagOf(vocabulary: MergeVocabulary, name: string): boolean {
  return vocabulary.tags.includes(name);
}

export function isLinkTagOf(vocabulary: MergeVocabulary, name: string): boolean {
  return vocabulary.linkTags.includes(name);
}
