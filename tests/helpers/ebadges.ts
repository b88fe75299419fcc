import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { HttpClient } from "./http.ts";

const run = promisify(execFile);

/** A PDF answer's bytes, fetched with the client's credentials. */
export async function fetchPdf(
  client: HttpClient,
  url: string,
): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await fetch(client.baseUrl + url, { headers: client.authHeaders() });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A PDF answer to a JSON POST (the badge editor's preview), sent with the client's credentials. */
export async function postPdf(
  client: HttpClient,
  url: string,
  body: unknown,
  lang = "en",
): Promise<{ status: number; type: string; bytes: Buffer; json: unknown }> {
  const response = await fetch(client.baseUrl + url, {
    method: "POST",
    headers: { ...client.authHeaders(), "Content-Type": "application/json", "Accept-Language": lang },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type,
    bytes,
    json: type.startsWith("application/json") ? (JSON.parse(bytes.toString("utf8")) as unknown) : null,
  };
}

async function withPdfFile<T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "badge-"));
  try {
    const file = path.join(dir, "badge.pdf");
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What poppler's pdfinfo says: pages and the first page's size in points. */
export function pdfInfo(pdf: Buffer): Promise<{ pages: number; width: number; height: number }> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run("pdfinfo", [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(stdout)![1]);
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout)!;
    return { pages, width: Number(width), height: Number(height) };
  });
}

/** The text poppler reads from the PDF (every page). */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run("pdftotext", ["-layout", file, "-"])).stdout);
}

/** The first page rasterised by pdftoppm as a PNG (`dpi` dots per inch). */
export function rasterise(pdf: Buffer, dpi = 150): Promise<Buffer> {
  return withPdfFile(pdf, async (file, dir) => {
    await run("pdftoppm", ["-png", "-r", String(dpi), "-f", "1", "-l", "1", file, path.join(dir, "page")]);
    const png = (await readdir(dir)).find((name) => name.endsWith(".png"))!;
    return readFile(path.join(dir, png));
  });
}

/**
 * The first page (A4 portrait) cut into `columns` × `rows` equal cells, each rasterised by pdftoppm apart:
 * a reader given one badge of a sheet at a time reads each code, where one image of eight sometimes loses one.
 */
export function rasteriseCells(pdf: Buffer, dpi: number, columns: number, rows: number): Promise<Buffer[]> {
  const width = Math.floor(((210 / 25.4) * dpi) / columns);
  const height = Math.floor(((297 / 25.4) * dpi) / rows);
  return withPdfFile(pdf, async (file, dir) => {
    const cells: Buffer[] = [];
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const name = `cell-${row}-${column}`;
        const crop = [
          "-x",
          String(column * width),
          "-y",
          String(row * height),
          "-W",
          String(width),
          "-H",
          String(height),
        ];
        await run("pdftoppm", [
          "-png",
          "-singlefile",
          "-r",
          String(dpi),
          "-f",
          "1",
          "-l",
          "1",
          ...crop,
          file,
          path.join(dir, name),
        ]);
        cells.push(await readFile(path.join(dir, `${name}.png`)));
      }
    }
    return cells;
  });
}

/** The QR codes zbarimg reads in a PNG ([] when none). */
export async function readQrCodes(png: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "qr-"));
  try {
    const file = path.join(dir, "page.png");
    await writeFile(file, png);
    const { stdout } = await run("zbarimg", ["--quiet", "--raw", file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? "",
    }));
    return stdout.split("\n").filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
