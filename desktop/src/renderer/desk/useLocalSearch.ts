import { useEffect, useState } from "react";
import { deskApi, type DeskSearchHit } from "../deskApi.ts";

/** DeskScreen's search hook, answered by the core's local snapshot (it works offline). */
export function useLocalSearch(q: string): { data?: readonly DeskSearchHit[]; isFetching: boolean; error: unknown } {
  const [found, setFound] = useState<{ q: string; data?: DeskSearchHit[]; error: unknown }>({ q: "", error: null });
  useEffect(() => {
    if (q.length < 2) return;
    let isCurrent = true;
    deskApi()
      ["desk.search"](q)
      .then(
        (data) => isCurrent && setFound({ q, data, error: null }),
        (error: unknown) => isCurrent && setFound({ q, error }),
      );
    return () => {
      isCurrent = false;
    };
  }, [q]);
  const isAnswered = found.q === q;
  return {
    data: isAnswered ? found.data : undefined,
    isFetching: q.length >= 2 && !isAnswered,
    error: isAnswered ? found.error : null,
  };
}
