import type { ErrorCode, ValidationIssue } from "@tessera/shared";

/**
 * A failure the caller should see. The message comes from the errors catalogue (in the request's
 * language) through the error middleware; `params` fills its placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly options: {
      params?: Record<string, unknown>;
      /** Placeholders filled with another message of the errors catalogue (e.g. a reason), in the caller's language. */
      translatedParams?: Record<string, string>;
      issues?: ValidationIssue[];
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = "AppError";
  }

  static notFound(): AppError {
    return new AppError("not_found", 404);
  }
  static forbidden(): AppError {
    return new AppError("forbidden", 403);
  }
  static unauthenticated(): AppError {
    return new AppError("unauthenticated", 401);
  }
  static invalid(issues: ValidationIssue[]): AppError {
    return new AppError("invalid_input", 422, { issues });
  }
}
