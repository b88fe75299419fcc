import { TextInput } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError, SocialLinks } from "@tessera/shared/client";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@tessera/shared/rules/events";
import { useEventStore } from "../EventContext.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { NETWORK_NAMES } from "./socialNetworks.ts";

function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value);
}

export const SocialTab = observer(function SocialTab() {
  const { t } = useTranslation(["web", "validation"]);
  const store = useEventStore();
  const event = store.event!;
  const [links, setLinks] = useState<Record<SocialNetwork, string>>(
    () =>
      Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, event.socialLinks[n] ?? ""])) as Record<SocialNetwork, string>,
  );
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const badLinks = SOCIAL_NETWORKS.filter((network) => links[network].trim() && !isWebAddress(links[network].trim()));
  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.update === true}
      onApiError={setApiError}
      blockingProblem={badLinks.length > 0}
      onSave={() => {
        const socialLinks: SocialLinks = Object.fromEntries(
          SOCIAL_NETWORKS.map((network) => [network, links[network].trim() || null]),
        );
        return store.update({ socialLinks });
      }}
    >
      {SOCIAL_NETWORKS.map((network) => (
        <TextInput
          key={network}
          type="url"
          label={NETWORK_NAMES[network]}
          placeholder={`https://www.${network === "twitter" ? "x" : network}.com/…`}
          value={links[network]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setLinks((current) => ({ ...current, [network]: value }));
          }}
          error={badLinks.includes(network) ? t("events.urlFormat") : apiError?.messageFor(`socialLinks.${network}`)}
        />
      ))}
    </FormPanel>
  );
});
