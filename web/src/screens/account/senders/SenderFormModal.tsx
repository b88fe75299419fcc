import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError } from "@tessera/shared/client";
import { SENDER_NAME_MAX } from "@tessera/shared/schemas/senders";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { emailRule, showApiErrors } from "@/app/formRules.ts";
import { useFormFailure } from "@/app/useFormFailure.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCreateSender } from "@/queries/senders.ts";

interface Values {
  email: string;
  name: string;
}

/** Adds a sender: pending until the link mailed to the address is opened. */
export function SenderFormModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const create = useCreateSender(accountId);
  const form = useForm<Values>({ initialValues: { email: "", name: "" }, validate: { email: emailRule(t) } });
  const [failure, setFailure] = useFormFailure(form);

  function submit(values: Values) {
    setFailure(null);
    create.mutateAsync({ email: values.email.trim(), name: values.name.trim() || null }).then(
      (sender) => {
        notifySuccess(t("senders.createdNotice", { email: sender.email }));
        onClose();
      },
      (error: unknown) => {
        // An address the account already has is said next to the address ('sender email already exists').
        if (isApiError(error) && error.code === "sender_email_exists")
          return form.setFieldError("email", error.message);
        setFailure(showApiErrors(form, error, errorMessage(error, t)));
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t("senders.create")} centered>
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("senders.email")}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps("email")}
          />
          <TextInput
            label={t("senders.name")}
            description={t("senders.nameHelp")}
            maxLength={SENDER_NAME_MAX}
            {...form.getInputProps("name")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("senders.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
