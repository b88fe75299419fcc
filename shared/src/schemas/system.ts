import { Type, type Static } from "@sinclair/typebox";

export const HealthResponse = Type.Object({ status: Type.Literal("ok"), database: Type.String() });

/** The OpenAPI document: a JSON object (its shape is OpenAPI 3.1's own). */
export const OpenApiDocumentSchema = Type.Record(Type.String(), Type.Unknown());

/** A crash of the web app, reported by the error page (the reference it shows is the answer's). */
export const ClientErrorReport = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 4000 }),
    stack: Type.Optional(Type.String({ maxLength: 20000 })),
    path: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;
export const ClientErrorReference = Type.Object({ reference: Type.String() });
