/** A Mantine NumberInput's value as a number, or null when the field is empty. */
export const numberOrNull = (value: string | number): number | null => (typeof value === "number" ? value : null);
