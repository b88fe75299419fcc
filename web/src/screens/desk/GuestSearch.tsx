import { Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { fieldValueText, guestName, type FieldValueContext } from "./fieldValues.ts";

/** A guest found by name: their id and the fields the session shows. */
export interface SearchHit {
  id: string;
  fields: Record<string, unknown>;
}

/** What tells two namesakes apart in a list of guests found. */
const DETAIL_FIELDS = ["company", "email", "jobTitle"] as const;

/** A guest without their code: found by name among the session's guests, then checked in with a button. */
export function GuestSearch({
  useSearch,
  onChoose,
  context,
}: {
  useSearch(q: string): { data?: readonly SearchHit[]; isFetching: boolean; error: unknown };
  onChoose(hit: SearchHit): void;
  context: FieldValueContext;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [typed, setTyped] = useState("");
  const [q] = useDebouncedValue(typed.trim(), 250);
  const found = useSearch(q);
  const hits = q.length >= 2 ? (found.data ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t("desk.search.label")}
        description={t("desk.search.help")}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        autoComplete="off"
        data-keeps-focus="true"
      />
      {found.error ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(found.error, t)}
        </Text>
      ) : q.length >= 2 && !found.isFetching && hits.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("desk.search.none")}
        </Text>
      ) : null}
      {hits.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("desk.search.results")}>
          {hits.map((hit) => {
            const name = guestName(hit.fields) ?? t("desk.search.noName");
            const detail = DETAIL_FIELDS.map((field) => hit.fields[field])
              .filter((value) => typeof value === "string" && value.trim())
              .map((value) => fieldValueText("", value, context))
              .join(" · ");
            return (
              <li key={hit.id}>
                <Button
                  variant="default"
                  fullWidth
                  justify="space-between"
                  h="auto"
                  py={6}
                  onClick={() => onChoose(hit)}
                  rightSection={
                    <Text size="sm" fw={600} c="blue.8">
                      {t("desk.search.checkIn")}
                    </Text>
                  }
                  data-testid="search-hit"
                >
                  <Stack gap={0} align="flex-start">
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    {detail && (
                      <Text size="xs" c="dimmed">
                        {detail}
                      </Text>
                    )}
                  </Stack>
                </Button>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
