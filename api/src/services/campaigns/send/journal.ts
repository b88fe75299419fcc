import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { Knex } from "../../../db/knex.ts";
import { markAccepted } from "./ledger.ts";

/*
 * The sender's journal of accepted messages (issue 15 item 5: a kill mid-send resumes with no recipient twice).
 * The ledger marks a recipient sent in a transaction after the mail server's "250 OK"; a process killed between
 * the two would leave it `sending`, and the resumed send would mail it again. So the moment the server accepts a
 * message, before anything else, a line naming it is written to a local file (a write(2): the kernel keeps it
 * whatever happens to the process). A sender that takes up a campaign first settles every journal of this
 * machine: what they name is marked sent (it keeps its credit), and the journals of processes no longer alive are
 * deleted. Left: the instant between the server's answer reaching the socket and that write, and a crash of the
 * whole machine (the file is not fsynced) or a resume on another machine, where the message is sent again.
 */

const ROTATE_BYTES = 1024 * 1024;

interface JournalFile {
  name: string;
  fd: number;
  bytes: number;
  /** Lines written whose ledger commit has not landed yet. */
  open: number;
}

export interface SendJournal {
  /** Notes an accepted message; returns the function to call once its ledger row is committed. */
  accepted(campaignId: string, recipientId: string, messageId: string): () => void;
  close(): void;
}

const journalDir = (varDir: string) => path.join(varDir, "campaign-sends");

export function openSendJournal(varDir: string): SendJournal {
  const dir = journalDir(varDir);
  mkdirSync(dir, { recursive: true });
  const fresh = (): JournalFile => {
    const name = path.join(dir, `${process.pid}-${randomBytes(4).toString("hex")}.log`);
    return { name, fd: openSync(name, "a"), bytes: 0, open: 0 };
  };
  let current = fresh();
  const retire = (file: JournalFile) => {
    if (file === current || file.open > 0) return;
    closeSync(file.fd);
    rmSync(file.name, { force: true });
  };
  return {
    accepted(campaignId, recipientId, messageId) {
      const file = current;
      const line = `${campaignId} ${recipientId} ${messageId}\n`;
      writeSync(file.fd, line);
      file.bytes += line.length;
      file.open += 1;
      if (file.bytes > ROTATE_BYTES) current = fresh();
      return () => {
        file.open -= 1;
        retire(file);
      };
    },
    close() {
      if (current.open === 0) {
        closeSync(current.fd);
        rmSync(current.name, { force: true });
      }
    },
  };
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Marks sent what the journals of this machine say the mail server accepted (still `sending` in the ledger), and
 * deletes the journals of dead processes. Returns how many recipients it settled.
 */
export async function settleJournals(db: Knex, varDir: string, now: Date): Promise<number> {
  const dir = journalDir(varDir);
  if (!existsSync(dir)) return 0;
  let settled = 0;
  for (const entry of readdirSync(dir)) {
    if (!entry.endsWith(".log")) continue;
    const file = path.join(dir, entry);
    const pid = Number(entry.split("-")[0]);
    const dead = !isAlive(pid);
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const [, recipientId, messageId] = line.split(" ");
      if (!recipientId || !messageId) continue;
      if (await markAccepted(db, { id: recipientId, guestId: null }, messageId, now)) settled += 1;
    }
    if (dead) rmSync(file, { force: true });
  }
  return settled;
}
