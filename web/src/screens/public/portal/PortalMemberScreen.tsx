import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { useAction } from "@/app/useAction.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { usePortalMe, usePortalSignOut, type PortalMeJson } from "@/queries/portal.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { GuestMessage, RetryButton } from "../GuestMessage.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { AttendeesList } from "./AttendeesList.tsx";
import { ContactOrganizer } from "./ContactOrganizer.tsx";
import { MyCompanions } from "./MyCompanions.tsx";
import { MyEntryCode } from "./MyEntryCode.tsx";
import { MyOrders } from "./MyOrders.tsx";
import { MyRegistration } from "./MyRegistration.tsx";
import { MyTickets } from "./MyTickets.tsx";
import { MySurveys } from "./MySurveys.tsx";

/** What the member area will offer once its issue lands: the e-badge. */
const LATER = ["badge"] as const;

/**
 * /{lang}/{event}/portal/me: the signed-in guest's area. Without a session (or once it ends), back to the
 * portal's sign-in.
 */
export function PortalMemberScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, paths } = useGuestSite();
  const me = usePortalMe(eventSlug);

  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    return (
      <GuestMessage
        title={t("public.loadFailed")}
        action={<RetryButton label={t("common.retry")} onRetry={() => void me.refetch()} />}
      />
    );
  }
  if (!me.data) return <Navigate to={paths.portal} replace />;
  return <MemberArea me={me.data} />;
}

/**
 * The member area: a greeting and signing out, the guest's registration, the tickets they hold, their orders, their
 * entry code, companions, surveys, the attendees list when published, a message to the organizer and what comes
 * later.
 */
function MemberArea({ me }: { me: PortalMeJson }) {
  const { t } = useTranslation("web");
  const { eventSlug, paths } = useGuestSite();
  const navigate = useNavigate();
  const signOut = usePortalSignOut(eventSlug);
  const { run, isWorking, failure } = useAction();
  const name = me.guest.firstName?.trim();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm" component="header">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} c="indigo.9" size="sm" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
            {me.event.name}
          </Text>
          <Title order={1}>{name ? t("public.me.greeting", { name }) : t("public.me.greetingNoName")}</Title>
        </Stack>
        <Button
          variant="default"
          loading={isWorking}
          onClick={() =>
            void run(async () => {
              await signOut.mutateAsync();
              await navigate(paths.portal, { replace: true });
            })
          }
        >
          {t("public.me.signOut")}
        </Button>
      </Group>
      <FailureAlert message={failure} />
      <MyRegistration me={me} />
      <MyTickets />
      <MyOrders />
      <MyEntryCode />
      <MyCompanions me={me} />
      <MySurveys />
      <AttendeesList />
      <ContactOrganizer eventSlug={eventSlug} headingOrder={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {LATER.map((section) => (
          <Paper
            key={section}
            withBorder
            radius="md"
            p="md"
            bg="gray.0"
            component="section"
            aria-label={t(`public.me.${section}`)}
          >
            <Stack gap="xs" align="flex-start">
              <Title order={2} size="h4">
                {t(`public.me.${section}`)}
              </Title>
              <Badge variant="light" color="gray">
                {t("public.me.comingSoon")}
              </Badge>
              <Text size="sm">{t(`public.me.${section}Text`)}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
