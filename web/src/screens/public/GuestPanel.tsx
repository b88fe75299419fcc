import { Paper } from "@mantine/core";
import type { ReactNode } from "react";

/** The guest site's card: the page's content on white, with room to breathe on a phone as on a desktop. */
export function GuestPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: "md", sm: "xl" }}>
      {children}
    </Paper>
  );
}
