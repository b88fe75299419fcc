import { Button, Group, Text } from "@mantine/core";
import { EBADGE_BLOCK_TYPES, EBADGE_BLOCKS_MAX, type EbadgeBlockType } from "@tessera/shared/rules/ebadges";
import { useTranslation } from "react-i18next";
import { IconPlus } from "@/components/icons.tsx";
import { blockTypeLabel } from "../ebadgeWords.ts";

/** One button per kind of block; a new block lands near the page's centre, selected and focused. */
export function AddBlockButtons({ isFull, onAdd }: { isFull: boolean; onAdd(type: EbadgeBlockType): void }) {
  const { t } = useTranslation("web");
  return (
    <div role="group" aria-labelledby="add-block-title">
      <Text size="sm" fw={500} id="add-block-title" mb={6}>
        {t("ebadges.editor.addBlock")}
      </Text>
      <Group gap={6}>
        {EBADGE_BLOCK_TYPES.map((type) => (
          <Button
            key={type}
            size="compact-sm"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={isFull}
            onClick={() => onAdd(type)}
          >
            {blockTypeLabel(t, type)}
          </Button>
        ))}
      </Group>
      {isFull && (
        <Text size="xs" c="dimmed" mt={4}>
          {t("ebadges.editor.blocksFull", { max: EBADGE_BLOCKS_MAX })}
        </Text>
      )}
    </div>
  );
}
