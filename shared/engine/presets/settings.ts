/**
 * A preset's settings as the client shows them (the home page copies nothing by hand),
 * read from the valibot schema itself: a strict object whose entries are optional booleans, picklists
 * and integer numbers with min/max actions. Anything else is refused loudly when the preset is listed.
 */
import type { SettingDescriptor } from "../types.ts";

interface Node {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  default?: unknown;
  options?: Array<string | number>;
  pipe?: Array<{ type: string; requirement?: unknown }>;
}

export function describeSettings(schema: unknown): SettingDescriptor[] {
  const root = schema as Node;
  if (!root.entries) throw new Error("settings schema must be an object");
  const out: SettingDescriptor[] = [];
  for (const [key, raw] of Object.entries(root.entries)) {
    const optional = raw.type === "optional" ? raw : null;
    const inner = optional?.wrapped ?? raw;
    const def = optional?.default;
    const label = `setting.${key}`;
    if (inner.type === "boolean") out.push({ key, kind: "boolean", default: def === true, label });
    else if (inner.type === "picklist") out.push({ key, kind: "choice", values: (inner.options ?? []).slice(), default: (def as string | number | undefined) ?? null, label });
    else if (inner.type === "number") {
      const req = (t: string) => inner.pipe?.find((a) => a.type === t)?.requirement as number | undefined;
      const min = req("min_value");
      const max = req("max_value");
      if (min === undefined || max === undefined || typeof def !== "number") throw new Error(`setting ${key}: a number needs min, max and a default`);
      out.push({ key, kind: "integer", min, max, default: def, label });
    } else throw new Error(`setting ${key}: unsupported schema ${inner.type}`);
  }
  return out;
}
