/** The text without its accents and other combining marks: "Élodie" → "Elodie". */
export function withoutAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** A person's name as lists show it: first and last name, whichever are given; null when neither is. */
export function personName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  return [firstName, lastName].filter(Boolean).join(" ") || null;
}
