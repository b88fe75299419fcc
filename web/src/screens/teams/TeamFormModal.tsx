import { useFormFailure } from "@/app/useFormFailure.ts";
import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/components/notify.ts";
import { isApiError } from "@tessera/shared/client";
import { TEAM_NAME_MAX } from "@tessera/shared/schemas/teams";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCreateTeam, useUpdateTeam, type TeamJson } from "@/queries/teams.ts";

/** Creates a team, or renames one (and changes its description). */
export function TeamFormModal({
  accountId,
  team,
  onClose,
}: {
  accountId: string;
  team: TeamJson | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const create = useCreateTeam(accountId);
  const update = useUpdateTeam(accountId);
  const form = useForm({
    initialValues: { name: team?.name ?? "", description: team?.description ?? "" },
    validate: { name: requiredRule(t) },
  });
  const [failure, setFailure] = useFormFailure(form);

  function submit(values: typeof form.values) {
    setFailure(null);
    const body = { name: values.name.trim(), description: values.description.trim() || null };
    (team ? update.mutateAsync({ teamId: team.id, body }) : create.mutateAsync(body)).then(
      () => {
        notifySuccess(t(team ? "teams.savedNotice" : "teams.createdNotice", { name: body.name }));
        onClose();
      },
      (error: unknown) => {
        // A name the account already uses is said next to the name.
        if (isApiError(error) && error.code === "team_name_taken") return form.setFieldError("name", error.message);
        setFailure(showApiErrors(form, error, errorMessage(error, t)));
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={team ? t("teams.editTitle", { name: team.name }) : t("teams.create")}
      centered
    >
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("fields.name")}
            maxLength={TEAM_NAME_MAX}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Textarea label={t("teams.descriptionField")} autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {team ? t("common.save") : t("teams.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
