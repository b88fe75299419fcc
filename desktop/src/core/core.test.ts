import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDeskCore } from "./core.ts";
import { DESK_APP_CHANNELS } from "./app.ts";
import { DESK_CHANNELS, type DeskChannel, type DeskHandlers } from "./handlers.ts";

const options = { version: "0.1.0", platform: "linux" };

describe("desk core", () => {
  it("answers every declared channel, each call doing what it says", async () => {
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "desk-core-")), "desk.sqlite");
    const core = createDeskCore({ ...options, serverUrl: "https://first.example.org", databaseFile });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => "resolved",
        (error: Error) => error.message,
      );
    // One call and its expected answer per channel: a channel added without a case here fails.
    const cases: { [C in DeskChannel]: { call: (handlers: DeskHandlers) => Promise<unknown>; answer: unknown } } = {
      "desk.info": {
        call: (handlers) => handlers["desk.info"](),
        answer: { version: "0.1.0", platform: "linux", serverUrl: "https://first.example.org" },
      },
      "desk.setServerUrl": {
        call: (handlers) => handlers["desk.setServerUrl"]("http://desk.example.org:8080/path"),
        answer: { version: "0.1.0", platform: "linux", serverUrl: "http://desk.example.org:8080" },
      },
      "desk.status": {
        call: (handlers) => handlers["desk.status"](),
        answer: {
          signedIn: false,
          online: false,
          lastSyncAt: null,
          lastSyncAgeMs: null,
          pendingScans: 0,
          conflicts: 0,
          lastSyncError: null,
        },
      },
      "desk.sync": {
        call: (handlers) => failure(handlers["desk.sync"]()),
        answer: "The desk is not signed in",
      },
      "desk.conflicts": {
        call: (handlers) => handlers["desk.conflicts"](),
        answer: [],
      },
      "desk.refresh": {
        call: (handlers) => failure(handlers["desk.refresh"]()),
        answer: "The desk is not signed in",
      },
      "desk.check": {
        call: (handlers) => failure(handlers["desk.check"]({ code: "T1.x" })),
        answer: "The desk is not signed in",
      },
      "desk.signIn": {
        // Nothing listens there: the desk notes it is offline.
        call: async (handlers) => {
          await handlers["desk.setServerUrl"]("http://127.0.0.1:9");
          await failure(handlers["desk.signIn"]("ABCDE-FGHJK", "Door A"));
          return (await handlers["desk.status"]()).online;
        },
        answer: false,
      },
    };
    expect(Object.keys(cases).sort()).toEqual([...DESK_CHANNELS].sort());
    for (const channel of DESK_CHANNELS)
      expect(await cases[channel].call(core), channel).toEqual(cases[channel].answer);
    core.close();
  });

  it("tells its version and platform, and no server until one is set", async () => {
    const core = createDeskCore({ version: "2.3.4", platform: "win32" });
    expect(await core["desk.info"]()).toEqual({ version: "2.3.4", platform: "win32", serverUrl: null });
  });

  it("keeps only the origin of the server address, and remembers it", async () => {
    const core = createDeskCore(options);
    expect((await core["desk.setServerUrl"]("https://tessera.example.org/admin?x=1")).serverUrl).toBe(
      "https://tessera.example.org",
    );
    expect((await core["desk.info"]()).serverUrl).toBe("https://tessera.example.org");
  });

  it("refuses other schemes and non-addresses, keeping the server it had", async () => {
    const core = createDeskCore({ ...options, serverUrl: "https://kept.example.org" });
    await expect(core["desk.setServerUrl"]("file:///etc/passwd")).rejects.toThrow("The server address must be http(s)");
    await expect(core["desk.setServerUrl"]("javascript:alert(1)")).rejects.toThrow("must be http(s)");
    await expect(core["desk.setServerUrl"]("not a url")).rejects.toThrow();
    expect((await core["desk.info"]()).serverUrl).toBe("https://kept.example.org");
  });

  // What the preload exposes (exactly these channels, then main's own) is checked on its bundle, which the build
  // writes the list into: tests/integration/desk/packaging.test.ts.
  it("composes the app's channels from the core's", () => {
    expect(DESK_APP_CHANNELS).toEqual(expect.arrayContaining([...DESK_CHANNELS]));
  });
});
