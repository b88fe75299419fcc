import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MAIL_ERROR_KINDS, type MailErrorKind } from "@tessera/shared/rules/campaigns";
import { MAIL_ERROR_REASON_MAX } from "@tessera/shared/schemas/mailErrors";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { emailRule, showApiErrors } from "@/app/formRules.ts";
import { useFormFailure } from "@/app/useFormFailure.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCreateMailError, useUpdateMailError, type MailErrorJson } from "@/queries/mailErrors.ts";

interface Values {
  email: string;
  kind: MailErrorKind;
  reason: string;
}

/** Blocks an address (a new mail error, blocked unless another kind is chosen), or changes one's kind and reason. */
export function MailErrorFormModal({
  accountId,
  mailError,
  onClose,
}: {
  accountId: string;
  mailError: MailErrorJson | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const create = useCreateMailError(accountId);
  const update = useUpdateMailError(accountId);
  const form = useForm<Values>({
    initialValues: {
      email: mailError?.email ?? "",
      kind: mailError?.kind ?? "blocked",
      reason: mailError?.reason ?? "",
    },
    validate: { email: mailError ? () => null : emailRule(t) },
  });
  const [failure, setFailure] = useFormFailure(form);

  function submit(values: Values) {
    setFailure(null);
    const reason = values.reason.trim() || null;
    const saving = mailError
      ? update.mutateAsync({ id: mailError.id, body: { kind: values.kind, reason } })
      : create.mutateAsync({ email: values.email.trim(), kind: values.kind, reason });
    saving.then(
      (saved) => {
        notifySuccess(t(mailError ? "mailErrors.savedNotice" : "mailErrors.createdNotice", { email: saved.email }));
        onClose();
      },
      (error: unknown) => {
        // An address the account already has an error for is said next to the address.
        if (isApiError(error) && error.code === "mail_error_exists") return form.setFieldError("email", error.message);
        setFailure(showApiErrors(form, error, errorMessage(error, t)));
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={mailError ? t("mailErrors.editTitle", { email: mailError.email }) : t("mailErrors.create")}
      centered
    >
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          {!mailError && (
            <TextInput
              label={t("mailErrors.email")}
              type="email"
              autoComplete="off"
              required
              data-autofocus
              {...form.getInputProps("email")}
            />
          )}
          <Select
            label={t("mailErrors.kind")}
            description={t("mailErrors.kindHelp")}
            allowDeselect={false}
            data={MAIL_ERROR_KINDS.map((kind) => ({ value: kind, label: t(`mailErrors.kinds.${kind}`) }))}
            {...form.getInputProps("kind")}
          />
          <Textarea
            label={t("mailErrors.reason")}
            autosize
            minRows={2}
            maxLength={MAIL_ERROR_REASON_MAX}
            {...form.getInputProps("reason")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {mailError ? t("common.save") : t("mailErrors.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
