import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  CAMPAIGN_LANGUAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_TYPES,
  type CampaignLanguage,
  type CampaignType,
} from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCreateCampaign } from "@/queries/campaigns.ts";
import { useState } from "react";
import { useCampaignsArea } from "../campaignsBase.ts";

/** Starts a campaign: its name, type and language; it begins with the type's template and the editor opens on it. */
export function CreateCampaignModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useCampaignsArea();
  const navigate = useNavigate();
  const create = useCreateCampaign(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const firstLanguage = (event.languages.find((language) =>
    (CAMPAIGN_LANGUAGES as readonly string[]).includes(language),
  ) ?? "en") as CampaignLanguage;
  const form = useForm<{ name: string; type: CampaignType; language: CampaignLanguage }>({
    initialValues: { name: "", type: "invitation", language: firstLanguage },
    validate: { name: (name) => (name.trim() ? null : t("validation:required")) },
  });

  async function submit(values: { name: string; type: CampaignType; language: CampaignLanguage }) {
    setFailure(null);
    try {
      const campaign = await create.mutateAsync({ ...values, name: values.name.trim() });
      onClose();
      navigate(`${base}/${campaign.id}`);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("campaigns.create")} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("campaigns.fields.name")}
            required
            maxLength={CAMPAIGN_NAME_MAX}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Select
            label={t("campaigns.fields.type")}
            description={t(`campaigns.typeHelp.${form.values.type}`)}
            allowDeselect={false}
            data={CAMPAIGN_TYPES.map((type) => ({ value: type, label: t(`campaigns.types.${type}`) }))}
            {...form.getInputProps("type")}
          />
          <Select
            label={t("campaigns.fields.language")}
            allowDeselect={false}
            data={CAMPAIGN_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            {...form.getInputProps("language")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("campaigns.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
