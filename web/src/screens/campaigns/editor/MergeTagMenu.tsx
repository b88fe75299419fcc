import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconChevronDown } from "@/components/icons.tsx";
import { useMergeTags } from "./mergeTagsContext.ts";

/**
 * The merge tags an author may insert ({{firstName}} … {{registrationLink}}), each with its meaning; for a target
 * url, only the link tags. `fieldLabel` names the field it inserts into (for screen readers). The tags are the
 * context's (a campaign's, or an automatic mail's kind's: mergeTagsContext.ts).
 */
export function MergeTagMenu({
  onInsert,
  fieldLabel,
  linksOnly = false,
  disabled = false,
}: {
  onInsert: (tag: string) => void;
  fieldLabel: string;
  linksOnly?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation("web");
  const vocabulary = useMergeTags();
  const tags = linksOnly ? vocabulary.linkTags : vocabulary.tags;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          rightSection={<IconChevronDown size={12} />}
          disabled={disabled}
          aria-label={t("campaigns.editor.mergeTagsFor", { field: fieldLabel })}
        >
          {t("campaigns.editor.mergeTags")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
        {tags.map((tag) => (
          <Menu.Item key={tag} onClick={() => onInsert(`{{${tag}}}`)} ff="monospace">
            {`{{${tag}}}`} — {t(`campaigns.mergeTags.${tag}` as "campaigns.mergeTags.firstName")}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
