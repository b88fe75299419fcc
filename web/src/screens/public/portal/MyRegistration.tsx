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
import { shownWaitingEntries } from "./memberValues.ts";
import { UnregisterButton } from "./UnregisterButton.tsx";
import { WaitingList } from "./WaitingList.tsx";

/** Statuses with nothing to cancel. */
const NOT_CANCELLABLE = ["rejected", "cancelled", "refused"];

/** What the member area says when the answers cannot be changed (a cancelled or rejected guest: nothing here). */
const CANNOT_EDIT_TEXT = {
  no_form: "public.me.noForm",
  closed: "public.me.closed",
  full: "public.me.full",
  no_email: "public.me.noEmail",
} as const;

/**
 * "Your registration": where it stands, what the guest waits for, the answers given, changing them through
 * the registration form when the API says they may (a full event does not stop a guest who has their place),
 * and cancelling it (asked first).
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
  const canEdit = Boolean(registration.data?.canEdit && form.data && me.guest.email);
  const reason = registration.data?.cannotEditReason;
  const cannotEditText =
    formMissing && status !== "cancelled" && status !== "rejected"
      ? t("public.me.noForm")
      : reason && reason !== "cancelled" && reason !== "rejected"
        ? t(CANNOT_EDIT_TEXT[reason])
        : null;
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
      {registration.data && (
        <WaitingList entries={shownWaitingEntries(me.waitingList, { status, answers: registration.data.answers })} />
      )}
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
          ) : !canEdit && cannotEditText ? (
            <Text size="sm" c="dimmed" data-testid="cannot-edit">
              {cannotEditText}
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
