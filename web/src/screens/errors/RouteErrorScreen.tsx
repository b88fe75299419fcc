import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { isChunkLoadError } from "@/app/lazyWithTimeout.ts";
import { ErrorView } from "@/components/ErrorView.tsx";
import { NotFoundScreen } from "./NotFoundScreen.tsx";

/** The router's error boundary: a 404 page for unknown paths, the generic error page otherwise. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!isNotFound) console.error("Unexpected error", error);
  }, [error, isNotFound]);
  if (isNotFound) return <NotFoundScreen />;
  return <ErrorView error={error} isChunkError={isChunkLoadError(error)} />;
}
