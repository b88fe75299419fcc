import { Button, Center, Stack, Text } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { errorPageI18n, getActiveLanguage } from "@/app/language.ts";

/** A render error anywhere in the desk app: said in the window's language, with a button that reloads it. */
export class CrashBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Unexpected error", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const t = errorPageI18n(getActiveLanguage()).getFixedT(getActiveLanguage(), "errors");
    return (
      <Center mih="100dvh" p="lg">
        <Stack align="center" gap="md" role="alert">
          <Text size="lg">{t("an_error_occurred")}</Text>
          <Button onClick={() => window.location.reload()}>{t("reload_page")}</Button>
        </Stack>
      </Center>
    );
  }
}
