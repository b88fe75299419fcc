import { Paper, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { CREDIT_KINDS, type CreditKind } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import { useCreditsRemaining } from "@/queries/credits.ts";
import { ScreenHeader } from "../../shell/ScreenHeader.tsx";
import { AddCreditsForm } from "./AddCreditsForm.tsx";
import { CreditHistoryTable } from "./CreditHistoryTable.tsx";
import { CreditPacksTable } from "./CreditPacksTable.tsx";
import { DebitCreditsForm } from "./DebitCreditsForm.tsx";

/**
 * The account's credits (spec §2 account level "credits add/debit", §3 credit packs): what is left of its event
 * and campaign credits, their packs and the movements of each; platform administrators add and debit (the API
 * says who may, in `abilities`).
 */
export function CreditsScreen({
  account,
  withAccountName = false,
}: {
  account: AccountJson;
  withAccountName?: boolean;
}) {
  const { t } = useTranslation("web");
  return (
    <>
      <ScreenHeader
        title={withAccountName ? t("credits.titleOf", { name: account.name }) : t("credits.title")}
        description={t("credits.description")}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CREDIT_KINDS.map((kind) => (
            <RemainingCard key={kind} accountId={account.id} kind={kind} />
          ))}
        </SimpleGrid>
        <Tabs defaultValue="event" keepMounted={false}>
          <Tabs.List>
            {CREDIT_KINDS.map((kind) => (
              <Tabs.Tab key={kind} value={kind}>
                {t(`credits.kinds.${kind}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CREDIT_KINDS.map((kind) => (
            <Tabs.Panel key={kind} value={kind} pt="md">
              <CreditKindSection accountId={account.id} kind={kind} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}

function RemainingCard({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t, i18n } = useTranslation("web");
  const remaining = useCreditsRemaining(accountId, kind);
  return (
    <Paper withBorder p="md" data-testid={`credits-remaining-${kind}`}>
      <Text size="sm" c="dimmed">
        {t(`credits.remaining.${kind}`)}
      </Text>
      <Text size="xl" fw={700} data-testid="credits-remaining-value">
        {remaining.data ? new Intl.NumberFormat(i18n.language).format(remaining.data.remaining) : "…"}
      </Text>
    </Paper>
  );
}

/** One kind's forms (for those who may add and debit), packs and history. */
function CreditKindSection({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const remaining = useCreditsRemaining(accountId, kind);
  const abilities = remaining.data?.abilities;
  return (
    <Stack gap="lg">
      {remaining.error && <FailureAlert message={errorMessage(remaining.error, t)} />}
      {(abilities?.add || abilities?.debit) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {abilities.add && <AddCreditsForm accountId={accountId} kind={kind} />}
          {abilities.debit && <DebitCreditsForm accountId={accountId} kind={kind} />}
        </SimpleGrid>
      )}
      <CreditPacksTable accountId={accountId} kind={kind} />
      <CreditHistoryTable accountId={accountId} kind={kind} />
    </Stack>
  );
}
