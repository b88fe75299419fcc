import { useEffect, useState } from "react";
import { isApiError } from "@tessera/shared/client";
import { api } from "./api.ts";

/**
 * The reference the error page shows, under which the team finds what happened: the failed request's id
 * when the API answered (it recorded its own failures), else the id of a report of this crash, sent now.
 */
export function useErrorReference(error: unknown, report: boolean): string | null {
  const [reference, setReference] = useState<string | null>(isApiError(error) ? error.requestId : null);
  useEffect(() => {
    if (!report || isApiError(error)) return;
    let cancelled = false;
    const crash = error instanceof Error ? error : new Error(String(error));
    api.system
      .clientError({
        body: {
          message: (crash.message || crash.name || "Unknown error").slice(0, 4000),
          ...(crash.stack ? { stack: crash.stack.slice(0, 20000) } : {}),
          path: window.location.pathname.slice(0, 2000),
        },
      })
      .then(
        (answer) => !cancelled && setReference(answer.reference),
        () => {}, // The page still shows; without a reference.
      );
    return () => {
      cancelled = true;
    };
  }, [error, report]);
  return reference;
}
