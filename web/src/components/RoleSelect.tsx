import { Select, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Role } from "@tessera/shared/permissions";

interface RoleSelectProps<R extends Role> extends Omit<SelectProps, "data" | "value" | "onChange"> {
  roles: readonly R[];
  value: R;
  onChange: (role: R) => void;
}

export function RoleSelect<R extends Role>({ roles, value, onChange, ...props }: RoleSelectProps<R>) {
  const { t } = useTranslation("web");
  return (
    <Select
      {...props}
      data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      value={value}
      onChange={(selected) => selected && onChange(selected as R)}
      allowDeselect={false}
    />
  );
}
