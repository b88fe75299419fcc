import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError } from "@tessera/shared/client";
import { LANGUAGES } from "@tessera/shared/i18n/languages";
import { CONFIRMATION_MESSAGE_MAX } from "@tessera/shared/rules/forms";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useFormOptions, useSetFormOptions, type FormJson, type FormOptionsJson } from "@/queries/forms.ts";
import { useFormsArea } from "../FormsContext.ts";
import { closesBeforeOpens, optionsRequests, optionsShown, valuesOf, type OptionsValues } from "./formOptions.ts";
import { TermsField } from "./TermsField.tsx";

/**
 * A saved form's options: approval, opening (surveys) and closing dates in the event's time zone, the
 * confirmation message in each language, the attendees list (registration forms) and the terms (a PDF).
 * Those who may not change the form read them.
 */
export function FormOptionsPanel({ form }: { form: FormJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useFormsArea();
  const options = useFormOptions(accountId, event.id, form.id);
  if (options.error) return <FailureAlert message={errorMessage(options.error, t)} />;
  if (!options.data) {
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  }
  return <OptionsForm form={form} options={options.data} />;
}

function OptionsForm({ form: savedForm, options }: { form: FormJson; options: FormOptionsJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useFormsArea();
  const setOptions = useSetFormOptions(accountId, event.id);
  const canEdit = savedForm.abilities.update;
  const shown = optionsShown(savedForm.type);
  const saved = useMemo(() => valuesOf(options, event.timezone), [options, event.timezone]);
  const form = useForm<OptionsValues>({ initialValues: saved });
  const { values } = form;
  const requests = optionsRequests(saved, values, event.timezone, savedForm.type);

  useEffect(() => {
    // The saved options changed (this panel's save, or read again): they become the panel's starting point.
    form.setInitialValues(saved);
    form.setValues(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is a new object each render
  }, [saved]);

  async function save() {
    form.clearErrors();
    setOptions.reset();
    if (closesBeforeOpens(values) && shown.opensAt) {
      form.setFieldError("closesAt", t("validation:ends_before_start"));
      return;
    }
    try {
      await setOptions.mutateAsync({ formId: savedForm.id, bodies: requests });
      notifySuccess(t("forms.options.saved"));
    } catch (error) {
      if (!isApiError(error)) return;
      for (const detail of error.details) {
        const field = detail.field.replace(/^params\./, "");
        if (field === "confirmationMessage") form.setFieldError("confirmationMessageError", detail.message);
        else if (field in values) form.setFieldError(field, detail.message);
      }
    }
  }

  const apiError = setOptions.error;
  const isFieldError = isApiError(apiError) && apiError.details.some((detail) => detail.field.startsWith("params."));
  const timeZoneHelp = t("forms.options.timeZone", { timeZone: event.timezone });
  return (
    <Stack gap="md">
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {t("forms.options.readOnly")}
        </Text>
      )}
      <FailureAlert message={apiError && !isFieldError ? errorMessage(apiError, t) : null} />
      <Switch
        label={t("forms.options.requiresApproval")}
        description={t("forms.options.requiresApprovalHelp")}
        disabled={!canEdit}
        {...form.getInputProps("requiresApproval", { type: "checkbox" })}
      />
      {shown.opensAt && (
        <TextInput
          type="datetime-local"
          label={t("forms.options.opensAt")}
          description={timeZoneHelp}
          readOnly={!canEdit}
          {...form.getInputProps("opensAt")}
        />
      )}
      <TextInput
        type="datetime-local"
        label={t("forms.options.closesAt")}
        description={timeZoneHelp}
        readOnly={!canEdit}
        {...form.getInputProps("closesAt")}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`confirmation-${savedForm.id}`}>
          {t("forms.options.confirmationMessage")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("forms.options.confirmationMessageHelp")}
        </Text>
        <Tabs defaultValue="en" keepMounted={false}>
          <Tabs.List aria-labelledby={`confirmation-${savedForm.id}`}>
            {LANGUAGES.map((language) => (
              <Tabs.Tab key={language} value={language}>
                {t(`languages.${language}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LANGUAGES.map((language) => (
            <Tabs.Panel key={language} value={language} pt="xs">
              <Textarea
                aria-label={t("forms.options.confirmationMessageIn", { language: t(`languages.${language}`) })}
                autosize
                minRows={3}
                maxRows={10}
                maxLength={CONFIRMATION_MESSAGE_MAX}
                readOnly={!canEdit}
                {...form.getInputProps(`confirmationMessage.${language}`)}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
        {form.errors.confirmationMessageError && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.confirmationMessageError}
          </Text>
        )}
      </Stack>
      {shown.publishAttendees && (
        <Switch
          label={t("forms.options.publishAttendees")}
          description={t("forms.options.publishAttendeesHelp")}
          disabled={!canEdit}
          {...form.getInputProps("publishAttendees", { type: "checkbox" })}
        />
      )}
      {shown.waitingList && (
        <Switch
          label={t("forms.options.waitingList")}
          description={t("forms.options.waitingListHelp")}
          disabled={!canEdit}
          data-testid="waiting-list-option"
          {...form.getInputProps("waitingList", { type: "checkbox" })}
        />
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button
            onClick={() => void save()}
            disabled={requests.length === 0}
            loading={setOptions.isPending}
            data-testid="save-options"
          >
            {t("forms.options.save")}
          </Button>
        </Group>
      )}
      {requests.length > 0 && canEdit && (
        <Alert variant="light" color="blue" p="xs">
          <Text size="xs">{t("forms.options.unsaved")}</Text>
        </Alert>
      )}
      <Divider />
      <TermsField form={savedForm} />
    </Stack>
  );
}
