import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { slugify, slugProblem } from "@tessera/shared/rules/events";
import { errorMessage } from "@/app/errorMessage.ts";

export interface EventNameBody {
  name: string;
  slug: string;
}

/**
 * The name and public address of a new event (created or copied): the slug follows the name until edited;
 * sending checks both, and a refusal is kept (`slug_taken` shown next to the slug, anything else above the form).
 */
export function useEventNameForm(initial: EventNameBody) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [isSlugEdited, setSlugEdited] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // A refusal above the form describes the values it refused: any change makes it stale.
  function changeName(value: string) {
    setFailure(null);
    setName(value);
    if (!isSlugEdited) setSlug(slugify(value));
  }

  function changeSlug(value: string) {
    setFailure(null);
    setSlugEdited(true);
    setSlug(value);
    if (apiError?.code === "slug_taken") setApiError(null);
  }

  /** Sends unless a field is missing or wrong (or `isBlocked`: another field's problem, already shown). */
  async function submit(event: FormEvent, send: (body: EventNameBody) => Promise<unknown>, isBlocked = false) {
    event.preventDefault();
    if (!name.trim() || !slug) return setFailure(t("errors:incomplete_fields"));
    if (slugProblem(slug) || isBlocked) return;
    setSubmitting(true);
    setFailure(null);
    setApiError(null);
    try {
      await send({ name: name.trim(), slug });
    } catch (error) {
      setSubmitting(false);
      const known = isApiError(error) ? error : null;
      setApiError(known);
      if (known?.code !== "slug_taken") setFailure(errorMessage(error, t));
    }
  }

  return { failure, apiError, isSubmitting, submit, fields: { name, slug, apiError, changeName, changeSlug } };
}

export type EventNameFieldsProps = ReturnType<typeof useEventNameForm>["fields"];
