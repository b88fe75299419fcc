import { describe, expect, it } from "vitest";
import { createDeskCore } from "./core.ts";
import { DESK_CHANNELS } from "./handlers.ts";

describe("desk core", () => {
  it("answers every declared channel", () => {
    const core = createDeskCore({ version: "0.1.0", platform: "linux" });
    for (const channel of DESK_CHANNELS) expect(typeof core[channel]).toBe("function");
  });

  it("keeps only the origin of the server address and refuses other schemes", async () => {
    const core = createDeskCore({ version: "0.1.0", platform: "linux" });
    expect((await core["desk.setServerUrl"]("https://tessera.example.org/admin?x=1")).serverUrl).toBe(
      "https://tessera.example.org",
    );
    await expect(core["desk.setServerUrl"]("file:///etc/passwd")).rejects.toThrow();
  });
});
