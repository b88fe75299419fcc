import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { AppErrorBoundary } from "../components/AppErrorBoundary.tsx";
import { createQueryClient } from "../queries/queryClient.ts";
import { endSession } from "../queries/sessionKeys.ts";
import { createAppRouter } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() => {
    const client = createQueryClient({ onUnauthenticated: () => endSession(client) });
    return client;
  });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}
