import { Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { CREDIT_NOTE_MAX, creditAmountProblem } from "@tessera/shared/rules/credits";
import { useTranslation } from "react-i18next";
import { byRule } from "@/app/formRules.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useDebitCredits } from "@/queries/credits.ts";

interface DebitValues {
  amount: string;
  reason: string;
}

/**
 * A platform administrator takes credits off the account (the packs expiring soonest first); when there are not
 * enough, the API's refusal says how many are missing, above the form.
 */
export function DebitCreditsForm({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const debit = useDebitCredits(accountId, kind);
  const form = useForm<DebitValues>({
    initialValues: { amount: "", reason: "" },
    validate: { amount: byRule(creditAmountProblem, t) },
  });

  async function save(values: DebitValues) {
    const reason = values.reason.trim();
    const answer = await debit.mutateAsync({ amount: Number(values.amount.trim()), ...(reason ? { reason } : {}) });
    form.reset();
    return answer;
  }

  return (
    <FormPanel
      form={form}
      title={t("credits.debit.title")}
      canEdit
      onSave={save}
      submitLabel={t("credits.debit.submit")}
      savedMessage={(answer) => t("credits.debit.saved", { count: answer.debited })}
    >
      <TextInput
        label={t("credits.amount")}
        inputMode="numeric"
        autoComplete="off"
        required
        {...form.getInputProps("amount")}
      />
      <Textarea
        label={t("credits.debit.reason")}
        autosize
        minRows={2}
        maxLength={CREDIT_NOTE_MAX}
        {...form.getInputProps("reason")}
      />
    </FormPanel>
  );
}
