import { ActionIcon, Menu } from "@mantine/core";
import type { ReactNode } from "react";
import { IconDots } from "./icons.tsx";

/** A row's or a card's "…" button and the menu of its actions (Menu.Item children). */
export function ActionsMenu({ label, isBusy, children }: { label: string; isBusy?: boolean; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} loading={isBusy}>
          <IconDots />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
