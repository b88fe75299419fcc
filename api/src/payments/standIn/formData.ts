/** A decoded Stripe request parameter: form bodies and query strings hold only strings, objects and arrays. */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Decodes a body or query string as the Stripe SDK encodes it ("a[b][c]=v", arrays as "a[0]=x&a[1]=y" or
 * "a[]=x"): the nested object Stripe's API reads. An object whose keys are exactly 0..n-1 becomes an array.
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new FormError(`Invalid parameter name: ${rawKey}`);
    const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormObject = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i]!;
      if (segment === "") segment = String(Object.keys(node).length);
      if (segment === "__proto__" || segment === "constructor" || segment === "prototype") {
        throw new FormError(`Invalid parameter name: ${rawKey}`);
      }
      if (i === segments.length - 1) {
        if (Object.hasOwn(node, segment)) throw new FormError(`Parameter given twice: ${rawKey}`);
        node[segment] = value;
      } else {
        const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
        if (next === undefined) {
          const child: FormObject = {};
          node[segment] = child;
          node = child;
        } else if (typeof next === "object" && !Array.isArray(next)) {
          node = next;
        } else {
          throw new FormError(`Invalid parameter: ${rawKey}`);
        }
      }
    }
  }
  return arraysIn(root) as FormObject;
}

export class FormError extends Error {}

function arraysIn(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysIn(value[key]!);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return keys.map((key) => converted[key]!);
  return converted;
}

/** The same parameters written the same way whatever their order: what an idempotency key is compared with. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key]!)}`)
    .join(",")}}`;
}
