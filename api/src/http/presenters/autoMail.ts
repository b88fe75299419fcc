import { autoMailVocabulary } from "@tessera/shared/campaigns/autoMails";
import type { AutoMailJson, AutoMailKindSummaryJson } from "@tessera/shared/schemas/autoMails";
import type { AutoMailKindView, AutoMailView } from "../../services/autoMails/editor.ts";
import type { EffectiveAutoMail } from "../../services/autoMails/wording.ts";

const updatedAtOf = (mail: EffectiveAutoMail) =>
  mail.isCustomised && mail.row ? mail.row.updatedAt.toISOString() : null;

export function presentAutoMail(mail: AutoMailView): AutoMailJson {
  const vocabulary = autoMailVocabulary(mail.kind);
  return {
    kind: mail.kind,
    language: mail.language,
    subject: mail.wording.subject,
    content: mail.wording.content,
    isCustomised: mail.isCustomised,
    enabled: mail.enabled,
    canDisable: mail.canDisable,
    tags: [...vocabulary.tags],
    linkTags: [...vocabulary.linkTags],
    updatedAt: updatedAtOf(mail),
  };
}

export function presentAutoMailKind(view: AutoMailKindView): AutoMailKindSummaryJson {
  return {
    kind: view.kind,
    enabled: view.enabled,
    canDisable: view.canDisable,
    languages: view.languages.map((mail) => ({
      language: mail.language,
      isCustomised: mail.isCustomised,
      subject: mail.wording.subject,
      updatedAt: updatedAtOf(mail),
    })),
  };
}
