import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { TEAM_NAME_MAX, type TeamJson } from "@tessera/shared/schemas/teams";
import { errorMessage } from "@/app/errorMessage.ts";
import { useStores } from "@/stores/StoresContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** Creates a team, or renames one (and changes its description). */
export function TeamFormModal({ team, onClose }: { team: TeamJson | null; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { teams } = useStores();
  const [name, setName] = useState(team?.name ?? "");
  const [description, setDescription] = useState(team?.description ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setFailure(t("errors:incomplete_fields"));
    setSubmitting(true);
    setFailure(null);
    const body = { name: name.trim(), description: description.trim() || null };
    try {
      if (team) await teams.update(team.id, body);
      else await teams.create(body);
      onClose();
    } catch (error) {
      setSubmitting(false);
      const known = isApiError(error) ? error : null;
      setApiError(known);
      if (known?.code !== "team_name_taken") setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={team ? t("teams.editTitle", { name: team.name }) : t("teams.create")}
      centered
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("fields.name")}
            value={name}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            error={apiError?.code === "team_name_taken" ? apiError.message : apiError?.messageFor("name")}
            data-autofocus
          />
          <Textarea
            label={t("teams.descriptionField")}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {team ? t("common.save") : t("teams.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
