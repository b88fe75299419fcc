import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { getActiveLanguage, loadI18n } from "./app/language.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The page's language downloads beside the app, so the first screen comes up already in it; should that
// fail, the screens show the chunk load error page (whose messages travel with the app).
void loadI18n(getActiveLanguage()).then(render, render);
