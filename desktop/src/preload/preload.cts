// Sandboxed preload (CommonJS): exposes exactly the core's channels as window.desk.
// A sandboxed preload must be CommonJS, hence require-style import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require("electron");

const channels = [
  "desk.info",
  "desk.setServerUrl",
  "desk.signIn",
  "desk.refresh",
  "desk.check",
  "desk.status",
  "desk.sync",
  "desk.conflicts",
] as const;

electron.contextBridge.exposeInMainWorld(
  "desk",
  Object.fromEntries(
    channels.map((channel) => [channel, (...args: unknown[]) => electron.ipcRenderer.invoke(channel, ...args)]),
  ),
);
