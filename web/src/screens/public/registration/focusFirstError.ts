import type { GetInputPropsOptions, LooseKeys, UseFormReturnType } from "@mantine/form";

/** The attribute that names the form field (its path) an element of the form shows. */
export const FORM_PATH_ATTRIBUTE = "data-form-path";

const FOCUSABLE = "input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled])";

/**
 * Moves the focus to the first field (in the order the page shows them) of those named, so that keyboard
 * and screen reader users land where the first problem is. False when none of them is on the page.
 */
export function focusFirstError(container: HTMLElement | null, paths: readonly string[]): boolean {
  if (!container || !paths.length) return false;
  const wanted = new Set(paths);
  for (const element of container.querySelectorAll<HTMLElement>(`[${FORM_PATH_ATTRIBUTE}]`)) {
    if (!wanted.has(element.getAttribute(FORM_PATH_ATTRIBUTE) ?? "")) continue;
    // A block without an input of its own (a file question) carries tabindex="-1" to be focused itself.
    const target = element.matches(FOCUSABLE)
      ? element
      : (element.querySelector<HTMLElement>(FOCUSABLE) ?? (element.hasAttribute("tabindex") ? element : null));
    if (!target) continue;
    target.focus();
    return true;
  }
  return false;
}

/**
 * The props of a guest form's input: @mantine/form's (value, change, error) and the path that names it, for
 * `focusFirstError` to find it.
 */
export function formFieldProps<Values>(
  form: UseFormReturnType<Values>,
  path: LooseKeys<Values>,
  options?: GetInputPropsOptions,
) {
  return { [FORM_PATH_ATTRIBUTE]: path, ...form.getInputProps(path, options) };
}
