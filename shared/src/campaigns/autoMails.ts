import { AUTO_MAIL_KINDS, type AutoMailKind } from "../rules/campaigns.ts";
import { MERGE_TAGS, type MergeTag } from "./content.ts";
import type { MergeVocabulary } from "./vocabulary.ts";

/**
 * What each automatic mail (issue 15 item 7) may say: the guest's and the event's merge tags of a campaign (no
 * unsubscribe link: these are transactional messages, sent because of what the guest or the organizer did), and
 * the tags of its moment:
 *
 *   magic_link           {{signInLink}} (a link tag), {{signInCode}}, {{signInMinutes}}
 *   order_confirmation   {{orderReference}}, {{orderTotal}}, {{orderItems}}, {{orderDate}}
 *   order_refund         {{orderReference}}, {{refundAmount}}, {{orderTotal}}
 *
 * A registration confirmation shows the guest's entry QR code under its content when they have one.
 * {{orderItems}} lists the tickets, separated by commas ("2 × Day pass, 1 × Dinner").
 */
export const AUTO_MAIL_GUEST_TAGS: readonly MergeTag[] = MERGE_TAGS.filter((tag) => tag !== "unsubscribeLink");

export const AUTO_MAIL_KIND_TAGS = {
  registration_confirmation: [],
  registration_approved: [],
  registration_rejected: [],
  registration_cancelled: [],
  magic_link: ["signInLink", "signInCode", "signInMinutes"],
  order_confirmation: ["orderReference", "orderTotal", "orderItems", "orderDate"],
  order_refund: ["orderReference", "refundAmount", "orderTotal"],
} as const satisfies Record<AutoMailKind, readonly string[]>;

/** Every tag an automatic mail of some kind may use beyond a campaign's. */
export type AutoMailTag = (typeof AUTO_MAIL_KIND_TAGS)[AutoMailKind][number];

const AUTO_MAIL_LINK_TAGS = ["registrationLink", "portalLink", "badgeLink", "signInLink"] as const;

function vocabularyOf(kind: AutoMailKind): MergeVocabulary {
  const tags: string[] = [...AUTO_MAIL_GUEST_TAGS, ...AUTO_MAIL_KIND_TAGS[kind]];
  return { tags, linkTags: AUTO_MAIL_LINK_TAGS.filter((tag) => tags.includes(tag)) };
}

/** One object per kind (the renderer keeps its sanitiser's options per vocabulary). */
const VOCABULARIES = Object.fromEntries(AUTO_MAIL_KINDS.map((kind) => [kind, vocabularyOf(kind)])) as Record<
  AutoMailKind,
  MergeVocabulary
>;

/** The tags a kind of automatic mail may use, in the order the editor offers them. */
export function autoMailVocabulary(kind: AutoMailKind): MergeVocabulary {
  return VOCABULARIES[kind];
}

/** The one automatic mail that cannot be turned off: without it a guest could not sign in to their space. */
export function canDisableAutoMail(kind: AutoMailKind): boolean {
  return kind !== "magic_link";
}

export function isAutoMailKind(value: string): value is AutoMailKind {
  return (AUTO_MAIL_KINDS as readonly string[]).includes(value);
}
