/** The text without its accents and other combining marks: "Élodie" → "Elodie". */
export function withoutAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}
