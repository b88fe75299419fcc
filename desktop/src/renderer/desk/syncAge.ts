/** "2 minutes ago", in the language, from a duration: seconds under a minute, then minutes, hours, days. */
export function syncAgeText(ageMs: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  if (seconds < 60) return format.format(-seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, "hour");
  return format.format(-Math.floor(hours / 24), "day");
}
