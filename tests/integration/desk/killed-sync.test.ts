import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createDeskCore } from "../../../desktop/src/core/core.ts";
import { openLocalDb } from "../../../desktop/src/core/localDb.ts";
import { createScanQueue } from "../../../desktop/src/core/queue.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { useTestServer } from "../../helpers/suite.ts";

const child = fileURLToPath(new URL("../../helpers/deskSyncChild.ts", import.meta.url));

/**
 * Issue 13, item 4: a desk's process killed (SIGKILL, not an error it could handle) in the middle of a sync, at
 * the worst moment — the server has taken a batch, the desk has not recorded its answer — then started again:
 * every scan is on the server once, none is lost, none doubled, and the desk knows them all uploaded.
 */
describe.each(databaseKinds())("a desk killed in the middle of a sync on %s", (kind) => {
  const suite = useTestServer(kind);

  it("loses and doubles nothing once started again", async () => {
    const { db, event, checkin, accessCode } = await sessionWithAccessCode(suite.server);
    const guestIds = await buildGuests(db, event, 200, (index) => ({
      firstName: `Guest${index}`,
      status: "confirmed",
    }));
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "desk-killed-")), "desk.sqlite");
    const unreachable = "http://127.0.0.1:9"; // the discard port: nothing answers there
    const open = (serverUrl: string) =>
      createDeskCore({
        version: "test",
        platform: "linux",
        serverUrl,
        databaseFile,
        probeIntervalMs: 0,
        timeoutMs: 500,
      });

    const first = open(suite.server.baseUrl);
    await first["desk.signIn"](accessCode, "Door K");
    await first["desk.refresh"]();
    await first["desk.setServerUrl"](unreachable);
    for (const guestId of guestIds) expect((await first["desk.check"]({ guestId })).result).toBe("ok");
    first.close();

    // The sync in its own process, killed while it holds the third batch's answer.
    const syncing = spawn(process.execPath, ["--import", "tsx", child, databaseFile, suite.server.baseUrl, "3"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      syncing.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("held")) resolve();
      });
      syncing.once("exit", (code) => reject(new Error(`The syncing desk ended first (${code})`)));
    });
    const exited = new Promise((resolve) => syncing.once("exit", (_code, signal) => resolve(signal)));
    syncing.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const taken = await db("checkinScans").where({ checkinId: checkin.id }).count({ n: "*" }).first();
    expect(Number(taken!.n)).toBe(60); // three batches of 20: the third one's answer never reached the desk

    const restarted = open(suite.server.baseUrl);
    const synced = await restarted["desk.sync"]();
    expect(synced).toMatchObject({ uploaded: 160, repeated: 20, flagged: 0 });
    restarted.close();

    const scans = (await db("checkinScans").where({ checkinId: checkin.id }).select("scanId", "result", "flagged")) as {
      scanId: string;
      result: string;
      flagged: boolean | number;
    }[];
    const local = openLocalDb(databaseFile);
    const queue = createScanQueue(local);
    const localIds = queue.all().map((scan) => scan.scanId);
    expect(queue.pendingCount()).toBe(0);
    local.close();
    expect(scans).toHaveLength(200);
    expect(scans.map((scan) => scan.scanId).sort()).toEqual([...localIds].sort());
    expect(scans.every((scan) => scan.result === "ok" && !scan.flagged)).toBe(true);
    const entries = await db("checkinEntries").where({ checkinId: checkin.id }).count({ n: "*" }).first();
    expect(Number(entries!.n)).toBe(200);
  });
});
