import { Type } from "@sinclair/typebox";

export const HealthResponse = Type.Object({ status: Type.Literal("ok"), database: Type.String() });

/** The OpenAPI document: a JSON object (its shape is OpenAPI 3.1's own). */
export const OpenApiDocumentSchema = Type.Record(Type.String(), Type.Unknown());
