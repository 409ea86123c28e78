// The one host API shared/ uses beyond ES2023 (sha256.ts); the Worker, browsers and Node all provide it.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
