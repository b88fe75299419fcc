import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import yaml from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDesktop, RUNTIME_PACKAGES, type DesktopBuild } from "../../../desktop/scripts/build.ts";
import { DESK_APP_CHANNELS } from "../../../desktop/src/core/app.ts";
import { DESK_CHANNELS } from "../../../desktop/src/core/handlers.ts";
import { APP_CHANNELS } from "../../../desktop/src/main/appChannels.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const desktop = path.join(root, "desktop");

/**
 * The desk app's packaging (issue 13, item 1), checked without Electron (its binary cannot be downloaded here):
 * electron-builder's configuration against electron-builder's own schema, the bundles esbuild makes, and the
 * main process and preload run under Node with a stand-in of Electron's API recording what they register.
 */
describe("the desk app's packaging", () => {
  let built: DesktopBuild;
  let outDir: string;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), "desk-build-"));
    built = await buildDesktop({ renderer: false, outDir });
  });

  it("has an electron-builder configuration that electron-builder's schema accepts, for the three systems", () => {
    const config = yaml.load(readFileSync(path.join(root, "electron-builder.yml"), "utf8")) as Record<string, any>;
    const schema = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve("app-builder-lib/scheme.json"), "utf8"),
    ) as object;
    // The ajv that electron-builder validates its configuration with (6, beside it; ours is shared's 8).
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...config, targetz: "AppImage" })).toBe(false); // the schema refuses what it does not know
    expect(config.linux.target).toEqual(expect.arrayContaining(["AppImage", "deb"]));
    expect(config.win.target).toEqual(["nsis"]);
    expect(config.mac.target).toEqual(["dmg"]);
    expect(config.directories.app).toBe("desktop");
    const desktopPackage = JSON.parse(readFileSync(path.join(desktop, "package.json"), "utf8")) as {
      main: string;
      scripts: Record<string, string>;
    };
    // What the app starts from is inside the files packed.
    expect(desktopPackage.main).toBe("dist/main/main.js");
    expect(config.files).toContain("dist/**/*");
    expect(desktopPackage.scripts.package).toContain("electron-builder --config electron-builder.yml");
  });

  it("bundles the main process and the preload so that they import only packed packages", () => {
    expect(built.imports).toContain("electron");
    for (const imported of built.imports) {
      const name = imported.startsWith("@") ? imported.split("/").slice(0, 2).join("/") : imported.split("/")[0]!;
      expect(RUNTIME_PACKAGES, `${imported} is imported at run time but not a dependency`).toContain(name);
      // Resolvable from the app's folder, as electron-builder packs it.
      if (name !== "electron")
        expect(() => createRequire(path.join(desktop, "package.json")).resolve(name)).not.toThrow();
    }
    // Workspace code is inside the bundle, not a run-time import (no TypeScript runs in the packed app).
    expect(built.imports.some((imported) => imported.startsWith("@tessera/"))).toBe(false);
  });

  it("keeps the main process thin", () => {
    const lines = readFileSync(path.join(desktop, "src/main/main.ts"), "utf8").split("\n").length;
    expect(lines).toBeLessThan(300);
  });

  it("registers every channel of the core in the main process, and the preload exposes exactly them", async () => {
    const recorded = standInElectron(outDir);
    await import(path.join(outDir, "main/main.js"));
    await recorded.ready;
    expect([...recorded.handled].sort()).toEqual(expect.arrayContaining([...DESK_CHANNELS].sort()));

    const exposed: Record<string, Record<string, unknown>> = {};
    const preloadRequire = (name: string) => {
      if (name !== "electron") throw new Error(`The sandboxed preload may only require electron, not ${name}`);
      return {
        contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => (exposed[key] = api) },
        ipcRenderer: { invoke: async () => undefined },
      };
    };
    const source = readFileSync(path.join(outDir, "preload/preload.cjs"), "utf8");
    new Function("require", "module", "exports", source)(preloadRequire, { exports: {} }, {});
    expect(Object.keys(exposed.desk ?? {}).sort()).toEqual([...recorded.handled].sort());
    // The preload's list is the declared channels, in their order (the build writes it in: no copy by hand).
    expect(Object.keys(exposed.desk ?? {})).toEqual([...DESK_APP_CHANNELS, ...APP_CHANNELS]);
  });
});

/**
 * A stand-in `electron` package beside the bundle: the app is ready at once, windows and dialogs do nothing,
 * and ipcMain.handle records the channels. Other packages resolve to the repository's.
 */
function standInElectron(outDir: string) {
  const modules = path.join(outDir, "node_modules");
  mkdirSync(path.join(modules, "electron"), { recursive: true });
  for (const name of RUNTIME_PACKAGES.filter((pkg) => pkg !== "electron")) {
    const target = path.join(root, "node_modules", name);
    const link = path.join(modules, name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(target, link);
  }
  const key = `__deskStandIn${Date.now()}`;
  writeFileSync(
    path.join(modules, "electron", "package.json"),
    JSON.stringify({ name: "electron", main: "index.cjs" }),
  );
  writeFileSync(
    path.join(modules, "electron", "index.cjs"),
    `const record = globalThis[${JSON.stringify(key)}];
class BrowserWindow {
  constructor() { this.webContents = { on() {}, setWindowOpenHandler() {}, send() {} }; record.windows++; }
  loadURL() { return Promise.resolve(); } loadFile() { return Promise.resolve(); } on() {} once() {} setKiosk() {}
  isDestroyed() { return false; } static getAllWindows() { return []; } static fromWebContents() { return null; }
}
module.exports = {
  app: {
    whenReady: () => Promise.resolve().then(() => setTimeout(record.resolve, 50)),
    getVersion: () => "0.0.0-test", getPath: () => record.userData, on() {}, quit() {},
    requestSingleInstanceLock: () => true, setAppUserModelId() {}, isPackaged: false,
  },
  BrowserWindow,
  ipcMain: { handle: (channel) => record.handled.add(channel) },
  dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
  shell: { openExternal: async () => undefined },
  session: { defaultSession: { setPermissionRequestHandler() {} } },
  Menu: { setApplicationMenu() {}, buildFromTemplate: () => ({}) },
};`,
  );
  let resolve!: () => void;
  const ready = new Promise<void>((done) => (resolve = done));
  const record = {
    handled: new Set<string>(),
    windows: 0,
    resolve,
    userData: mkdtempSync(path.join(tmpdir(), "desk-user-")),
  };
  (globalThis as Record<string, unknown>)[key] = record;
  return { handled: record.handled, ready };
}
