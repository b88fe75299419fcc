import { useEffect, useState } from "react";
import type { GuestImportJson } from "@tessera/shared/schemas/guestImports";
import { importDesk, type ImportProgress } from "./importDesk.ts";

/** How often a running upload or import is asked where it stands (ms). */
const POLL_MS = 700;

/** Asks `ask` every POLL_MS while `id` is set, keeping its last answer (a failed ask keeps the one before). */
function usePolled<T>(id: string | null, ask: (id: string) => Promise<T>, first: T | null): T | null {
  const [answer, setAnswer] = useState<T | null>(first);
  useEffect(() => {
    if (!id) return;
    let isCurrent = true;
    const timer = setInterval(() => {
      void ask(id)
        .then((next) => isCurrent && setAnswer(next))
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [id, ask]);
  return answer;
}

const askProgress = (id: string) => importDesk()["import.progress"](id);
const askStatus = (id: string) => importDesk()["import.status"](id);

/** Where an upload stands (bytes sent, the server's reading, why it stopped). */
export function useUploadProgress(id: string | null, first: ImportProgress | null) {
  return usePolled(id, askProgress, first);
}

/** The server's import as it is processed. */
export function useImportStatus(id: string | null, first: GuestImportJson | null) {
  return usePolled(id, askStatus, first);
}
