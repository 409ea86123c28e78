// `npm test`: the browser steps' frozen server (test/browser/harness.ts prepareTemplate), made once.
import { prepareTemplate } from "../test/browser/harness.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: e2e-template.ts <dir>");
await prepareTemplate(dir);
