import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DeskPrintStatus } from "../deskApi.ts";

const COLORS = { ready: "green", paperOut: "orange", offline: "red", unknown: "gray" } as const;

/** The printer's state in a word: ready, paper out, offline, not set. */
export function PrinterStateBadge({ printStatus }: { printStatus: DeskPrintStatus | null }) {
  const { t } = useTranslation("web");
  if (!printStatus?.printer)
    return (
      <Badge color="gray" variant="light" data-testid="printer-state" data-state="none">
        {t("deskApp.printer.states.none")}
      </Badge>
    );
  const state = printStatus.state;
  return (
    <Badge color={COLORS[state] ?? "gray"} variant="filled" data-testid="printer-state" data-state={state}>
      {t(`deskApp.printer.states.${state}`)}
    </Badge>
  );
}
