/**
 * A schema may name its own validation message key (in the "validation" catalogue). Kept apart from
 * validation.ts so that the schemas (and the contracts the browser loads) never pull in ajv.
 */
export const MESSAGE_KEYWORD = "x-message";
