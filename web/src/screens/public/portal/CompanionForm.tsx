import { Button, Group, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSavePortalCompanion, type PortalCompanionJson } from "@/queries/portal.ts";
import type { PublicFormJson } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { FormItems } from "../registration/FormItems.tsx";
import { GuestIdentityFields } from "../registration/GuestIdentityFields.tsx";
import {
  checkAnswers,
  checkFiles,
  checkIdentity,
  formPathOf,
  initialValues,
  itemsOf,
  type RegistrationValues,
} from "../registration/registrationValues.ts";
import { answerInputsOf, storedFilesOf } from "./memberValues.ts";
import { useFormProblems } from "../useFormProblems.tsx";

/** A companion's full name, as the member area shows it. */
export function companionName(companion: Pick<PortalCompanionJson, "firstName" | "lastName">): string {
  return [companion.firstName, companion.lastName].filter(Boolean).join(" ");
}

/**
 * A companion added or changed: their names, an email if they have one, and the companion form's questions
 * (the registration form's components and rules; a file question's file uploaded at once for the companion
 * form, a changed companion's file shown as the current one, kept unless replaced or removed). Its title takes
 * the focus when it opens.
 */
export function CompanionForm({
  companionForm,
  companion,
  onDone,
}: {
  /** The companion form, null when the registration form names none. */
  companionForm: PublicFormJson | null;
  /** The companion changed, null for a new one. */
  companion: PortalCompanionJson | null;
  /** The name of the companion saved, or null when the guest gave up. */
  onDone: (saved: { name: string; isNew: boolean } | null) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug } = useGuestSite();
  const save = useSavePortalCompanion(eventSlug);
  const questions = companionForm ?? { items: [], fields: [] };
  const storedFiles = storedFilesOf(questions, companion?.answers ?? {});
  const values = useForm<RegistrationValues>({
    initialValues: {
      ...initialValues(questions),
      firstName: companion?.firstName ?? "",
      lastName: companion?.lastName ?? "",
      mail: companion?.email ?? "",
      answers: answerInputsOf(questions, companion?.answers ?? {}),
      // The companion's files shown as the current ones, kept unless replaced or removed.
      files: { ...storedFiles },
      storedFiles,
    },
  });
  const { formRef, alert, showChecked, showRefusal, clear } = useFormProblems(values);
  const heading = useRef<HTMLHeadingElement>(null);
  const fields = useMemo(() => new Map(questions.fields.map((field) => [field.id, field])), [questions.fields]);

  useEffect(() => heading.current?.focus(), []);

  function submit(current: RegistrationValues) {
    const problems = checkIdentity(current, { isMailOptional: true });
    const checked = checkAnswers(questions, current);
    const files = checkFiles(questions, current);
    Object.assign(problems, checked.problems, files.problems);
    if (Object.keys(problems).length) return showChecked(problems);
    clear();
    const body = {
      firstName: current.firstName.trim(),
      lastName: current.lastName.trim(),
      email: current.mail.trim(),
      answers: { ...checked.answers, ...files.answers },
    };
    save.mutate(
      { id: companion?.id ?? null, body },
      {
        onSuccess: (saved) => onDone({ name: companionName(saved), isNew: companion === null }),
        onError: (error) => showRefusal(error, (field) => (field === "email" ? "mail" : formPathOf(field, questions))),
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={values.onSubmit(submit)} noValidate data-testid="companion-form">
      <Stack gap="md">
        <Title order={3} size="h4" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {companion
            ? t("public.me.editCompanionTitle", { name: companionName(companion) })
            : t("public.me.newCompanion")}
        </Title>
        {alert}
        <GuestIdentityFields form={values} isCompanion />
        {companionForm && (
          <FormItems items={itemsOf(companionForm)} fields={fields} form={values} uploadFormId={companionForm.id} />
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t("public.me.saveCompanion")}
          </Button>
          <Button variant="default" onClick={() => onDone(null)}>
            {t("public.me.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
