import { Alert, Box } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * Where a section says that something was done: a polite live region always on the page, so the message
 * is announced when it appears; it takes the focus when what the guest was using went away (a form closed).
 */
export function LiveNotice({ message, takeFocus = false }: { message: string | null; takeFocus?: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && takeFocus) notice.current?.focus();
  }, [message, takeFocus]);
  return (
    <Box role="status" aria-live="polite">
      {message && (
        <Alert ref={notice} tabIndex={-1} color="teal" variant="light">
          {message}
        </Alert>
      )}
    </Box>
  );
}
