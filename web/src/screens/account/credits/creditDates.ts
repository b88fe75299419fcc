/** A day of the API (YYYY-MM-DD, a credit pack's last day) as the user reads dates in their language. */
export function formatCreditDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}
