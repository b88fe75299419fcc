// Electron main process: thin glue. Windows, and IPC relayed to the plain-Node core.
import { app, BrowserWindow, ipcMain } from "electron";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDeskCore } from "../core/core.ts";
import { DESK_CHANNELS } from "../core/handlers.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: "Tessera Desk",
    webPreferences: {
      preload: path.join(here, "../preload/preload.cjs"),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  const serverUrl = process.env.TESSERA_SERVER_URL ?? "http://localhost:3000";
  void window.loadURL(`${serverUrl}/admin`);
  return window;
}

void app.whenReady().then(() => {
  const core = createDeskCore({
    version: app.getVersion(),
    platform: process.platform,
    serverUrl: process.env.TESSERA_SERVER_URL ?? null,
    databaseFile: path.join(app.getPath("userData"), "desk.sqlite"),
  });
  app.on("will-quit", () => core.close());
  for (const channel of DESK_CHANNELS) {
    ipcMain.handle(channel, (_event, ...args: unknown[]) =>
      (core[channel] as (...a: unknown[]) => Promise<unknown>)(...args),
    );
  }
  createWindow();
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});
