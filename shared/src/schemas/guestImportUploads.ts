import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid } from "./common.ts";

/** The most bytes one chunk of a chunked import upload may carry. */
export const IMPORT_CHUNK_MAX_BYTES = 8 * 1024 * 1024;

/** How long an upload left untouched is kept (ms): a day, then it expires. */
export const IMPORT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** API contracts of the chunked upload of a guest file (published in the OpenAPI document). */
export const ImportUploadStartBody = Type.Object(
  {
    fileName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    size: Type.Integer({ minimum: 1, description: "the file's bytes, all of which must arrive before it completes" }),
    hasHeaders: Type.Optional(Type.Boolean({ description: "whether the first line holds the headers (default true)" })),
  },
  { additionalProperties: false },
);
export type ImportUploadStartBody = Static<typeof ImportUploadStartBody>;

export const ImportUploadChunkQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, description: "where the chunk starts in the file: the bytes received so far" }),
});

export const ImportUploadSchema = Type.Object({
  id: Uuid,
  fileName: Nullable(Type.String()),
  size: Type.Integer(),
  received: Type.Integer({ description: "the bytes received so far: the offset of the next chunk" }),
  importId: Nullable(Uuid),
  expiresAt: Timestamp,
});
export type ImportUploadJson = Static<typeof ImportUploadSchema>;

export const ImportUploadResult = Type.Object({ upload: ImportUploadSchema });
export type ImportUploadResult = Static<typeof ImportUploadResult>;
