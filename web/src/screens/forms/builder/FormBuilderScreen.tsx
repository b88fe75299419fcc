import { Alert, Center, Loader } from "@mantine/core";
import type { FormType } from "@tessera/shared/rules/forms";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { useCustomFields } from "@/queries/customFields.ts";
import { useEventForm } from "@/queries/forms.ts";
import { ManageNotFoundScreen } from "@/screens/shell/ManageNotFoundScreen.tsx";
import { useFormsArea } from "../FormsContext.ts";
import { FormBuilder } from "./FormBuilder.tsx";

type FormBuilderScreenProps = { formId: string; newForm?: never } | { formId?: never; newForm: NewForm };

/** What the list's "Create a form" chose: the form exists once the builder saves it. */
export interface NewForm {
  type: FormType;
  title: string;
}

/** forms/:formId and forms/new: the builder, once the form (if saved) and the event's questions are read. */
export function FormBuilderScreen({ formId, newForm }: FormBuilderScreenProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useFormsArea();
  const fields = useCustomFields(accountId, event.id);
  if (fields.isPending) return <Loading />;
  if (fields.error) return <Failure message={errorMessage(fields.error, t)} />;
  return formId ? <SavedForm formId={formId} /> : <FormBuilder saved={null} newForm={newForm} />;
}

function SavedForm({ formId }: { formId: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useFormsArea();
  const { data: form, error } = useEventForm(accountId, event.id, formId);
  if (form) return <FormBuilder saved={form} />;
  if (isApiError(error) && error.status === 404) return <ManageNotFoundScreen />;
  if (error) return <Failure message={errorMessage(error, t)} />;
  return <Loading />;
}

function Loading() {
  return (
    <Center p="xl">
      <Loader />
    </Center>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
