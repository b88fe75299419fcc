import { Alert } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { useFormFailure } from "@/app/useFormFailure.ts";
import { focusFirstError } from "./registration/focusFirstError.ts";
import type { FieldProblem } from "./registration/registrationValues.ts";

/**
 * Shows a guest form's problems (registration, member area, contact): at their fields and summed up in an
 * alert above the form, announced anew each time (its key), the focus on the first problem in the page's
 * order (or on the alert). `fixErrors` words the summary of problems at fields.
 */
export function useFormProblems<Values>(
  values: UseFormReturnType<Values>,
  options: { fixErrors?: (count: number) => string } = {},
) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const fixErrors = options.fixErrors ?? ((count: number) => t("public.form.fixErrors", { count }));
  const [failure, setFailure] = useFormFailure(values);
  const [shown, setShown] = useState<{ id: number; paths: string[] }>({ id: 0, paths: [] });
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!shown.id) return;
    if (!focusFirstError(formRef.current, shown.paths)) alertRef.current?.focus();
  }, [shown]);

  function show(errors: Record<string, string>, summary: string) {
    values.setErrors(errors);
    setFailure(summary);
    setShown((previous) => ({ id: previous.id + 1, paths: Object.keys(errors) }));
  }

  /** Problems found before sending (shared rules), by field path. */
  function showChecked(problems: Record<string, FieldProblem>) {
    const errors = Object.fromEntries(
      Object.entries(problems).map(([path, problem]) => [
        path,
        t(`validation:${problem.code}` as "validation:required", problem.params ?? {}),
      ]),
    );
    show(errors, fixErrors(Object.keys(errors).length));
  }

  /** The API's refusal: its details at the fields `pathOf` finds, the others (or its message) above the form. */
  function showRefusal(error: unknown, pathOf: (serverField: string) => string | null) {
    if (!isApiError(error)) return show({}, errorMessage(error, t));
    const errors: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const detail of error.details) {
      const path = pathOf(detail.field);
      if (path) errors[path] ??= detail.message;
      else elsewhere.push(detail.message);
    }
    const count = Object.keys(errors).length;
    const summary =
      elsewhere.length > 0 ? elsewhere.join(" ") : error.status === 422 && count ? fixErrors(count) : error.message;
    show(errors, summary);
  }

  const alert = failure ? (
    <Alert key={shown.id} ref={alertRef} tabIndex={-1} color="red" variant="light" role="alert">
      {failure}
    </Alert>
  ) : null;

  return { formRef, alert, show, showChecked, showRefusal, clear: () => setFailure(null) };
}
