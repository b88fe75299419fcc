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

/**
 * A paged list's view in the address: `changeView` sends any change but the page back to page 1; `onSearch`, a
 * SearchField's, changes the search only when the address does not hold it already.
 */
export function useListViewParams(): {
  params: URLSearchParams;
  changeView: (patch: ParamsPatch) => void;
  onSearch: (search: string) => void;
} {
  const [params, changeParams] = useViewParams();
  const changeView = useCallback((patch: ParamsPatch) => changeParams({ page: null, ...patch }), [changeParams]);
  const onSearch = useCallback(
    (value: string) => {
      if (value !== (new URLSearchParams(window.location.search).get("search") ?? "")) changeView({ search: value });
    },
    [changeView],
  );
  return { params, changeView, onSearch };
}
