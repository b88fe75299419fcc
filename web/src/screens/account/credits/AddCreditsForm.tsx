import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { creditAmountProblem, readCreditExpiry } from "@tessera/shared/rules/credits";
import { useTranslation } from "react-i18next";
import { byRule } from "@/app/formRules.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useAddCredits } from "@/queries/credits.ts";

interface AddValues {
  amount: string;
  expiresAt: string;
}

/** Spec §5: the expiry date DD/MM/YYYY, not in the past (today counts), as the API checks it. */
function expiryProblem(value: string) {
  const read = readCreditExpiry(value, new Date());
  return "problem" in read ? read.problem : null;
}

/** A platform administrator adds a pack of credits: how many, and the last day they can be used. */
export function AddCreditsForm({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const add = useAddCredits(accountId, kind);
  const form = useForm<AddValues>({
    initialValues: { amount: "", expiresAt: "" },
    validate: {
      amount: byRule(creditAmountProblem, t),
      expiresAt: byRule(expiryProblem, t),
    },
  });

  async function save(values: AddValues) {
    const pack = await add.mutateAsync({ amount: Number(values.amount.trim()), expiresAt: values.expiresAt.trim() });
    form.reset();
    return pack;
  }

  return (
    <FormPanel
      form={form}
      title={t("credits.add.title")}
      canEdit
      onSave={save}
      submitLabel={t("credits.add.submit")}
      savedMessage={(pack) => t("credits.add.saved", { count: pack.amount })}
    >
      <TextInput
        label={t("credits.amount")}
        inputMode="numeric"
        autoComplete="off"
        required
        {...form.getInputProps("amount")}
      />
      <TextInput
        label={t("credits.expiresAt")}
        description={t("credits.add.expiresHelp")}
        placeholder={t("credits.datePlaceholder")}
        autoComplete="off"
        required
        {...form.getInputProps("expiresAt")}
      />
    </FormPanel>
  );
}
