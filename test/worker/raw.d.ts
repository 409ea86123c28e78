/** Vite's `?raw` imports (file contents as a string), used by test/worker/http-security.test.ts. */
declare module "*?raw" {
  const text: string;
  export default text;
}
