import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "./errorMessage.ts";

/**
 * Runs a screen's actions: which one is under way (`busy`, the key it was given) and why the last one failed
 * (`failure`, translated; cleared when the next one starts).
 */
export function useAction() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(operation: () => Promise<unknown>, key = "action"): Promise<void> {
    setBusy(key);
    setFailure(null);
    try {
      await operation();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  }

  return { busy, isWorking: busy !== null, failure, setFailure, run };
}
