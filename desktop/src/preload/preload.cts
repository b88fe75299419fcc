// Sandboxed preload (CommonJS): exposes exactly the desk's channels (core/app.ts DESK_APP_CHANNELS, then main's
// own, main/appChannels.ts) as window.desk. A sandboxed preload can require nothing of ours, hence the list here;
// core.test.ts checks it against the declared channels.
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
  "desk.search",
  "desk.kioskFind",
  "print.printers",
  "print.setPrinter",
  "print.status",
  "print.badge",
  "print.reprint",
  "print.testPage",
  "print.log",
  "print.setOptions",
  "print.refreshTemplates",
  "desk.setSupervisorPin",
  "desk.verifyPin",
  "desk.preflight",
  "primary.start",
  "primary.stop",
  "primary.discover",
  "primary.connect",
  "primary.disconnect",
  "primary.status",
  "backoffice.signIn",
  "backoffice.events",
  "import.preview",
  "import.upload",
  "import.progress",
  "import.resume",
  "import.setMapping",
  "import.process",
  "import.status",
  "app.openBackOffice",
  "app.setKiosk",
  "app.pickFile",
] as const;

electron.contextBridge.exposeInMainWorld(
  "desk",
  Object.fromEntries(
    channels.map((channel) => [channel, (...args: unknown[]) => electron.ipcRenderer.invoke(channel, ...args)]),
  ),
);
