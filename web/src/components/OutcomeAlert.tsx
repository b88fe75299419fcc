import { Alert } from "@mantine/core";
import type { ScreenNotice } from "./ScreenAlerts.tsx";

/** The outcome of saving a form: green when saved (a status), red when refused (an alert); nothing before. */
export function OutcomeAlert({ outcome }: { outcome: ScreenNotice | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.color} variant="light" role={outcome.color === "red" ? "alert" : "status"}>
      {outcome.message}
    </Alert>
  );
}
