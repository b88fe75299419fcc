/** Whether a comma-joined `expand` query parameter (e.g. "members,access") names `part`. */
export function expands(expand: string | undefined, part: string): boolean {
  return (expand ?? "").split(",").some((item) => item.trim() === part);
}
