import { randomBytes } from "node:crypto";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { Guest } from "../../../models/Guest.ts";
import { resolveExportColumns } from "./columns.ts";
import { csvFile } from "./csv.ts";
import { xlsxFile } from "./xlsx.ts";

/** Enough slices that a file written without waiting for its reader would be several times what the buffers hold. */
const SLICES = 400;
const ROWS = 50;

interface Counter {
  pulled: number;
  /** Whether the slices were let go of (their query loop ended). */
  closed?: boolean;
}

/** Slices of guests with text that barely compresses (so the file outgrows every buffer), a turn before each. */
function guestSlices(counter: Counter): AsyncIterable<Guest[]> {
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (let slice = 0; slice < SLICES; slice++) {
          await nextTurn();
          counter.pulled++;
          yield Array.from({ length: ROWS }, (_, row) => {
            const n = slice * ROWS + row;
            return { firstName: `F${n}`, lastName: randomBytes(24).toString("hex"), email: `g${n}@example.com` };
          }) as unknown as Guest[];
        }
      } finally {
        counter.closed = true;
      }
    },
  };
}

/**
 * A client that takes the first chunk and then nothing until released (the way a socket stops taking what
 * its peer does not read); released, it takes everything and gives the whole file.
 */
function stalledClient(file: Readable) {
  const chunks: Buffer[] = [];
  let waiting: (() => void) | undefined;
  let released = false;
  const client = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      if (released || chunks.length === 1) done();
      else waiting = done;
    },
  });
  const finished = pipeline(file, client);
  return {
    async release(): Promise<Buffer> {
      released = true;
      waiting?.();
      await finished;
      return Buffer.concat(chunks);
    },
  };
}

/** Turns of the event loop (and of the thread pool's deflate) until `pulled` stops moving. */
async function settled(counter: Counter): Promise<number> {
  let seen = -1;
  let still = 0;
  while (still < 20) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    still = counter.pulled === seen ? still + 1 : 0;
    seen = counter.pulled;
  }
  return seen;
}

/*
 * The export's files are written as the client takes them (constant memory whatever the client's pace):
 * they ask for the next slice of guests only once what is written has gone.
 */
const columns = resolveExportColumns("firstName,lastName,email", [], "en");

describe("csvFile", () => {
  it("reads no further while nobody reads the file, and all of it once read", async () => {
    const counter: Counter = { pulled: 0 };
    const client = stalledClient(csvFile(columns, ";", guestSlices(counter), () => {}));

    expect(await settled(counter)).toBeLessThan(10); // what the buffers between hold: a few slices

    const text = (await client.release()).toString("utf8");
    expect(counter.pulled).toBe(SLICES);
    const rows = parse(text.slice(1), { delimiter: ";" }) as string[][];
    expect(rows).toHaveLength(1 + SLICES * ROWS);
    expect(rows[0]).toEqual(["First name", "Last name", "Email"]);
    expect(rows.at(-1)![2]).toBe(`g${SLICES * ROWS - 1}@example.com`);
  });
});

describe("xlsxFile", () => {
  it("writes no further while nobody reads the file, and all of it once read", { timeout: 20_000 }, async () => {
    const counter: Counter = { pulled: 0 };
    const errors: unknown[] = [];
    const client = stalledClient(xlsxFile(columns, guestSlices(counter), (error) => errors.push(error)));

    // What the zip's and the deflate's buffers hold: about 60 slices here (a bound of its own, not a share of the
    // file: it must not grow with the file), up to some more when the machine is loaded (64 seen in CI).
    expect(await settled(counter)).toBeLessThan(SLICES / 4);

    const bytes = await client.release();
    expect(counter.pulled).toBe(SLICES);
    expect(errors).toEqual([]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Guests")!;
    expect(sheet.rowCount).toBe(1 + SLICES * ROWS);
    expect(sheet.getRow(1).getCell(1).value).toBe("First name");
    expect(sheet.getRow(1 + SLICES * ROWS).getCell(3).value).toBe(`g${SLICES * ROWS - 1}@example.com`);
  });
});

type OnError = (error: unknown) => void;

describe.each([
  ["csvFile", (slices: AsyncIterable<Guest[]>, onError: OnError = () => {}) => csvFile(columns, ";", slices, onError)],
  ["xlsxFile", (slices: AsyncIterable<Guest[]>, onError: OnError = () => {}) => xlsxFile(columns, slices, onError)],
])("%s", (_name, file) => {
  it("asks for no further guests once the client has gone", async () => {
    const counter: Counter = { pulled: 0 };
    const body = file(guestSlices(counter));
    body.resume();
    while (counter.pulled < 3) await nextTurn();
    body.destroy(); // what the server does with the body when the client disconnects
    const pulled = await settled(counter);
    expect(pulled).toBeLessThan(SLICES / 2);
    expect(counter.closed).toBe(true);
  });

  it("ends the file with the error of a failure after its first bytes, and reports it", async () => {
    const failure = new Error("the database went away");
    const reported: unknown[] = [];
    const failing: AsyncIterable<Guest[]> = {
      async *[Symbol.asyncIterator]() {
        yield [{ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }] as unknown as Guest[];
        throw failure;
      },
    };
    const body = file(failing, (error) => reported.push(error));
    await expect(pipeline(body, new Writable({ write: (_chunk, _encoding, done) => done() }))).rejects.toBe(failure);
    expect(reported).toEqual([failure]);
  });
});
