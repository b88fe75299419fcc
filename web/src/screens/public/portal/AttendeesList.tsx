import { Box, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePortalAttendees } from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { MemberSection, SectionPending } from "./MemberSection.tsx";

/** The attendees list, when the organizer publishes it: the confirmed guests who agreed, by name with their company. */
export function AttendeesList() {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const attendees = usePortalAttendees(eventSlug);
  const title = t("public.me.attendees");

  if (attendees.data === null) return null;
  if (!attendees.data) {
    return (
      <MemberSection title={title} testId="attendees">
        <SectionPending isError={attendees.isError} onRetry={() => void attendees.refetch()} />
      </MemberSection>
    );
  }
  const list = attendees.data;
  return (
    <MemberSection title={title} testId="attendees">
      <Text size="sm">
        {t("public.me.attendeesIntro")} {t("public.me.attendeesCount", { count: list.length })}
      </Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("public.me.attendeesNone")}
        </Text>
      ) : (
        // A long list scrolls in its own box, which the keyboard reaches (tabIndex) to scroll it.
        <Box mah={360} style={{ overflowY: "auto" }} tabIndex={0} role="region" aria-label={title}>
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
            {list.map((attendee, index) => (
              <li key={index}>
                <Text span fw={500}>
                  {[attendee.firstName, attendee.lastName].filter(Boolean).join(" ")}
                </Text>
                {attendee.company && (
                  <Text span size="sm" c="dimmed">
                    {" · "}
                    {attendee.company}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </MemberSection>
  );
}
