/**
 * No JSON body reaches a route with a prototype key in it (docs/PROTOCOL.md "Errors"): `__proto__`,
 * `constructor` or `prototype`, at any depth. Every route's schema is strict, but a record schema
 * (valibot's `record`) silently drops these keys, so a body could pass with one hidden inside, and
 * code that merges a body into an object (`Object.assign`, a spread) or walks it by its keys is one step
 * from changing a prototype. One check before every route, whatever route it is:
 *
 * - under `settings` (a table's or a tournament's preset settings): **400 `bad-settings`**, the issue's
 *   path naming the key (`settings.__proto__`) — as a table's settings schema refuses any unknown key;
 * - anywhere else: **400 `bad-request`**, the issue's path naming the key (`a.0.constructor`).
 *
 * A body that is not JSON is left to the route (its validator answers `bad-request`); a request that is
 * not JSON is already refused (csrf.ts), but a recording's audio upload, which is not read here.
 */
import type { MiddlewareHandler } from "hono";
import { apiError } from "../api/errors.ts";
import { isJsonType } from "./csrf.ts";

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

function pathOf(node: Node): string[] {
  const path: string[] = [];
  for (let n: Node | null = node; n?.parent; n = n.parent) path.unshift(n.key);
  return path;
}

/**
 * The path of a prototype key in a parsed JSON value (JSON.parse makes `__proto__` an own key), or null.
 * Iterative, each node linked to its parent: a 16 KiB body may nest thousands deep.
 */
function prototypeKeyPath(value: unknown): string[] | null {
  const todo: Node[] = [{ value, key: "", parent: null }];
  for (let node = todo.pop(); node; node = todo.pop()) {
    const v = node.value;
    if (v === null || typeof v !== "object") continue;
    const isArray = Array.isArray(v);
    for (const key of Object.keys(v)) {
      const child: Node = { value: (v as Record<string, unknown>)[key], key, parent: node };
      if (!isArray && PROTOTYPE_KEYS.has(key)) return pathOf(child);
      todo.push(child);
    }
  }
  return null;
}

export function noPrototypeKeys(): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw;
    if (!WITH_BODY.has(req.method) || !isJsonType(req.headers.get("content-type"))) return next();
    let body: unknown;
    try {
      // Hono keeps the text: the route's validator parses it again from there.
      body = await c.req.json();
    } catch {
      return next();
    }
    const path = prototypeKeyPath(body);
    if (!path) return next();
    const issues = [{ path: path.join("."), message: `"${path.at(-1)}" is not a key any body may have` }];
    return path[0] === "settings"
      ? apiError(c, "bad-settings", "The settings do not fit this preset.", issues)
      : apiError(c, "bad-request", "The request body is invalid.", issues);
  };
}
