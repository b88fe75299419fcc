import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { IconArrowLeft } from "./icons.tsx";

/** The link back to where a screen is reached from (its list, its form), an arrow before its words. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {children}
      </Group>
    </Anchor>
  );
}
