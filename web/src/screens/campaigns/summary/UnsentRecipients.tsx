import { Alert, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { personName } from "@tessera/shared/text";
import { useUnsentRecipients } from "@/queries/campaignUnsent.ts";
import type { CampaignJson } from "@/queries/campaigns.ts";
import { useCampaignsArea } from "../campaignsBase.ts";

/**
 * "Some recipients could not be synchronized" (spec §8): once a send has recipients it could not reach, who they
 * are and why (first 100 by name), their credits given back.
 */
export function UnsentRecipients({ campaign }: { campaign: CampaignJson }) {
  const { t } = useTranslation(["web", "errors"]);
  const { accountId, event } = useCampaignsArea();
  const failed = campaign.progress?.failed ?? 0;
  const unsent = useUnsentRecipients(accountId, event.id, campaign.id, failed);
  if (!failed || !unsent.data) return null;
  const { total, data } = unsent.data;
  return (
    <Alert color="yellow" title={t("errors:recipients_not_synchronized")} role="status">
      <Text size="sm" mb="xs">
        {t("campaigns.unsent.intro", { count: total })}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table fz="sm" aria-label={t("campaigns.unsent.label")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("campaigns.unsent.columns.name")}</Table.Th>
              <Table.Th>{t("campaigns.unsent.columns.email")}</Table.Th>
              <Table.Th>{t("campaigns.unsent.columns.reason")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((recipient) => (
              <Table.Tr key={`${recipient.email}-${recipient.guestId ?? ""}`}>
                <Table.Td>{personName(recipient.firstName, recipient.lastName) ?? "—"}</Table.Td>
                <Table.Td>{recipient.email}</Table.Td>
                <Table.Td>
                  {t(`campaigns.unsent.reasons.${recipient.reason}`, { count: recipient.attempts })}
                  {recipient.detail && (
                    <Text size="xs" c="dimmed">
                      {recipient.detail}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > data.length && (
        <Text size="sm" mt="xs">
          {t("campaigns.unsent.more", { count: total - data.length })}
        </Text>
      )}
    </Alert>
  );
}
