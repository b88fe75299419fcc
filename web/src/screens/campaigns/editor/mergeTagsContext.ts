import { CAMPAIGN_VOCABULARY, type MergeVocabulary } from "@tessera/shared/campaigns/vocabulary";
import { createContext, useContext } from "react";

/**
 * The merge tags the editor offers: a campaign's by default; the automatic mails' editor gives its kind's (the
 * sign-in link, the order's total …) to the same blocks editor.
 */
export const MergeTagsContext = createContext<MergeVocabulary>(CAMPAIGN_VOCABULARY);

export function useMergeTags(): MergeVocabulary {
  return useContext(MergeTagsContext);
}
