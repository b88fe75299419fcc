import { AppError } from "../../../errors.ts";

/**
 * Refused while the file streams in: more records than `maxRows` rows and a header line can be, so the
 * refusal says "more than" rather than a count nobody read to the end.
 */
export const tooManyRows = (maxRows: number) => new AppError("import_too_many_rows", 422, { params: { max: maxRows } });

export const malformedFile = (line: number) => new AppError("import_malformed_file", 422, { params: { line } });

export const unreadableWorkbook = () => new AppError("import_unreadable_workbook", 422);

/** The most records a file may hold: `maxRows` rows under a header line (whether it has one is told last). */
export const mostRecords = (maxRows: number) => maxRows + 1;
