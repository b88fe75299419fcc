import { Button, Menu } from "@mantine/core";
import { LINK_MERGE_TAGS, MERGE_TAGS, mergeTag, type MergeTag } from "@tessera/shared/campaigns/content";
import { useTranslation } from "react-i18next";
import { IconChevronDown } from "@/components/icons.tsx";

/**
 * The merge tags an author may insert ({{firstName}} … {{registrationLink}}), each with its meaning; for a target
 * url, only the link tags. `fieldLabel` names the field it inserts into (for screen readers).
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
  const tags: readonly MergeTag[] = linksOnly ? LINK_MERGE_TAGS : MERGE_TAGS;
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
          <Menu.Item key={tag} onClick={() => onInsert(mergeTag(tag))} ff="monospace">
            {mergeTag(tag)} — {t(`campaigns.mergeTags.${tag}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
