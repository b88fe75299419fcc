import { Type, type Static } from "@sinclair/typebox";
import { LanguageSchema, NewPassword, PersonName } from "./common.ts";

export const ProfileUpdate = Type.Object(
  {
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    language: Type.Optional(LanguageSchema),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
    password: NewPassword,
    confirmation: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;
