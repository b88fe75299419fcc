// Electron main process: thin glue. One window, the desk's channels relayed to the plain-Node core (core/app.ts),
// and the few channels only main can answer: the back office's pages, the kiosk lock, picking a file.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell } from "electron";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDeskApp, DESK_APP_CHANNELS, type DeskApp } from "../core/app.ts";
import { errorForIpc } from "../core/ipcError.ts";
import { APP_CHANNELS, type AppChannel } from "./appChannels.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererFile = path.join(here, "../renderer/index.html");
let window: BrowserWindow | null = null;
let isKiosk = false;
/** The server whose back office the window may show (null: only the desk's own screens). */
let backOfficeOrigin: string | null = null;

function createWindow(): BrowserWindow {
  const created = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    title: "Tessera Desk",
    webPreferences: {
      preload: path.join(here, "../preload/preload.cjs"),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  // The window shows the desk's screens or the signed-in server's back office, nothing else.
  created.webContents.on("will-navigate", (event, url) => {
    if (isAllowed(url)) return;
    event.preventDefault();
    void shell.openExternal(url);
  });
  created.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: "deny" };
  });
  // A kiosk's window closes only once a supervisor has left kiosk mode (PIN checked in the renderer's dialog).
  created.on("close", (event) => {
    if (isKiosk) event.preventDefault();
  });
  void created.loadFile(rendererFile);
  return created;
}

function isAllowed(url: string): boolean {
  if (url.startsWith("file:")) return true;
  return backOfficeOrigin !== null && new URL(url).origin === backOfficeOrigin;
}

function showDeskScreens(): void {
  backOfficeOrigin = null;
  void window?.loadFile(rendererFile);
}

/** Channels main answers itself: they act on the window, not on the desk's data. */
function appHandlers(desk: DeskApp): Record<AppChannel, (...args: never[]) => Promise<unknown>> {
  return {
    "app.openBackOffice": async (serverUrl: string) => {
      const origin = new URL(serverUrl).origin;
      if (!/^https?:$/.test(new URL(origin).protocol)) throw new Error("The server address must be http(s)");
      backOfficeOrigin = origin;
      await window?.loadURL(`${origin}/admin`);
    },
    "app.setKiosk": async (isLocked: boolean, pin?: string) => {
      // Unlocking needs the supervisor's PIN when the desk has one: the renderer cannot leave on its own.
      if (!isLocked && desk.hasSupervisorPin() && !(await desk["desk.verifyPin"](pin ?? "")))
        throw Object.assign(new Error("Wrong supervisor PIN"), { code: "pinWrong" });
      isKiosk = isLocked;
      window?.setKiosk(isLocked);
    },
    "app.pickFile": async () => {
      const picked = await dialog.showOpenDialog(window!, {
        properties: ["openFile"],
        filters: [
          { name: "Guests (CSV, Excel)", extensions: ["csv", "txt", "tsv", "xlsx"] },
          { name: "All files", extensions: ["*"] },
        ],
      });
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
  };
}

function relay(channel: string, handler: (...args: never[]) => Promise<unknown>): void {
  ipcMain.handle(channel, async (_event, ...args: unknown[]) => {
    try {
      return await (handler as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      // Electron keeps only an error's message across IPC: its code goes in front for the renderer's words.
      throw errorForIpc(error);
    }
  });
}

function menu(): Menu {
  return Menu.buildFromTemplate([
    {
      label: "Tessera Desk",
      submenu: [
        { label: "Desk screens", accelerator: "CmdOrCtrl+D", click: showDeskScreens },
        { role: "reload" },
        { role: "toggleDevTools" },
        { type: "separator" },
        { role: "quit" },
      ],
    },
    { role: "editMenu" },
    { role: "viewMenu" },
  ]);
}

if (!app.requestSingleInstanceLock()) app.quit();

void app.whenReady().then(() => {
  const desk = createDeskApp({
    version: app.getVersion(),
    platform: process.platform,
    serverUrl: process.env.TESSERA_SERVER_URL ?? null,
    databaseFile: path.join(app.getPath("userData"), "desk.sqlite"),
  });
  app.on("will-quit", () => void desk.close());
  void desk.start();
  for (const channel of DESK_APP_CHANNELS) relay(channel, desk[channel] as (...args: never[]) => Promise<unknown>);
  const ownHandlers = appHandlers(desk);
  for (const channel of APP_CHANNELS) relay(channel, ownHandlers[channel]);
  // The camera (scanning codes) is the only permission, and only for the desk's own screens.
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
    callback(permission === "media" && contents.getURL().startsWith("file:")),
  );
  Menu.setApplicationMenu(menu());
  window = createWindow();
  app.on("second-instance", () => window?.focus());
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});
