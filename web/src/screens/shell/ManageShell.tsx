import { Alert, AppShell, Burger, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Logo } from "@/components/Logo.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { useSignedIn } from "@/queries/session.ts";
import { ManageNavigation } from "./ManageNavigation.tsx";

/**
 * The navigation's right border drawn again down the whole page: the navbar is fixed at the window's
 * height, so on a page taller than the window (a full-page capture, a print) its own border stops short.
 * Without a navbar (mobile) the offset is 0 and the line falls outside the page.
 */
const NAVBAR_EDGE = {
  backgroundImage: "linear-gradient(var(--app-shell-border-color), var(--app-shell-border-color))",
  backgroundRepeat: "no-repeat",
  backgroundSize: "1px 100%",
  backgroundPosition: "calc(var(--app-shell-navbar-offset, 0rem) - 1px) 0",
} as const;

/** The back-office frame: header with the account and the user, navigation on the left, the screen. */
export function ManageShell() {
  const { t } = useTranslation("web");
  const { user, account } = useSignedIn();
  const { pathname } = useLocation();
  const [isNavigationOpen, navigation] = useDisclosure(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { close: closeNavigation } = navigation;

  // Each page change closes the mobile menu and drops the notice of the previous page.
  useEffect(() => {
    closeNavigation();
    setNotice(null);
  }, [pathname, closeNavigation]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !isNavigationOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavigationOpen}
              onClick={navigation.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("manage.toggleNavigation")}
            />
            <Logo height={32} />
            <Text c="dimmed" size="sm" visibleFrom="xs" truncate>
              {account?.name ?? t("manage.platform")}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={500} visibleFrom="xs">
              {user.firstName} {user.lastName}
            </Text>
            <RoleBadge role={user.role} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ManageNavigation onError={setNotice} />
      </AppShell.Navbar>
      <AppShell.Main style={NAVBAR_EDGE}>
        {notice && (
          <Alert color="red" variant="light" role="alert" mb="md" withCloseButton onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
