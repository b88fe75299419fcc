import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { primaryOfService } from "./discovery.ts";
import { openTestDesk } from "./testSession.ts";

describe("finding the primary desk", () => {
  const checkinId = randomUUID();
  const service = {
    txt: { checkin: checkinId, desk: "Door A" },
    port: 4870,
    addresses: ["192.168.1.20"],
    host: "a.local",
  };

  it("keeps a service of the desk's session with a usable address, and nothing else", () => {
    expect(primaryOfService(service, checkinId)).toEqual({
      desk: "Door A",
      checkinId,
      address: "http://192.168.1.20:4870",
    });
    expect(primaryOfService(service, randomUUID())).toBeNull();
    expect(primaryOfService({ ...service, txt: undefined }, checkinId)).toBeNull();
    expect(primaryOfService({ ...service, port: 0 }, checkinId)).toBeNull();
    expect(primaryOfService({ ...service, addresses: [] }, checkinId)).toBeNull();
    // TXT values as buffers, an IPv6 address only (from the packet's sender), an IPv4 address preferred.
    const buffers = { ...service, txt: { checkin: Buffer.from(checkinId), desk: Buffer.from("Door A") } };
    expect(primaryOfService(buffers, checkinId)?.desk).toBe("Door A");
    const v6 = {
      ...service,
      addresses: ["fe80::1"],
      referer: { address: "fe80::1", family: "IPv6" as const, port: 5353, size: 1 },
    };
    expect(primaryOfService(v6, checkinId)?.address).toBe("http://[fe80::1]:4870");
    expect(primaryOfService({ ...service, addresses: ["fe80::1", "10.0.0.5"] }, checkinId)?.address).toBe(
      "http://10.0.0.5:4870",
    );
  });

  it("a desk finds its session's primary by mDNS and pairs with the address found; another session's desk does not see it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "desk-discovery-"));
    const open = (name: string, session: string) =>
      openTestDesk({ folder, name, checkinId: session, primary: { discoverWaitMs: 2_500 } });
    const primary = open("Door A", checkinId);
    const peer = open("Door B", checkinId);
    const stranger = open("Door Z", randomUUID());
    const started = await primary.handlers["primary.start"]({ port: 0 });
    try {
      const [found, foundElsewhere] = await Promise.all([
        peer.handlers["primary.discover"](),
        stranger.handlers["primary.discover"](),
      ]);
      const ours = found.filter((entry) => entry.address.endsWith(`:${started.port}`));
      expect(ours).toEqual([{ desk: "Door A", checkinId, address: expect.stringMatching(/^http:\/\//) as string }]);
      expect(foundElsewhere.some((entry) => entry.checkinId === checkinId)).toBe(false);
      expect(await peer.handlers["primary.connect"](ours[0]!.address, started.pairingCode)).toMatchObject({
        ok: true,
        status: { role: "peer", reachable: true },
      });
      expect(await primary.handlers["primary.status"]()).toMatchObject({ role: "primary", peers: 1 });
      expect(await peer.handlers["primary.disconnect"]()).toMatchObject({ role: "none", address: null });
    } finally {
      for (const desk of [primary, peer, stranger]) {
        await desk.handlers.close();
        desk.core.close();
      }
    }
  });
});
