export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&+/-";

/** The password rule of spec §5: 12+ characters with lowercase, uppercase, digit and a special character. */
export const PASSWORD_PATTERN = "^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!@#$%^&+/\\-]).{12,}$";

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    [...PASSWORD_SPECIAL_CHARACTERS].some((c) => password.includes(c))
  );
}

export type PasswordProblem = "password_rule" | "passwords_do_not_match";

/** The validation message key for a new password and its confirmation, or null when both are fine. */
export function passwordProblem(password: string, confirmation: string): PasswordProblem | null {
  if (!isStrongPassword(password)) return "password_rule";
  if (password !== confirmation) return "passwords_do_not_match";
  return null;
}
