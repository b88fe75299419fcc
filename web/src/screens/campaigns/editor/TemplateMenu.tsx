import { Button, Menu } from "@mantine/core";
import {
  CAMPAIGN_LANGUAGES,
  CAMPAIGN_TYPES,
  type CampaignLanguage,
  type CampaignType,
} from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { IconChevronDown } from "@/components/icons.tsx";

/** "Change template": each campaign type's template, in each language (a confirmation follows). */
export function TemplateMenu({
  onPick,
  disabled,
}: {
  onPick: (choice: { type: CampaignType; language: CampaignLanguage }) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("web");
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />} disabled={disabled}>
          {t("campaigns.editor.changeTemplate")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: "auto" }}>
        {CAMPAIGN_LANGUAGES.map((language) => (
          <div key={language}>
            <Menu.Label>{t(`languages.${language}`)}</Menu.Label>
            {CAMPAIGN_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => onPick({ type, language })}>
                {t("campaigns.editor.templateItem", {
                  type: t(`campaigns.types.${type}`),
                  language: t(`languages.${language}`),
                })}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
