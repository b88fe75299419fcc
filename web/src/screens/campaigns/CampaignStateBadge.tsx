import { Badge } from "@mantine/core";
import type { CampaignState } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";

const COLORS: Record<CampaignState, string> = { pending: "gray", scheduled: "blue", sending: "orange", sent: "green" };

/** A campaign's state (spec §4: pending, scheduled, sent; and sending while it goes out). */
export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const { t } = useTranslation("web");
  return (
    <Badge variant="light" color={COLORS[state]} style={{ flexShrink: 0 }}>
      {t(`campaigns.states.${state}`)}
    </Badge>
  );
}
