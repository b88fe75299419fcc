import { Anchor, Button, Group, Menu, Paper, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCampaigns, useRemoveCampaign, type CampaignJson } from "@/queries/campaigns.ts";
import { useCreditsRemaining } from "@/queries/credits.ts";
import { CampaignStateBadge } from "../CampaignStateBadge.tsx";
import { CampaignsTabs } from "../CampaignsTabs.tsx";
import { useCampaignsArea } from "../campaignsBase.ts";
import { CreateCampaignModal } from "./CreateCampaignModal.tsx";

/**
 * The event's email campaigns (spec §2): name, type, state, sending date, recipients and credits; a new one opens
 * the editor; a pending one may be deleted. The account's campaign credits left are shown above.
 */
export function CampaignsListScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit, statisticsOf } = useCampaignsArea();
  const navigate = useNavigate();
  const campaigns = useCampaigns(accountId, event.id);
  const remove = useRemoveCampaign(accountId, event.id);
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CampaignJson | null>(null);

  return (
    <Stack gap="md">
      <CampaignsTabs current="campaigns" />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("campaigns.description")}
          </Text>
          <CreditsLeft accountId={accountId} />
        </Stack>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("campaigns.create")}
          </Button>
        )}
      </Group>
      <ScreenAlerts loadError={campaigns.error} onRetry={() => void campaigns.refetch()} />
      {!campaigns.error && (
        <ResourceTable
          isLoading={campaigns.isPending}
          isEmpty={!campaigns.data?.length}
          emptyText={canEdit ? t("campaigns.empty") : t("campaigns.emptyReadOnly")}
          minWidth={760}
          columns={[
            t("campaigns.columns.name"),
            t("campaigns.columns.type"),
            t("campaigns.columns.state"),
            t("campaigns.columns.sendAt"),
            t("campaigns.columns.recipients"),
            t("campaigns.columns.credits"),
          ]}
        >
          {campaigns.data?.map((campaign) => {
            const when = campaign.sentAt ?? campaign.sendAt;
            return (
              <Table.Tr key={campaign.id} data-testid="campaign-row">
                <Table.Td>
                  <Anchor component={Link} to={`${base}/${campaign.id}`} fw={500}>
                    {campaign.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`campaigns.types.${campaign.type}`)}</Table.Td>
                <Table.Td>
                  <CampaignStateBadge state={campaign.state} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {when ? formatDateTime(when, i18n.language, event.timezone) : "—"}
                  </Text>
                </Table.Td>
                <Table.Td>{campaign.recipientsCount ?? "—"}</Table.Td>
                <Table.Td>{campaign.creditsRequired ?? "—"}</Table.Td>
                <Table.Td ta="right">
                  <ActionsMenu label={t("campaigns.actionsOf", { name: campaign.name })}>
                    <Menu.Item onClick={() => navigate(`${base}/${campaign.id}`)}>
                      {canEdit && campaign.state === "pending" ? t("campaigns.open") : t("campaigns.view")}
                    </Menu.Item>
                    <Menu.Item onClick={() => navigate(`${base}/${campaign.id}/preview`)}>
                      {t("campaigns.tabs.preview")}
                    </Menu.Item>
                    <Menu.Item onClick={() => navigate(`${base}/${campaign.id}/send`)}>
                      {t("campaigns.tabs.send")}
                    </Menu.Item>
                    {campaign.state === "sent" && (
                      <Menu.Item onClick={() => navigate(statisticsOf(campaign.id))}>
                        {t("campaigns.send.statistics")}
                      </Menu.Item>
                    )}
                    {canEdit && campaign.state === "pending" && (
                      <Menu.Item color="red.8" onClick={() => setDeleting(campaign)}>
                        {t("common.delete")}
                      </Menu.Item>
                    )}
                  </ActionsMenu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ResourceTable>
      )}
      {isCreating && <CreateCampaignModal onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmModal
          title={t("campaigns.deleteTitle")}
          message={t("campaigns.deleteConfirm", { name: deleting.name })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("campaigns.deletedNotice", { name: deleting.name }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

/** The account's campaign credits left (hidden when the caller may not read them). */
export function CreditsLeft({ accountId }: { accountId: string }) {
  const { t } = useTranslation("web");
  const credits = useCreditsRemaining(accountId, "campaign");
  if (!credits.data) return null;
  return (
    <Paper withBorder px="sm" py={4} radius="sm" w="fit-content">
      <Text size="sm" data-testid="campaign-credits-left">
        {t("campaigns.creditsLeft", { count: credits.data.remaining })}
      </Text>
    </Paper>
  );
}
