import type { Readable } from "node:stream";
import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";
import { createMultipartParser, invalid, type MultipartLimits } from "./multipart.ts";

/** The one file of a multipart body as it arrives. */
export interface MultipartFileStream {
  fileName: string | null;
  /** What the client claimed; never trusted for the type. */
  declaredType: string;
  /** Its bytes; past the limit the stream fails with 413 file_too_big. */
  stream: Readable;
}

export interface StreamedMultipartForm<T> {
  fields: Record<string, string>;
  /** What `receive` made of the file; null when the form had none. */
  file: T | null;
}

/**
 * Reads a multipart/form-data body whose one file is handed to `receive` as it arrives, never held in
 * memory here: `receive` stores it as it likes. Resolves once the whole form is read and `receive` is
 * done (fields may follow the file). When the form fails (too big, malformed, aborted) or `receive` does,
 * the rest of the body is read and dropped, and the failure is thrown once `receive` has settled, so
 * whatever it stored is cleaned up before the answer goes out.
 */
export async function readMultipartStream<T>(
  ctx: ApiContext,
  limits: MultipartLimits,
  receive: (file: MultipartFileStream) => Promise<T>,
): Promise<StreamedMultipartForm<T>> {
  const parser = createMultipartParser(ctx, limits);

  return new Promise<StreamedMultipartForm<T>>((resolve, reject) => {
    const fields = new Map<string, string>(); // a Map: a field named __proto__ stays a plain field
    let fileStream: Readable | null = null;
    let receiving: Promise<void> | null = null;
    let file: T | null = null;
    let failure: { error: unknown } | null = null;
    let isSettling = false;

    const settle = () => {
      if (isSettling) return;
      isSettling = true;
      void (receiving ?? Promise.resolve()).then(() =>
        failure ? reject(failure.error) : resolve({ fields: Object.fromEntries(fields), file }),
      );
    };

    const fail = (error: unknown) => {
      if (failure) return;
      failure = { error };
      // Stop parsing; the rest of the body is read and dropped (never kept) so the answer can go out.
      ctx.req.unpipe(parser);
      parser.removeAllListeners();
      parser.on("error", () => undefined);
      ctx.req.resume();
      if (fileStream && !fileStream.destroyed) fileStream.destroy(error instanceof Error ? error : undefined);
      settle();
    };

    parser.on("file", (name, stream, info) => {
      if (name !== limits.fileField) {
        stream.resume();
        return fail(invalid(name, "unknown_field"));
      }
      fileStream = stream;
      stream.on("limit", () => fail(new AppError("file_too_big", 413)));
      receiving = receive({ fileName: info.filename ?? null, declaredType: info.mimeType, stream }).then(
        (received) => {
          file = received;
          stream.resume(); // what `receive` left unread, so the form can end
        },
        (error: unknown) => {
          // The parser failing destroys the file stream with its own error: that is the form's fault.
          const isFormError = !(error instanceof AppError) && stream.errored === error;
          fail(isFormError ? invalid("", "invalid_value") : error);
        },
      );
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(invalid(name, "invalid_value"));
      fields.set(name, value);
    });
    parser.on("filesLimit", () => fail(invalid(limits.fileField, "invalid_value")));
    parser.on("fieldsLimit", () => fail(invalid("", "invalid_value")));
    parser.on("partsLimit", () => fail(invalid("", "invalid_value")));
    parser.on("error", () => fail(invalid("", "invalid_value")));
    parser.on("close", settle);
    ctx.req.on("aborted", () => fail(invalid("", "invalid_value")));
    ctx.req.pipe(parser);
  });
}
