const HTTP_LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Characters that end a sentence around a link rather than belong to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** The absolute http(s) links of a plain-text body, in order of appearance. */
export function linksInText(text: string): string[] {
  return [...text.matchAll(HTTP_LINK)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ""));
}
