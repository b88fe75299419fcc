import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openTestDesk } from "./testSession.ts";

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Desks with no server at all (their session's server address answers nothing): a primary and peers. */
function twoDesks(options: { probeIntervalMs: number; guests?: number; primaryRetryMs?: number }) {
  const folder = mkdtempSync(path.join(tmpdir(), "desk-peer-"));
  const checkinId = randomUUID();
  const guestIds = Array.from({ length: options.guests ?? 3 }, () => randomUUID());
  /** A desk signed in (a new file), or the same desk opened again (the app restarted). */
  const open = (name: string, again = false) => ({
    ...openTestDesk({
      folder,
      name,
      checkinId,
      guestIds,
      again,
      core: { probeIntervalMs: options.probeIntervalMs, primaryRetryMs: options.primaryRetryMs ?? 60_000 },
      primary: { mdns: false, host: "127.0.0.1" },
    }),
    guestIds,
  });
  return { primary: open("Door A"), peer: open("Door B"), open };
}

describe("a peer desk's link to the primary", () => {
  it("reconciles in the background as soon as the primary answers again, before any scan", async () => {
    const { primary, peer } = twoDesks({ probeIntervalMs: 30 });
    const guestId = peer.guestIds[0]!;
    try {
      const started = await primary.handlers["primary.start"]({ port: 0 });
      expect((await peer.handlers["primary.connect"](`127.0.0.1:${started.port}`, started.pairingCode)).ok).toBe(true);
      await primary.handlers["primary.stop"]();
      // The primary is down: answered alone, and kept for the primary.
      expect((await peer.core["desk.check"]({ guestId })).result).toBe("ok");
      expect(await peer.handlers["primary.status"]()).toMatchObject({ reachable: false, unreconciled: 1 });

      await primary.handlers["primary.start"]({ port: started.port });
      await until(async () => (await peer.handlers["primary.status"]()).unreconciled === 0, 10_000);
      expect(await peer.handlers["primary.status"]()).toMatchObject({ reachable: true, lastError: null });
      // The primary knows the guest is in, by the peer's lone scan.
      expect(await primary.core["desk.check"]({ guestId })).toMatchObject({
        result: "already_checked_in",
        previous: { desk: "Door B" },
      });
    } finally {
      await primary.handlers.close();
      await peer.handlers.close();
      primary.core.close();
      peer.core.close();
    }
  });

  it("answers alone without asking a primary that failed until the wait is over, and refuses to pair twice over", async () => {
    const { primary, peer } = twoDesks({ probeIntervalMs: 0 });
    try {
      const started = await primary.handlers["primary.start"]({ port: 0 });
      await expect(primary.handlers["primary.connect"]("127.0.0.1:1", "123456")).rejects.toMatchObject({
        code: "primary_running",
      });
      expect(await peer.handlers["primary.connect"]("https://127.0.0.1:1", "123456")).toMatchObject({
        ok: false,
        reason: "invalid_address",
      });
      expect(await peer.handlers["primary.connect"]("127.0.0.1:1", "123456")).toMatchObject({
        ok: false,
        reason: "unreachable",
        status: { role: "none" },
      });
      const connected = await peer.handlers["primary.connect"](`http://127.0.0.1:${started.port}`, started.pairingCode);
      expect(connected.ok).toBe(true);
      await primary.handlers["primary.stop"]();
      expect((await peer.core["desk.check"]({ guestId: peer.guestIds[0]! })).result).toBe("ok");
      await primary.handlers["primary.start"]({ port: started.port });
      // Within primaryRetryMs of the failure: still alone (the primary has not seen the earlier scan).
      expect((await peer.core["desk.check"]({ guestId: peer.guestIds[1]! })).result).toBe("ok");
      expect(await peer.handlers["primary.status"]()).toMatchObject({ reachable: false, unreconciled: 2 });
      expect((await primary.core["desk.check"]({ guestId: peer.guestIds[1]! })).result).toBe("ok");
    } finally {
      await primary.handlers.close();
      await peer.handlers.close();
      primary.core.close();
      peer.core.close();
    }
  });

  it("lets each guest in once when two peers scan the same guests at the same time", async () => {
    const { primary, peer, open } = twoDesks({ probeIntervalMs: 0, guests: 30 });
    const other = open("Door C");
    const desks = [primary, peer, other];
    try {
      const started = await primary.handlers["primary.start"]({ port: 0 });
      for (const desk of [peer, other])
        expect((await desk.handlers["primary.connect"](`127.0.0.1:${started.port}`, started.pairingCode)).ok).toBe(
          true,
        );
      const scanAll = async (desk: typeof peer) => {
        const results = [];
        for (const guestId of peer.guestIds) results.push((await desk.core["desk.check"]({ guestId })).result);
        return results;
      };
      const [atB, atC] = await Promise.all([scanAll(peer), scanAll(other)]);
      for (const [index, guestId] of peer.guestIds.entries())
        expect([atB[index], atC[index]].sort(), guestId).toEqual(["already_checked_in", "ok"]);
      expect((await peer.handlers["primary.status"]()).reachable).toBe(true);
    } finally {
      for (const desk of desks) {
        await desk.handlers.close();
        desk.core.close();
      }
    }
  });

  it("sends a lone scan the primary's schema would refuse as it can (no code), rather than holding back the others", async () => {
    const { primary, peer } = twoDesks({ probeIntervalMs: 0, primaryRetryMs: 0 });
    try {
      const started = await primary.handlers["primary.start"]({ port: 0 });
      expect((await peer.handlers["primary.connect"](`127.0.0.1:${started.port}`, started.pairingCode)).ok).toBe(true);
      await primary.handlers["primary.stop"]();
      expect((await peer.core["desk.check"]({ code: "T1.\u0000" })).result).toBe("unknown");
      expect((await peer.core["desk.check"]({ guestId: peer.guestIds[0]! })).result).toBe("ok");
      await primary.handlers["primary.start"]({ port: started.port });
      expect((await peer.core["desk.check"]({ guestId: peer.guestIds[1]! })).result).toBe("ok");
      expect(await peer.handlers["primary.status"]()).toMatchObject({ reachable: true, unreconciled: 0 });
      expect((await primary.core["desk.check"]({ guestId: peer.guestIds[0]! })).result).toBe("already_checked_in");
    } finally {
      await primary.handlers.close();
      await peer.handlers.close();
      primary.core.close();
      peer.core.close();
    }
  });

  it("a primary not stopped starts again on its port when the app restarts, its peers going on without pairing again", async () => {
    const { primary, peer, open } = twoDesks({ probeIntervalMs: 0, primaryRetryMs: 0 });
    let restarted: ReturnType<typeof open> | null = null;
    try {
      // Nothing to resume on a desk that was never the primary.
      expect(await primary.handlers.resume()).toBeNull();
      const started = await primary.handlers["primary.start"]({ port: 0 });
      expect((await peer.handlers["primary.connect"](`127.0.0.1:${started.port}`, started.pairingCode)).ok).toBe(true);
      expect((await peer.core["desk.check"]({ guestId: peer.guestIds[0]! })).result).toBe("ok");

      // The primary's app quits and starts again.
      await primary.handlers.close();
      primary.core.close();
      restarted = open("Door A", true);
      const resumed = await restarted.handlers.resume();
      expect(resumed?.port).toBe(started.port);
      expect(await peer.core["desk.check"]({ guestId: peer.guestIds[0]! })).toMatchObject({
        result: "already_checked_in",
        previous: { desk: "Door B" },
      });
      expect(await peer.handlers["primary.status"]()).toMatchObject({ reachable: true, lastError: null });
      expect(await restarted.handlers["primary.status"]()).toMatchObject({ role: "primary", peers: 1 });

      // Stopped on purpose: not resumed next time.
      await restarted.handlers["primary.stop"]();
      expect(await restarted.handlers.resume()).toBeNull();
    } finally {
      await peer.handlers.close();
      peer.core.close();
      if (restarted) {
        await restarted.handlers.close();
        restarted.core.close();
      } else {
        await primary.handlers.close();
        primary.core.close();
      }
    }
  });
});
