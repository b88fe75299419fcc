import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { describeRule, type Rule } from "@tessera/shared/conditions/index";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { useEbadges, useRemoveEbadge, useUpdateEbadge, type EbadgeJson } from "@/queries/ebadges.ts";
import { useSessionVocabulary } from "../../checkins/useSessionVocabulary.ts";
import { pageLabel } from "../ebadgeWords.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";
import { CreateEbadgeModal } from "./CreateEbadgeModal.tsx";
import { EbadgeActions } from "./EbadgeActions.tsx";
import { EbadgeConditionsModal } from "./EbadgeConditionsModal.tsx";
import { RenameEbadgeModal } from "./RenameEbadgeModal.tsx";

type Dialog =
  | { kind: "create" }
  | { kind: "rename"; ebadge: EbadgeJson }
  | { kind: "conditions"; ebadge: EbadgeJson }
  | { kind: "delete"; ebadge: EbadgeJson };

/** The event's e-badge templates (oldest first): page, enabled, who gets each; create, rename, conditions, delete. */
export function EbadgesListScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit } = useEbadgesArea();
  const navigate = useNavigate();
  const ebadges = useEbadges(accountId, event.id);
  const vocabulary = useSessionVocabulary(accountId, event.id);
  const update = useUpdateEbadge(accountId, event.id);
  const remove = useRemoveEbadge(accountId, event.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);

  function toggle(ebadge: EbadgeJson) {
    setNotice(null);
    const isEnabled = !ebadge.isEnabled;
    update.mutateAsync({ id: ebadge.id, body: { isEnabled } }).then(
      (saved) => notifySuccess(t(isEnabled ? "ebadges.enabledNotice" : "ebadges.disabledNotice", { name: saved.name })),
      (error: unknown) => setNotice({ color: "red", message: errorMessage(error, t) }),
    );
  }

  const whoGetsIt = (ebadge: EbadgeJson) =>
    ebadge.conditions
      ? describeRule(ebadge.conditions as Rule, vocabulary.fields, t, vocabulary.ruleContext)
      : t("ebadges.defaultBadge");

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={640}>
          {t("ebadges.description")}
        </Text>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: "create" })}>
            {t("ebadges.create")}
          </Button>
        )}
      </Group>
      <div>
        <ScreenAlerts
          notice={notice}
          onDismiss={() => setNotice(null)}
          loadError={ebadges.error}
          onRetry={() => void ebadges.refetch()}
        />
      </div>
      {!ebadges.error && (
        <ResourceTable
          isLoading={ebadges.isPending}
          isEmpty={!ebadges.data?.length}
          emptyText={canEdit ? t("ebadges.empty") : t("ebadges.emptyReadOnly")}
          minWidth={720}
          columns={[
            t("ebadges.columns.name"),
            t("ebadges.columns.page"),
            t("ebadges.columns.status"),
            t("ebadges.columns.conditions"),
          ]}
        >
          {ebadges.data?.map((ebadge) => (
            <Table.Tr key={ebadge.id} data-testid="ebadge-row">
              <Table.Td>
                <Anchor component={Link} to={`${base}/${ebadge.id}`} fw={500}>
                  {ebadge.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{pageLabel(t, ebadge.format, ebadge.orientation)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={ebadge.isEnabled ? "green" : "gray"}>
                  {ebadge.isEnabled ? t("ebadges.statuses.enabled") : t("ebadges.statuses.disabled")}
                </Badge>
              </Table.Td>
              <Table.Td maw={360}>
                <Text size="sm">{whoGetsIt(ebadge)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <EbadgeActions
                  ebadge={ebadge}
                  isBusy={update.isPending && update.variables?.id === ebadge.id}
                  onOpen={() => navigate(`${base}/${ebadge.id}`)}
                  onRename={() => setDialog({ kind: "rename", ebadge })}
                  onConditions={() => setDialog({ kind: "conditions", ebadge })}
                  onToggle={() => toggle(ebadge)}
                  onDelete={() => setDialog({ kind: "delete", ebadge })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ResourceTable>
      )}
      {dialog?.kind === "create" && (
        <CreateEbadgeModal
          defaultBadge={ebadges.data?.find((ebadge) => ebadge.isEnabled && !ebadge.conditions)}
          onClose={() => setDialog(null)}
          onCreated={(created) => navigate(`${base}/${created.id}`)}
        />
      )}
      {dialog?.kind === "rename" && <RenameEbadgeModal ebadge={dialog.ebadge} onClose={() => setDialog(null)} />}
      {dialog?.kind === "conditions" && (
        <EbadgeConditionsModal ebadge={dialog.ebadge} vocabulary={vocabulary} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmModal
          title={t("ebadges.deleteTitle")}
          message={t("ebadges.deleteConfirm", { name: dialog.ebadge.name })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(dialog.ebadge.id);
            notifySuccess(t("ebadges.deletedNotice", { name: dialog.ebadge.name }));
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
