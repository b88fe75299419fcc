import { Anchor, Badge, Button, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import {
  useCheckins,
  useCheckinStats,
  useRemoveCheckin,
  useUpdateCheckin,
  type CheckinJson,
} from "@/queries/checkins.ts";
import { useCheckinsArea } from "./CheckinsContext.ts";

/** The event's check-in sessions: name, type, status, rule in words, last desks, guests checked in; their actions. */
export function SessionsListScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit } = useCheckinsArea();
  const navigate = useNavigate();
  const sessions = useCheckins(accountId, event.id);
  const update = useUpdateCheckin(accountId, event.id);
  const remove = useRemoveCheckin(accountId, event.id);
  const [deleting, setDeleting] = useState<CheckinJson | null>(null);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);

  function toggle(session: CheckinJson) {
    setNotice(null);
    const status = session.status === "enabled" ? "disabled" : "enabled";
    update.mutateAsync({ id: session.id, body: { status } }).then(
      (saved) =>
        notifySuccess(
          t(status === "enabled" ? "checkins.enabledNotice" : "checkins.disabledNotice", { name: saved.name }),
        ),
      (error: unknown) => setNotice({ color: "red", message: errorMessage(error, t) }),
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={640}>
          {t("checkins.description")}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={`${base}/live`} variant="default">
            {t("checkinLive.open")}
          </Button>
          {canEdit && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
              {t("checkins.create")}
            </Button>
          )}
        </Group>
      </Group>
      <div>
        <ScreenAlerts
          notice={notice}
          onDismiss={() => setNotice(null)}
          loadError={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      </div>
      {!sessions.error && (
        <ResourceTable
          isLoading={sessions.isPending}
          isEmpty={!sessions.data?.length}
          emptyText={canEdit ? t("checkins.empty") : t("checkins.emptyReadOnly")}
          minWidth={860}
          columns={[
            t("checkins.columns.name"),
            t("checkins.columns.type"),
            t("checkins.columns.status"),
            t("checkins.columns.rule"),
            t("checkins.columns.lastConnections"),
            t("checkins.columns.checkedIn"),
          ]}
        >
          {sessions.data?.map((session) => (
            <Table.Tr key={session.id} data-testid="checkin-row">
              <Table.Td>
                <Anchor component={Link} to={`${base}/${session.id}`} fw={500}>
                  {session.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`checkins.types.${session.type}`)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={session.status === "enabled" ? "green" : "gray"}>
                  {t(`checkins.statuses.${session.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm">{session.conditionsText ?? t("checkins.everyConfirmedGuest")}</Text>
              </Table.Td>
              <Table.Td>
                {session.lastConnections.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("checkins.noConnection")}
                  </Text>
                ) : (
                  <Stack gap={0}>
                    {session.lastConnections.slice(0, 2).map((connection) => (
                      <Text size="sm" key={connection.id}>
                        {t("checkins.connection", {
                          desk: connection.desk,
                          when: formatDateTime(connection.lastSeenAt, i18n.language, event.timezone ?? undefined),
                        })}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <CheckedInCell accountId={accountId} eventId={event.id} checkinId={session.id} />
              </Table.Td>
              <Table.Td ta="right">
                <SessionActions
                  session={session}
                  isBusy={update.isPending && update.variables?.id === session.id}
                  onOpen={() => navigate(`${base}/${session.id}`)}
                  onDesk={() => navigate(`${base}/${session.id}/desk`)}
                  onToggle={() => toggle(session)}
                  onDelete={() => setDeleting(session)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ResourceTable>
      )}
      {deleting && (
        <ConfirmModal
          title={t("checkins.deleteTitle")}
          message={t("checkins.deleteConfirm", { name: deleting.name })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("checkins.deletedNotice", { name: deleting.name }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

/** "12 of 140": guests checked in among those the session lets in (read again every half minute). */
function CheckedInCell({ accountId, eventId, checkinId }: { accountId: string; eventId: string; checkinId: string }) {
  const { t } = useTranslation("web");
  const stats = useCheckinStats(accountId, eventId, checkinId);
  if (!stats.data) return <Text size="sm">{stats.error ? "—" : "…"}</Text>;
  return (
    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
      {t("checkins.checkedInOf", { count: stats.data.checkedIn, total: stats.data.allowedGuests })}
    </Text>
  );
}

function SessionActions({
  session,
  isBusy,
  onOpen,
  onDesk,
  onToggle,
  onDelete,
}: {
  session: CheckinJson;
  isBusy: boolean;
  onOpen(): void;
  onDesk(): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation("web");
  const { update: canUpdate, delete: canDelete, check: canCheck } = session.abilities;
  return (
    <ActionsMenu label={t("checkins.actionsOf", { name: session.name })} isBusy={isBusy}>
      {canCheck && session.status === "enabled" && <Menu.Item onClick={onDesk}>{t("checkins.openDesk")}</Menu.Item>}
      <Menu.Item onClick={onOpen}>{canUpdate ? t("checkins.edit") : t("checkins.view")}</Menu.Item>
      {canUpdate && (
        <Menu.Item onClick={onToggle}>
          {session.status === "enabled" ? t("checkins.disable") : t("checkins.enable")}
        </Menu.Item>
      )}
      {canDelete && (
        <Menu.Item color="red.8" onClick={onDelete}>
          {t("common.delete")}
        </Menu.Item>
      )}
    </ActionsMenu>
  );
}
