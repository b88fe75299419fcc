import { Badge, Button, Paper, Stack, Switch, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { CAMPAIGN_LANGUAGES } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useAutoMails, useSetAutoMailEnabled, type AutoMailKindJson } from "@/queries/autoMails.ts";
import { CampaignsTabs } from "../CampaignsTabs.tsx";
import { useCampaignsArea } from "../campaignsBase.ts";

/**
 * The event's automatic mails (issue 15 item 7): each kind with when it goes, whether it has the event's own
 * wording (in which languages) or the default, a switch to send it or not (the sign-in link is always sent), and
 * its editor.
 */
export function AutoMailsListScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit } = useCampaignsArea();
  const list = useAutoMails(accountId, event.id);
  const toggle = useSetAutoMailEnabled(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);

  function setEnabled(row: AutoMailKindJson, enabled: boolean) {
    const kind = t(`autoMails.kinds.${row.kind}`);
    setFailure(null);
    toggle.mutate(
      { kind: row.kind, enabled },
      {
        onSuccess: () => notifySuccess(t(enabled ? "autoMails.turnedOn" : "autoMails.turnedOff", { kind })),
        onError: (error) => setFailure(errorMessage(error, t)),
      },
    );
  }

  const wordingOf = (row: AutoMailKindJson) => {
    const own = row.languages.filter((language) => language.isCustomised);
    if (!own.length) return t("autoMails.defaultWording");
    const names = CAMPAIGN_LANGUAGES.filter((language) => own.some((mail) => mail.language === language));
    return t("autoMails.ownWording", { languages: names.map((language) => t(`languages.${language}`)).join(", ") });
  };

  return (
    <Stack gap="md">
      <CampaignsTabs current="auto-mails" />
      <Text size="sm" c="dimmed">
        {t("autoMails.description")}
      </Text>
      <FailureAlert message={failure} />
      <ScreenAlerts loadError={list.error} onRetry={() => void list.refetch()} />
      {list.isPending && <PageLoader />}
      {list.data && (
        <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
          <Table verticalSpacing="sm" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("autoMails.columns.mail")}</Table.Th>
                <Table.Th>{t("autoMails.columns.wording")}</Table.Th>
                <Table.Th>{t("autoMails.columns.sent")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("autoMails.edit")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((row) => {
                const kind = t(`autoMails.kinds.${row.kind}`);
                return (
                  <Table.Tr key={row.kind} data-testid={`auto-mail-${row.kind}`}>
                    <Table.Td>
                      <Text fw={600}>{kind}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`autoMails.when.${row.kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{wordingOf(row)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {row.canDisable ? (
                        <Switch
                          checked={row.enabled}
                          disabled={!canEdit || toggle.isPending}
                          onChange={(changed) => setEnabled(row, changed.currentTarget.checked)}
                          aria-label={t("autoMails.sendSwitch", { kind })}
                        />
                      ) : (
                        <Badge variant="light" color="gray">
                          {t("autoMails.alwaysSent")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        component={Link}
                        to={`${base}/auto-mails/${row.kind}`}
                        variant="default"
                        size="xs"
                        aria-label={t("autoMails.editLabel", { kind })}
                      >
                        {t("autoMails.edit")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
