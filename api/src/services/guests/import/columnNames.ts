/** A camelCase column name as the database spells it ("emailNormalized" → "email_normalized"). */
export const snakeColumn = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
