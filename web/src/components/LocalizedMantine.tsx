import { createTheme, MantineThemeProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Mantine's own icon-only buttons named in the page's language: the × of dialogs, alerts and notices has
 * no text, so screen readers would announce a nameless "button". The notices are shown here too, inside
 * the language, for the same reason. Components are named, not imported (`Modal.extend`): an import would
 * put their code in the first page's bundle.
 */
export function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation("web");
  const closeDialog = t("common.closeDialog");
  const closeMessage = t("common.closeMessage");
  const theme = useMemo(() => {
    const dialog = { defaultProps: { closeButtonProps: { "aria-label": closeDialog } } };
    return createTheme({
      components: {
        Modal: dialog,
        Drawer: dialog,
        Notification: { defaultProps: { closeButtonProps: { "aria-label": closeMessage } } },
        Alert: { defaultProps: { closeButtonLabel: closeMessage } },
      },
    });
  }, [closeDialog, closeMessage]);
  return (
    <MantineThemeProvider theme={theme}>
      {children}
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
