import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureText } from "./failureText.ts";

/** A call to the desk's core from a button: busy while it runs, its failure in words (null: none). */
export function useDeskCall() {
  const { t, i18n } = useTranslation("web");
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      setFailure(failureText(error, t, i18n));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { isBusy, failure, setFailure, run };
}
