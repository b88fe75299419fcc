import { Text } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyWithTimeout } from "@/app/lazyWithTimeout.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { PlatformAccountPage } from "./PlatformAccountPage.tsx";

const EventsRoutes = lazyWithTimeout(() => import("@/screens/events/EventsRoutes.tsx"));

/** A platform administrator looking after the events of one account (and their Admin settings). */
export function PlatformAccountEventsScreen() {
  const { t } = useTranslation("web");
  return (
    <PlatformAccountPage>
      {(account) => (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t("events.ofAccount", { account: account.name })}
          </Text>
          <Suspense fallback={<PageLoader />}>
            <EventsRoutes account={account} basePath={`/manage/platform/accounts/${account.id}/events`} />
          </Suspense>
        </>
      )}
    </PlatformAccountPage>
  );
}
