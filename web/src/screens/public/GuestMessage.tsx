import { Button, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";
import { GuestPanel } from "./GuestPanel.tsx";

interface GuestMessageProps {
  title: string;
  children?: ReactNode;
  /** What to do next (a link or a button). */
  action?: ReactNode;
  /** The title takes the focus when shown (the page changed under a screen reader's feet). */
  takeFocus?: boolean;
  /** 2 when the page has its own title above (a closed form under the form's title). */
  headingOrder?: 1 | 2;
}

/** A guest page that only says something: a title, a sentence or two, and what to do next. */
export function GuestMessage({ title, children, action, takeFocus = false, headingOrder = 1 }: GuestMessageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <GuestPanel>
      <Stack gap="md" align="flex-start">
        <Title order={headingOrder} size="h2" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {title}
        </Title>
        {typeof children === "string" ? <Text>{children}</Text> : children}
        {action}
      </Stack>
    </GuestPanel>
  );
}

/** A button that asks again (a page whose data could not be read). */
export function RetryButton({ onRetry, label }: { onRetry: () => void; label: string }) {
  return (
    <Button variant="light" onClick={onRetry}>
      {label}
    </Button>
  );
}
