import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GUEST_PRESET_VIEWS as PRESETS } from "@tessera/shared/schemas/guests";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import {
  useDeleteGuestView,
  useGuestViews,
  useSaveGuestView,
  type GuestsQuery,
  type GuestViewJson,
} from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { paramsFromQuery, sameQuery, savableQuery } from "./listQuery.ts";

// A value import of the schemas module would bring TypeBox into the bundle; the type keeps the two in step.
const GUEST_PRESET_VIEWS = ["all", "unanswered", "waiting"] as const satisfies typeof PRESETS;

/** Preset views (all, unanswered, waiting), the views saved for this event, and "save this view". */
export function ViewsBar({
  query,
  onChange,
}: {
  query: GuestsQuery;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, canWrite } = useGuestsArea();
  const { data: views = [], error: loadError } = useGuestViews(accountId, event.id);
  const removeView = useDeleteGuestView(accountId, event.id);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const shownFailure = failure ?? (loadError ? errorMessage(loadError, t) : null);

  const current = savableQuery(query);
  const active = views.find((view) => sameQuery(view.query, current));
  // A preset is selected only while nothing but the sort is added to it; otherwise no view is, and the bar
  // says the view was modified.
  const { sort, order, ...narrowing } = current;
  void sort;
  void order;
  const isPresetQuery =
    Object.keys(narrowing).length === 0 && (GUEST_PRESET_VIEWS as readonly string[]).includes(query.view ?? "all");
  const selected = active ? "" : isPresetQuery ? (query.view ?? "all") : "";
  const isModified = !active && !isPresetQuery;

  // Deleting asks first: a shared view is the whole team's.
  const [deleting, setDeleting] = useState<GuestViewJson | null>(null);

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t("guests.views.label")}
          value={selected}
          onChange={(value) => onChange({ ...paramsFromQuery({}), view: value === "all" ? null : value })}
          data={GUEST_PRESET_VIEWS.map((view) => ({ value: view, label: t(`guests.views.${view}`) }))}
        />
        {views.map((view) => (
          <Group key={view.id} gap={2} wrap="nowrap">
            <Button
              size="xs"
              variant={active?.id === view.id ? "filled" : "light"}
              onClick={() => onChange(paramsFromQuery(view.query))}
              aria-label={view.isShared ? t("guests.views.sharedName", { name: view.name }) : undefined}
            >
              {/* The badge follows the name after a space, so the visible words ("Confirmés shared") are the
                  start of the spoken name ("Confirmés, shared with the team"), as speech control needs. */}
              {view.name}
              {view.isShared && (
                <>
                  {" "}
                  <Badge size="xs" variant="white" color="gray" ml={6} title={t("guests.views.sharedHint")}>
                    {t("guests.views.shared")}
                  </Badge>
                </>
              )}
            </Button>
            {canWrite && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t("guests.views.delete", { name: view.name })}
                onClick={() => {
                  setFailure(null);
                  setDeleting(view);
                }}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {isModified && (
          <Badge variant="outline" color="gray" title={t("guests.views.modifiedHint")} data-testid="view-modified">
            {t("guests.views.modified")}
          </Badge>
        )}
        {canWrite && !active && Object.keys(current).length > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSaving(true)}>
            {t("guests.views.save")}
          </Button>
        )}
      </Group>
      {shownFailure && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {shownFailure}
        </Alert>
      )}
      {isSaving && <SaveViewModal query={current} onClose={() => setSaving(false)} />}
      {deleting && (
        <ConfirmModal
          title={t("guests.views.deleteTitle")}
          message={t(deleting.isShared ? "guests.views.deleteSharedConfirm" : "guests.views.deleteConfirm", {
            name: deleting.name,
          })}
          confirmLabel={t("common.delete")}
          onConfirm={() => removeView.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

/** Saves the current filters, search and sort as a view of its own, or one shared with the team. */
function SaveViewModal({ query, onClose }: { query: Record<string, unknown>; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const save = useSaveGuestView(accountId, event.id);
  const form = useForm({ initialValues: { name: "", isShared: false }, validate: { name: requiredRule(t) } });
  const [failure, setFailure] = useState<string | null>(null);

  function submit(values: { name: string; isShared: boolean }) {
    setFailure(null);
    save.mutate(
      { name: values.name.trim(), query, isShared: values.isShared },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(showApiErrors(form, error, errorMessage(error, t))),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t("guests.views.saveTitle")} centered>
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("guests.views.name")}
            maxLength={100}
            required
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Checkbox
            label={t("guests.views.shareWithTeam")}
            description={t("guests.views.shareHint")}
            {...form.getInputProps("isShared", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.values.name.trim()}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
