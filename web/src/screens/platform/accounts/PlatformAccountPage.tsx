import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useAccount, type AccountJson } from "@/queries/accounts.ts";

/** A platform administrator's page about one account (`:accountId`): loads it, then renders `children(account)`. */
export function PlatformAccountPage({ children }: { children: (account: AccountJson) => ReactNode }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const accountId = useParams().accountId!;
  const { data: account, error } = useAccount(accountId);

  return (
    <>
      <Anchor component={Link} to="/manage/platform/accounts" size="sm" mb="xs" display="inline-block">
        ← {t("accounts.backToList")}
      </Anchor>
      {account ? children(account) : error ? <FailureAlert message={errorMessage(error, t)} /> : <PageLoader />}
    </>
  );
}
