import { Anchor, Button, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { useDuplicateForm, useForms, useRemoveForm, useUpdateForm, type FormJson } from "@/queries/forms.ts";
import { useFormsArea } from "../FormsContext.ts";
import { FormStateBadge } from "../FormStateBadge.tsx";
import { CreateFormModal } from "./CreateFormModal.tsx";

type FormAction = "toggleState" | "duplicate" | "delete";

/** The event's forms: title, type, draft or online, last change; the actions each form's abilities allow. */
export function FormsListScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canCreate } = useFormsArea();
  const navigate = useNavigate();
  const forms = useForms(accountId, event.id);
  const update = useUpdateForm(accountId, event.id);
  const duplicate = useDuplicateForm(accountId, event.id);
  const remove = useRemoveForm(accountId, event.id);
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FormJson | null>(null);
  const [failure, setFailure] = useState<ScreenNotice | null>(null);
  const busyId = update.isPending ? update.variables?.formId : duplicate.isPending ? duplicate.variables : undefined;

  function act(action: FormAction, form: FormJson) {
    setFailure(null);
    const refused = (error: unknown) => setFailure({ color: "red", message: errorMessage(error, t) });
    if (action === "delete") {
      setDeleting(form);
    } else if (action === "duplicate") {
      duplicate
        .mutateAsync(form.id)
        .then((copy) => notifySuccess(t("forms.duplicatedNotice", { title: copy.title })), refused);
    } else {
      const state = form.state === "online" ? "draft" : "online";
      update
        .mutateAsync({ formId: form.id, body: { state } })
        .then(
          (saved) =>
            notifySuccess(t(state === "online" ? "forms.onlineNotice" : "forms.draftNotice", { title: saved.title })),
          refused,
        );
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {t("forms.description")}
        </Text>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("forms.create")}
          </Button>
        )}
      </Group>
      <div>
        <ScreenAlerts
          notice={failure}
          onDismiss={() => setFailure(null)}
          loadError={forms.error}
          onRetry={() => void forms.refetch()}
        />
      </div>
      {!forms.error && (
        <ResourceTable
          isLoading={forms.isPending}
          isEmpty={!forms.data?.length}
          emptyText={canCreate ? t("forms.empty") : t("forms.emptyReadOnly")}
          minWidth={640}
          columns={[
            t("forms.columns.title"),
            t("forms.columns.state"),
            t("forms.columns.type"),
            t("forms.columns.updatedAt"),
          ]}
        >
          {forms.data?.map((form) => (
            <Table.Tr key={form.id} data-testid="form-row">
              <Table.Td>
                <Anchor component={Link} to={`${base}/${form.id}`} fw={500}>
                  {form.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <FormStateBadge state={form.state} />
              </Table.Td>
              <Table.Td>{t(`forms.types.${form.type}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(form.updatedAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <FormActions
                  form={form}
                  isBusy={busyId === form.id}
                  onOpen={() => navigate(`${base}/${form.id}`)}
                  onStatistics={() => navigate(`${base}/${form.id}/statistics`)}
                  onAction={act}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ResourceTable>
      )}
      {isCreating && <CreateFormModal onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmModal
          title={t("forms.deleteTitle")}
          message={t("forms.deleteConfirm", { title: deleting.title })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("forms.deletedNotice", { title: deleting.title }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

/** A form's menu: open it, and the writes its abilities allow (a reader only opens it). */
function FormActions({
  form,
  isBusy,
  onOpen,
  onStatistics,
  onAction,
}: {
  form: FormJson;
  isBusy: boolean;
  onOpen: () => void;
  onStatistics: () => void;
  onAction: (action: FormAction, form: FormJson) => void;
}) {
  const { t } = useTranslation("web");
  const { update: canUpdate, delete: canDelete } = form.abilities;
  return (
    <ActionsMenu label={t("forms.actionsOf", { title: form.title })} isBusy={isBusy}>
      <Menu.Item onClick={onOpen}>{canUpdate ? t("forms.open") : t("forms.view")}</Menu.Item>
      <Menu.Item onClick={onStatistics}>{t("forms.statistics.action")}</Menu.Item>
      {canUpdate && (
        <Menu.Item onClick={() => onAction("toggleState", form)}>
          {form.state === "online" ? t("forms.backToDraft") : t("forms.putOnline")}
        </Menu.Item>
      )}
      {canUpdate && <Menu.Item onClick={() => onAction("duplicate", form)}>{t("forms.duplicate")}</Menu.Item>}
      {canDelete && (
        <Menu.Item color="red.8" onClick={() => onAction("delete", form)}>
          {t("common.delete")}
        </Menu.Item>
      )}
    </ActionsMenu>
  );
}
