/**
 * JSON.parse keeps the last of two equal keys, so `{"type":"signal","type":"sync"}`
 * reads as a `sync` while its first bytes say `signal`. A client frame may repeat no key in any object
 * (the web client's JSON.stringify never does): this finds the first repeated key of a text that
 * JSON.parse already accepted. Keys are compared decoded ("\u0074ype" is "type"). One pass, no allocation
 * but the keys.
 */
export function duplicateKey(text: string): string | null {
  const stack: Array<Set<string> | null> = []; // per open bracket: an object's keys, or null for an array
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (c === 0x22) break;
      }
      if (expectKey) {
        const raw = text.slice(start, i + 1);
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const keys = stack[stack.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
    } else if (ch === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === 0x5b /* [ */) {
      stack.push(null);
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      stack.pop();
    } else if (ch === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return null;
}
