import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AccountJson } from "@/queries/accounts.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";
import { AccountParamsForm } from "./AccountParamsForm.tsx";
import { DefaultEventParamsForm } from "./DefaultEventParamsForm.tsx";
import { StripeKeysForm } from "./StripeKeysForm.tsx";

/** /manage/account: the account's params and the defaults of its new events (spec §2 account level). */
export function AccountSettingsScreen({ account }: { account: AccountJson }) {
  const { t } = useTranslation("web");
  return (
    <>
      <ScreenHeader title={t("nav.account")} description={t("accountSettings.description")} />
      <Stack gap="lg" maw={760}>
        <AccountParamsForm key={account.id} account={account} />
        <DefaultEventParamsForm accountId={account.id} canEdit={account.abilities.update === true} />
        {account.abilities.update === true && <StripeKeysForm accountId={account.id} />}
      </Stack>
    </>
  );
}
