import type { UseFormReturnType } from "@mantine/form";
import { useCallback, useState } from "react";

/**
 * The refusal shown above a form, for the values it refused: as soon as the user changes anything it no
 * longer describes what is on screen, and it goes (the fields' own messages go as each is edited).
 */
export function useFormFailure<Values>(
  form: UseFormReturnType<Values>,
): [string | null, (message: string | null) => void] {
  const [failure, setState] = useState<{ message: string; values: Values } | null>(null);
  const values = form.getValues();
  const setFailure = useCallback(
    (message: string | null) => setState(message === null ? null : { message, values: form.getValues() }),
    [form],
  );
  return [failure && failure.values === values ? failure.message : null, setFailure];
}
