import { DataList, Paper } from "@mantine/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RoleBadge } from "../../components/RoleBadge.tsx";
import { useStores } from "../../stores/StoresContext.ts";
import { ScreenHeader } from "./ScreenHeader.tsx";

export const ProfileScreen = observer(function ProfileScreen() {
  const { t } = useTranslation("web");
  const { session } = useStores();
  const user = session.user;
  if (!user) return null;
  return (
    <>
      <ScreenHeader title={t("nav.profile")} description={t("profile.description")} />
      <Paper withBorder p="lg" maw={640}>
        <DataList withDivider labelWidth={160}>
          <ProfileRow label={t("fields.name")} value={`${user.firstName} ${user.lastName}`} />
          <ProfileRow label={t("fields.email")} value={user.email} />
          <ProfileRow label={t("fields.role")} value={<RoleBadge role={user.role} />} />
          <ProfileRow label={t("fields.language")} value={t(`languages.${user.language}`)} />
          {session.account && <ProfileRow label={t("fields.account")} value={session.account.name} />}
        </DataList>
      </Paper>
    </>
  );
});

function ProfileRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
