import { Button, Group, Modal, Radio, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FORM_TITLE_MAX, FORM_TYPES, type FormType } from "@tessera/shared/rules/forms";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useFormsArea } from "../FormsContext.ts";

/**
 * Starts a form: its kind and its title, then the builder opens on it, unsaved (the API keeps no form
 * without items: the builder's first save creates it).
 */
export function CreateFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["web", "validation"]);
  const { base } = useFormsArea();
  const navigate = useNavigate();
  const form = useForm<{ type: FormType; title: string }>({
    initialValues: { type: "registration", title: "" },
    validate: { title: (title) => (title.trim() ? null : t("validation:title_required")) },
  });

  function open({ type, title }: { type: FormType; title: string }) {
    onClose();
    navigate(`${base}/new?${new URLSearchParams({ type, title: title.trim() }).toString()}`);
  }

  return (
    <Modal opened onClose={onClose} title={t("forms.create")} centered>
      <form onSubmit={form.onSubmit(open)} noValidate>
        <Stack gap="md">
          <Radio.Group label={t("forms.fields.type")} {...form.getInputProps("type")}>
            <Stack gap="xs" mt={6}>
              {FORM_TYPES.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  label={t(`forms.types.${type}`)}
                  description={t(`forms.typeHelp.${type}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            label={t("forms.fields.title")}
            required
            maxLength={FORM_TITLE_MAX}
            data-autofocus
            {...form.getInputProps("title")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit">{t("forms.createSubmit")}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
