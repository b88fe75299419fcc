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
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GuestsQuery, GuestViewJson } from "@tessera/shared/client";
import type { GUEST_PRESET_VIEWS as PRESETS } from "@tessera/shared/schemas/guests";
import { errorMessage } from "@/app/errorMessage.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { paramsFromQuery, sameQuery, savableQuery } from "./listQuery.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

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
  const { api, accountId, event, canWrite } = useGuestsArea();
  const [views, setViews] = useState<GuestViewJson[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setViews((await api.guests.views(accountId, event.id)).data);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }, [api, accountId, event.id, t]);
  useEffect(() => {
    void load();
  }, [load]);

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

  async function remove(view: GuestViewJson) {
    setFailure(null);
    try {
      await api.guests.removeView(accountId, event.id, view.id);
      setViews((existing) => existing.filter((candidate) => candidate.id !== view.id));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

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
              rightSection={
                view.isShared ? (
                  <Badge size="xs" variant="white" color="gray" title={t("guests.views.sharedHint")}>
                    {t("guests.views.shared")}
                  </Badge>
                ) : undefined
              }
              aria-label={view.isShared ? t("guests.views.sharedName", { name: view.name }) : undefined}
            >
              {view.name}
            </Button>
            {canWrite && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t("guests.views.delete", { name: view.name })}
                onClick={() => void remove(view)}
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
      {failure && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {isSaving && (
        <SaveViewModal
          onClose={() => setSaving(false)}
          onSave={async (name, isShared) => {
            const saved = await api.guests.saveView(accountId, event.id, { name, query: current, isShared });
            setViews((existing) => [...existing, saved]);
          }}
        />
      )}
    </Stack>
  );
}

function SaveViewModal({
  onSave,
  onClose,
}: {
  onSave: (name: string, isShared: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [name, setName] = useState("");
  const [isShared, setShared] = useState(false);
  const [isWorking, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function save() {
    setWorking(true);
    setFailure(null);
    try {
      await onSave(name.trim(), isShared);
      onClose();
    } catch (error) {
      setWorking(false);
      setFailure(errorMessage(error, t));
    }
  }
  return (
    <Modal opened onClose={onClose} title={t("guests.views.saveTitle")} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("guests.views.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={100}
            required
            data-autofocus
          />
          <Checkbox
            label={t("guests.views.shareWithTeam")}
            description={t("guests.views.shareHint")}
            checked={isShared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isWorking} disabled={!name.trim()}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
