import { useCallback, useRef } from "react";
import { useSearchParams } from "react-router";
import { AddressChanges, type ParamsPatch } from "./addressChanges.ts";

/**
 * A screen's view kept in the address's query parameters, and a change to some of them that replaces the
 * history entry. Changes made faster than the screen renders all land (see AddressChanges).
 */
export function useViewParams(): [URLSearchParams, (patch: ParamsPatch) => void] {
  const [params, setParams] = useSearchParams();
  const changes = useRef<AddressChanges | null>(null);
  changes.current ??= new AddressChanges(params.toString());
  changes.current.rendered(params.toString());
  const change = useCallback(
    (patch: ParamsPatch) => setParams(new URLSearchParams(changes.current!.ask(patch)), { replace: true }),
    [setParams],
  );
  return [params, change];
}
