import { withoutAccents } from "@tessera/shared";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "../../errors.ts";

/**
 * Passwords the spec's rule (shared/rules/password.ts) lets through but an attacker tries first (ASVS
 * 6.2.11, 6.2.12): those of breach lists, also dressed up to pass the rule ("Password123!": a listed word
 * between digits and symbols, letters written as digits), and those containing the user's own address or
 * name, or the product's. The list is zxcvbn-ts' ranked common passwords, read offline.
 */
const COMMON = new Set<string>(dictionary["passwords-common"] as string[]);

/** The words the product itself puts in front of its users. */
const PRODUCT_WORDS = ["tessera"];

/** Letters people write as digits or symbols to satisfy a rule. */
const LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

/** Lower case, without accents: "Hélène" and "helene" are the same word to a guesser. */
function folded(text: string): string {
  return withoutAccents(text).toLowerCase();
}

/** The text with lookalikes read as the letters they stand for ("m4rie" as "marie"). */
function readLookalikes(text: string): string {
  return text.replace(/[013457@$]/g, (character) => LOOKALIKES[character]!);
}

/** The word a dressed-up password is made of: digits and symbols around it dropped, lookalikes read as letters. */
function coreWord(lower: string): string {
  return readLookalikes(lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
}

export function isCommonPassword(password: string): boolean {
  const lower = folded(password);
  if (COMMON.has(lower)) return true;
  const core = coreWord(lower);
  return core.length >= 3 && COMMON.has(core);
}

/** The parts of an address and names a password must not contain (short ones would refuse too much). */
function personalWords(person: { email: string; firstName?: string | null; lastName?: string | null }): string[] {
  const local = person.email.split("@")[0] ?? "";
  const words = [person.email, local, ...local.split(/[._+-]/), person.firstName ?? "", person.lastName ?? ""];
  return [...words.map(folded), ...PRODUCT_WORDS].filter((word) => word.length >= 3);
}

export function containsPersonalWords(
  password: string,
  person: { email: string; firstName?: string | null; lastName?: string | null },
): boolean {
  const lower = folded(password);
  const read = readLookalikes(lower);
  return personalWords(person).some((word) => lower.includes(word) || read.includes(word));
}

/** 422 on `field` when the password is common or personal, with a message that says which. */
export function refuseWeakPassword(
  password: string,
  person: { email: string; firstName?: string | null; lastName?: string | null },
  field = "password",
): void {
  if (isCommonPassword(password)) throw AppError.invalid([{ field, code: "password_common" }]);
  if (containsPersonalWords(password, person)) throw AppError.invalid([{ field, code: "password_personal" }]);
}
