import { MantineProvider } from "@mantine/core";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { AppErrorBoundary } from "../components/AppErrorBoundary.tsx";
import { createAppRouter } from "./router.tsx";
import { theme } from "./theme.ts";

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </MantineProvider>
  );
}
