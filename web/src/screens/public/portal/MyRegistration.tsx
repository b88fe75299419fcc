import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { usePortalRegistration, type PortalMeJson } from "@/queries/portal.ts";
import { publicFormQuery } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { AnswerList } from "./AnswerList.tsx";
import { EditRegistration } from "./EditRegistration.tsx";
import { LiveNotice } from "./LiveNotice.tsx";
import { MemberSection, SectionPending } from "./MemberSection.tsx";
import { UnregisterButton } from "./UnregisterButton.tsx";

/** Statuses whose answers the form no longer changes (a rejected guest; a cancelled one registers again). */
const SETTLED = ["rejected", "cancelled"];
/** Statuses with nothing to cancel. */
const NOT_CANCELLABLE = ["rejected", "cancelled", "refused"];

/**
 * "Your registration": where it stands, the answers given, changing them through the registration form
 * while it takes registrations, and cancelling it (asked first).
 */
export function MyRegistration({ me }: { me: PortalMeJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, language, paths } = useGuestSite();
  const registration = usePortalRegistration(eventSlug);
  const formId = registration.data?.formId ?? null;
  const form = useQuery({ ...publicFormQuery(eventSlug, formId ?? "", language), enabled: formId !== null });
  const [isEditing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (isEditing && registration.data && form.data && me.guest.email) {
    return (
      <EditRegistration
        form={form.data}
        registration={registration.data}
        email={me.guest.email}
        onDone={(saved) => {
          setEditing(false);
          setNotice(saved ? t("public.me.saved") : null);
        }}
      />
    );
  }

  const status = me.guest.status;
  const formMissing = formId === null || (isApiError(form.error) && form.error.status === 404);
  const canEdit = Boolean(form.data?.isOpen && me.guest.email) && !SETTLED.includes(status);
  return (
    <MemberSection title={t("public.me.registration")} testId="my-registration">
      <Stack gap={4}>
        <Text data-testid="registration-status" fw={500}>
          {t(`public.me.status.${status}`)}
        </Text>
        {me.guest.email && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {me.guest.email}
          </Text>
        )}
      </Stack>
      <LiveNotice message={notice} takeFocus />
      {registration.isPending || (formId !== null && form.isPending && !formMissing) ? (
        <SectionPending isError={false} onRetry={() => undefined} />
      ) : registration.isError || (form.isError && !formMissing) ? (
        <SectionPending isError onRetry={() => void (registration.isError ? registration.refetch() : form.refetch())} />
      ) : (
        <>
          {form.data && (
            <Stack gap="xs">
              <Title order={3} size="h4">
                {t("public.me.yourAnswers")}
              </Title>
              <AnswerList form={form.data} answers={registration.data.answers} emptyText={t("public.me.noAnswers")} />
            </Stack>
          )}
          {status === "cancelled" && form.data?.isOpen ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("public.me.registerAgainText")}</Text>
              <Anchor component={Link} to={paths.form(formId ?? "")}>
                {t("public.me.registerAgain")}
              </Anchor>
            </Stack>
          ) : !SETTLED.includes(status) && formMissing ? (
            <Text size="sm" c="dimmed">
              {t("public.me.noForm")}
            </Text>
          ) : !SETTLED.includes(status) && !canEdit ? (
            <Text size="sm" c="dimmed">
              {t("public.me.closed")}
            </Text>
          ) : null}
          <Group gap="sm">
            {canEdit && (
              <Button
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
              >
                {t("public.me.edit")}
              </Button>
            )}
            {!NOT_CANCELLABLE.includes(status) && <UnregisterButton onCancelled={setNotice} />}
          </Group>
        </>
      )}
    </MemberSection>
  );
}
