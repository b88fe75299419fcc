import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import {
  usePortalCompanionForm,
  usePortalCompanions,
  useRemovePortalCompanion,
  type PortalCompanionJson,
  type PortalMeJson,
} from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { AnswerList } from "./AnswerList.tsx";
import { CompanionForm, companionName } from "./CompanionForm.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { LiveNotice } from "./LiveNotice.tsx";
import { MemberSection, SectionPending } from "./MemberSection.tsx";

/** A guest adds, changes and removes companions while they attend (the API's rule); unregistering cancels them. */
const ATTENDING = ["confirmed", "pending_approval"];

/**
 * "My companions": the people who come with the guest, each with the companion form's answers; added,
 * changed and removed (asked first) within the event's maximum, while the guest attends.
 */
export function MyCompanions({ me }: { me: PortalMeJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug } = useGuestSite();
  const companions = usePortalCompanions(eventSlug);
  const companionForm = usePortalCompanionForm(eventSlug);
  const remove = useRemovePortalCompanion(eventSlug);
  const [editing, setEditing] = useState<{ companion: PortalCompanionJson | null } | null>(null);
  const [removing, setRemoving] = useState<PortalCompanionJson | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const title = t("public.me.companions");
  if (companions.isPending || companionForm.isPending || companions.isError || companionForm.isError) {
    return (
      <MemberSection title={title} testId="my-companions">
        <SectionPending
          isError={companions.isError || companionForm.isError}
          onRetry={() => void Promise.all([companions.refetch(), companionForm.refetch()])}
        />
      </MemberSection>
    );
  }

  const { data: list, max } = companions.data;
  const attends = ATTENDING.includes(me.guest.status);
  const isFull = max !== null && list.length >= max;
  // An event without companions: nothing to show.
  if (max === 0 && list.length === 0) return null;
  return (
    <MemberSection title={title} testId="my-companions">
      <Text size="sm">
        {t("public.me.companionsText")}
        {max !== null && max > 0 ? ` ${t("public.me.companionsMax", { count: max })}` : ""}
      </Text>
      <LiveNotice message={notice} takeFocus />
      {editing ? (
        <CompanionForm
          companionForm={companionForm.data}
          companion={editing.companion}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setNotice(t(saved.isNew ? "public.me.companionAdded" : "public.me.companionSaved", { name: saved.name }));
            }
          }}
        />
      ) : (
        <>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("public.me.companionsNone")}
            </Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
              {list.map((companion) => (
                <Paper component="li" key={companion.id} withBorder radius="md" p="sm">
                  <Stack gap="xs">
                    <div>
                      <Text fw={600}>{companionName(companion)}</Text>
                      {companion.email && (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          {companion.email}
                        </Text>
                      )}
                    </div>
                    {companionForm.data && <AnswerList form={companionForm.data} answers={companion.answers} />}
                    {attends && (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={t("public.me.editCompanionLabel", { name: companionName(companion) })}
                          onClick={() => {
                            setNotice(null);
                            setEditing({ companion });
                          }}
                        >
                          {t("public.me.editCompanion")}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t("public.me.removeCompanionLabel", { name: companionName(companion) })}
                          onClick={() => {
                            remove.reset();
                            setRemoving(companion);
                          }}
                        >
                          {t("public.me.removeCompanion")}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          {!attends ? (
            <Text size="sm" c="dimmed">
              {t("public.me.companionsNotAttending")}
            </Text>
          ) : isFull ? (
            <Text size="sm" c="dimmed">
              {t("public.me.companionsFull")}
            </Text>
          ) : (
            <Button
              variant="light"
              style={{ alignSelf: "flex-start" }}
              onClick={() => {
                setNotice(null);
                setEditing({ companion: null });
              }}
            >
              {t("public.me.addCompanion")}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t("public.me.removeCompanionTitle", { name: removing ? companionName(removing) : "" })}
        text={t("public.me.removeCompanionText")}
        confirmLabel={t("public.me.removeCompanionConfirm")}
        isWorking={remove.isPending}
        failure={remove.error ? errorMessage(remove.error, t) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = companionName(removing);
          void remove.mutateAsync(removing.id).then(
            () => {
              setRemoving(null);
              setNotice(t("public.me.companionRemoved", { name }));
            },
            () => undefined,
          );
        }}
      />
    </MemberSection>
  );
}
