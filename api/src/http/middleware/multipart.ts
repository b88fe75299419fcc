import busboy from "busboy";
import type { ValidationIssue } from "@tessera/shared";
import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";

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
 * Reads a multipart/form-data body with at most one file, streaming: the file is counted as it
 * arrives and refused as soon as it passes the limit, so an oversized upload is never held whole
 * in memory. A declared Content-Length beyond the limit is refused before a byte is read.
 */
export async function readMultipart(ctx: ApiContext, limits: MultipartLimits): Promise<MultipartForm> {
  const parser = createMultipartParser(ctx, limits);

  return new Promise<MultipartForm>((resolve, reject) => {
    const fields = new Map<string, string>(); // a Map: a field named __proto__ stays a plain field
    let file: MultipartFile | null = null;
    let settled = false;

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // Stop parsing; the rest of the body is read and dropped (never kept) so the answer can go out.
      ctx.req.unpipe(parser);
      parser.removeAllListeners();
      parser.on("error", () => undefined);
      ctx.req.resume();
      reject(error);
    };

    parser.on("file", (name, stream, info) => {
      if (name !== limits.fileField) {
        stream.resume();
        return fail(invalid(name, "unknown_field"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on("limit", () => fail(new AppError("file_too_big", 413)));
      stream.on("end", () => {
        if (settled || stream.truncated) return;
        file = { fileName: info.filename ?? null, declaredType: info.mimeType, bytes: Buffer.concat(chunks, size) };
      });
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(invalid(name, "invalid_value"));
      fields.set(name, value);
    });
    parser.on("filesLimit", () => fail(invalid(limits.fileField, "invalid_value")));
    parser.on("fieldsLimit", () => fail(invalid("", "invalid_value")));
    parser.on("partsLimit", () => fail(invalid("", "invalid_value")));
    parser.on("error", () => fail(invalid("", "invalid_value")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields: Object.fromEntries(fields), file });
    });
    ctx.req.on("aborted", () => fail(invalid("", "invalid_value")));
    ctx.req.pipe(parser);
  });
}
