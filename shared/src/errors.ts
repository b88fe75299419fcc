import type enErrors from "./i18n/en/errors.json";

type CatalogueKey = keyof typeof enErrors;
/** Every error code the API can answer with; each has a message in the errors catalogue. */
export type ErrorCode = CatalogueKey extends infer K
  ? K extends `${infer Base}_${"one" | "other"}`
    ? Base
    : K
  : never;

export interface ErrorDetail {
  field: string;
  code: string;
  message: string;
}

/** The JSON body of every error the API answers with. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: ErrorDetail[] | Record<string, unknown>;
    requestId?: string;
  };
}
