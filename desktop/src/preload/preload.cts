// Sandboxed preload (CommonJS): exposes exactly the desk's channels (core/app.ts DESK_APP_CHANNELS, then main's
// own, main/appChannels.ts) as window.desk. A sandboxed preload can require nothing of ours, so scripts/build.ts
// writes that list in at build time (esbuild's define); packaging.test.ts runs the bundle and compares.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require("electron");

declare const DESK_PRELOAD_CHANNELS: readonly string[];
const channels = DESK_PRELOAD_CHANNELS;

electron.contextBridge.exposeInMainWorld(
  "desk",
  Object.fromEntries(
    channels.map((channel) => [channel, (...args: unknown[]) => electron.ipcRenderer.invoke(channel, ...args)]),
  ),
);
