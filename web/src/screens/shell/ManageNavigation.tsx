import { AppShell, NavLink, ScrollArea, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import {
  IconBuilding,
  IconCalendar,
  IconLogout,
  IconSettings,
  IconShield,
  IconTeams,
  IconUser,
  IconUsers,
} from "@/components/icons.tsx";
import { useStores } from "@/stores/StoresContext.ts";

/** Account navigation (Events, Users, Teams, Account settings, Profile, Logout) and, for platform administrators, Platform. */
export const ManageNavigation = observer(function ManageNavigation({
  onError,
}: {
  onError: (message: string) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { session } = useStores();
  const navigate = useNavigate();
  const [isLeaving, setLeaving] = useState(false);
  const language = session.user?.language ?? "en";

  async function logout() {
    setLeaving(true);
    try {
      await session.logout();
    } catch (error) {
      // A session that already ended is as good as a logout.
      if (!(isApiError(error) && error.status === 401)) {
        setLeaving(false);
        onError(errorMessage(error, t));
        return;
      }
    }
    navigate(`/${language}/admin`, { replace: true });
  }

  return (
    <>
      <AppShell.Section grow component={ScrollArea}>
        {session.account && (
          <>
            <NavItem to="/manage/events" label={t("nav.events")} icon={<IconCalendar />} />
            <NavItem to="/manage/users" label={t("nav.users")} icon={<IconUsers />} />
            <NavItem to="/manage/teams" label={t("nav.teams")} icon={<IconTeams />} />
            <NavItem to="/manage/account" label={t("nav.account")} icon={<IconSettings />} />
          </>
        )}
        <NavItem to="/manage/profile" label={t("nav.profile")} icon={<IconUser />} />
        {session.can("platform.manage") && (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="lg" mb={4} px="sm">
              {t("nav.platform")}
            </Text>
            <NavItem to="/manage/platform/accounts" label={t("nav.accounts")} icon={<IconBuilding />} />
            <NavItem to="/manage/platform/administrators" label={t("nav.administrators")} icon={<IconShield />} />
          </>
        )}
      </AppShell.Section>
      <AppShell.Section>
        <NavLink
          component="button"
          label={t("nav.logout")}
          leftSection={<IconLogout />}
          onClick={() => void logout()}
          disabled={isLeaving}
        />
      </AppShell.Section>
    </>
  );
});

function NavItem({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(`${to}/`);
  return <NavLink component={Link} to={to} label={label} leftSection={icon} active={isActive} />;
}
