import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SlugField } from "../SlugField.tsx";
import type { EventNameFieldsProps } from "./useEventNameForm.ts";

/** The name and public address inputs of `useEventNameForm`, with the API's messages next to them. */
export function EventNameFields({ name, slug, apiError, changeName, changeSlug }: EventNameFieldsProps) {
  const { t } = useTranslation("web");
  return (
    <>
      <TextInput
        label={t("fields.name")}
        value={name}
        onChange={(e) => changeName(e.currentTarget.value)}
        error={apiError?.messageFor("name")}
        data-autofocus
      />
      <SlugField
        value={slug}
        onChange={changeSlug}
        serverError={apiError?.code === "slug_taken" ? apiError.message : apiError?.messageFor("slug")}
      />
    </>
  );
}
