import { Anchor } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Account } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** A platform administrator's page about one account (`:accountId`): loads it, then renders `children(account)`. */
export function PlatformAccountPage({ children }: { children: (account: Account) => ReactNode }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accounts } = useStores();
  const accountId = useParams().accountId!;
  const [account, setAccount] = useState<Account | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    setAccount(null);
    setFailure(null);
    accounts.get(accountId).then(
      (found) => isCurrent && setAccount(found),
      (error: unknown) => isCurrent && setFailure(errorMessage(error, t)),
    );
    return () => {
      isCurrent = false;
    };
  }, [accountId, accounts, t]);

  return (
    <>
      <Anchor component={Link} to="/manage/platform/accounts" size="sm" mb="xs" display="inline-block">
        ← {t("accounts.backToList")}
      </Anchor>
      <FailureAlert message={failure} />
      {!failure && !account && <PageLoader />}
      {account && children(account)}
    </>
  );
}
