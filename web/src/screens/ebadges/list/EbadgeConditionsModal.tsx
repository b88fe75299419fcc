import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { Rule } from "@tessera/shared/conditions/index";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { RuleEditor } from "@/components/rules/RuleEditor.tsx";
import { draftOf, ruleOf, type GroupDraft } from "@/components/rules/ruleDraft.ts";
import { useRuleChecks } from "@/components/rules/useRuleChecks.ts";
import { useUpdateEbadge, type EbadgeJson } from "@/queries/ebadges.ts";
import type { SessionVocabulary } from "../../checkins/useSessionVocabulary.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";

/**
 * Which guests get a template: a rule of the condition engine over their fields, status and answers, written
 * with the rule editor and read back in words. Without one, the template is the event's default badge. The API
 * refuses a rule that would give a guest two badges (spec §5) and names them.
 */
export function EbadgeConditionsModal({
  ebadge,
  vocabulary,
  onClose,
}: {
  ebadge: EbadgeJson;
  vocabulary: SessionVocabulary;
  onClose(): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useEbadgesArea();
  const update = useUpdateEbadge(accountId, event.id);
  const [rule, setRule] = useState<GroupDraft>(() => draftOf((ebadge.conditions as Rule | null) ?? null));
  const [wasSubmitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const { issues, problems, inWords } = useRuleChecks(
    rule,
    vocabulary.fields,
    vocabulary.ruleContext,
    t("ebadges.defaultBadge"),
  );

  async function save() {
    setSubmitted(true);
    setFailure(null);
    if (issues.size > 0) {
      setFailure(t("ebadges.conditionsModal.incomplete"));
      return;
    }
    try {
      const saved = await update.mutateAsync({
        id: ebadge.id,
        body: { conditions: ruleOf(rule, vocabulary.fields) },
      });
      notifySuccess(t("ebadges.conditionsModal.savedNotice", { name: saved.name }));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("ebadges.conditionsModal.title", { name: ebadge.name })} size="xl">
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Text size="sm" c="dimmed">
          {t("ebadges.conditionsModal.help")}
        </Text>
        <RuleEditor
          value={rule}
          onChange={setRule}
          subjects={vocabulary.subjects}
          problems={wasSubmitted ? problems : undefined}
          emptyText={t("ebadges.conditionsModal.empty")}
        />
        <Alert variant="light" color="blue" title={t("ebadges.conditionsModal.inWords")}>
          <Text size="sm" aria-live="polite" data-testid="ebadge-rule-in-words">
            {inWords}
          </Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button loading={update.isPending} onClick={() => void save()}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
