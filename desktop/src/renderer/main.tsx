import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { cssVariablesResolver, theme } from "@/app/theme.ts";
import { DeskRendererApp } from "./DeskRendererApp.tsx";
import { CrashBoundary } from "./shared/CrashBoundary.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <CrashBoundary>
        <DeskRendererApp />
      </CrashBoundary>
    </MantineProvider>
  </StrictMode>,
);
