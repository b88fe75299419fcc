import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@tessera/shared/rules/events";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { NETWORK_NAMES } from "./socialNetworks.ts";

function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value);
}

type Links = Record<SocialNetwork, string>;

export function SocialTab() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm<{ socialLinks: Links }>({
    initialValues: {
      socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, event.socialLinks[n] ?? ""])) as Links,
    },
    // A link is checked as it is typed, like the API will check it.
    validateInputOnChange: true,
    validate: {
      socialLinks: Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => [
          network,
          (value: string) => (value.trim() && !isWebAddress(value.trim()) ? t("events.urlFormat") : null),
        ]),
      ) as Record<SocialNetwork, (value: string) => string | null>,
    },
  });
  return (
    <FormPanel
      form={form}
      maw={760}
      canEdit={event.abilities.update === true}
      onSave={(values) =>
        update.mutateAsync({
          socialLinks: Object.fromEntries(
            SOCIAL_NETWORKS.map((network) => [network, values.socialLinks[network].trim() || null]),
          ),
        })
      }
    >
      {SOCIAL_NETWORKS.map((network) => (
        <TextInput
          key={network}
          type="url"
          label={NETWORK_NAMES[network]}
          placeholder={`https://www.${network === "twitter" ? "x" : network}.com/…`}
          {...form.getInputProps(`socialLinks.${network}`)}
        />
      ))}
    </FormPanel>
  );
}
