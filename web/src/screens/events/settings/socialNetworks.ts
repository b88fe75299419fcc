import type { SocialNetwork } from "@tessera/shared/rules/events";

/** Brand names, the same in every language. */
export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  instagram: "Instagram",
};
