import { buffer } from "node:stream/consumers";
import busboy from "busboy";
import type { ValidationIssue } from "@tessera/shared";
import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";
import { readMultipartStream } from "./multipartStream.ts";

export interface MultipartFile {
  fileName: string | null;
  /** What the client claimed; never trusted for the type. */
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

export interface MultipartLimits {
  /** Name of the one file field accepted. */
  fileField: string;
  /** Largest file; beyond it the upload is refused while streaming (413 file_too_big). */
  maxFileBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/** Room for the multipart boundaries, part headers and small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export function isMultipart(ctx: ApiContext): boolean {
  return Boolean(ctx.is("multipart/form-data"));
}

export const invalid = (field: string, code: string): AppError =>
  AppError.invalid([{ field, code } as ValidationIssue]);

/**
 * A busboy parser for a body with at most one file, its limits set; a declared Content-Length beyond the
 * limit is refused before a byte is read (413 file_too_big).
 */
export function createMultipartParser(ctx: ApiContext, limits: MultipartLimits): busboy.Busboy {
  const declared = Number(ctx.get("Content-Length") || 0);
  if (declared > limits.maxFileBytes + ENVELOPE_BYTES) throw new AppError("file_too_big", 413);
  try {
    return busboy({
      headers: ctx.req.headers,
      // Browsers send a file's name as UTF-8 bytes (invités.csv), not busboy's default Latin-1.
      defParamCharset: "utf8",
      limits: {
        files: 1,
        // busboy reports "limit" when a file reaches fileSize: one byte more means "beyond the maximum".
        fileSize: limits.maxFileBytes + 1,
        fields: limits.maxFields ?? 10,
        fieldSize: limits.maxFieldBytes ?? 4096,
        parts: (limits.maxFields ?? 10) + 1,
        headerPairs: 20,
      },
    });
  } catch {
    throw invalid("", "invalid_value"); // no or malformed boundary
  }
}

/**
 * Reads a multipart/form-data body with at most one file, held in memory once it has arrived whole: the
 * streaming reader (multipartStream.ts) with a receiver that gathers the bytes, so the file is counted as
 * it arrives and refused as soon as it passes the limit; a declared Content-Length beyond the limit is
 * refused before a byte is read.
 */
export async function readMultipart(ctx: ApiContext, limits: MultipartLimits): Promise<MultipartForm> {
  return readMultipartStream(ctx, limits, async ({ fileName, declaredType, stream }) => ({
    fileName,
    declaredType,
    bytes: await buffer(stream),
  }));
}
