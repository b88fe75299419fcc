import { Anchor, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSenders } from "@/queries/senders.ts";
import { useSignedIn } from "@/queries/session.ts";

interface FromEmailSelectProps {
  accountId: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's message for the field (a save refused). */
  error?: string | undefined;
  disabled: boolean;
}

/**
 * A campaign's From email: one of the account's verified senders (issue 15 item 1), with a link to the Senders
 * screen to add one. An address saved earlier that is no longer verified stays shown, with why it cannot send.
 */
export function FromEmailSelect({ accountId, value, onChange, error, disabled }: FromEmailSelectProps) {
  const { t } = useTranslation(["web", "validation"]);
  const session = useSignedIn();
  const senders = useSenders(accountId, { enabled: session.can("senders.read") });
  const verified = (senders.data ?? []).filter((sender) => sender.isVerified);
  const isKnown = verified.some((sender) => sender.email === value.toLowerCase());
  const options = verified.map((sender) => ({
    value: sender.email,
    label: sender.name ? `${sender.name} <${sender.email}>` : sender.email,
  }));
  if (value && !isKnown) options.unshift({ value, label: value });
  const sendersPath =
    session.account?.id === accountId ? "/manage/senders" : `/manage/platform/accounts/${accountId}/senders`;
  const notVerified = value && senders.isSuccess && !isKnown ? t("validation:sender_not_verified") : undefined;
  return (
    <Select
      id="campaign-from-email"
      label={t("campaigns.fields.fromEmail")}
      placeholder={t("campaigns.fields.fromEmailPlaceholder")}
      description={
        <>
          {verified.length || !senders.isSuccess
            ? t("campaigns.fields.fromEmailHelp")
            : t("campaigns.fields.fromEmailNone")}{" "}
          {session.can("senders.manage") && (
            <Anchor component={Link} to={sendersPath} size="xs" underline="always">
              {t("campaigns.fields.addSender")}
            </Anchor>
          )}
        </>
      }
      required
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      allowDeselect={false}
      nothingFoundMessage={t("campaigns.fields.fromEmailNone")}
      error={error ?? notVerified}
      disabled={disabled}
    />
  );
}
