/**
 * A comment in shipped source says why the code is as it is now (docs/ENGINEERING.md): the tracker's
 * numbers and the story of how the code got here belong in commit messages, where they stay true.
 * This reads every comment under shared/, worker/ and web/src — found by TypeScript's own scanner, so
 * a string literal, a template, a regular expression or JSX text is never taken for one (an i18n line
 * may well say "issue" to a person) — and fails on an issue reference ("issue 35", "Issue 31.11,
 * finding 2", "issues 12–20") or on a phrase that narrates a past state ("used to", "previously").
 * Tests may cite issues beside the RULES.md sections they check; they are not read here.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const SHIPPED = ["shared", "worker", "web/src"];

/** An issue number: "issue 35", "Issues 19 and 30", "issue\n * 19" (wrapped in a JSDoc). */
const ISSUE_REF = /\bissues?[ \t]*(?:\n[ \t]*\*?[ \t]*)?#?\d/gi;
/**
 * A past state told as such. "used to" only where it is not the passive present ("is used to sign");
 * `("old text" before)`: a catalogue comment quoting what a line said once.
 */
const HISTORY = /(?<!\b(?:is|are|be|been|being|gets?)\s)\bused to\b|\b(?:previously|formerly|originally|until recently|in the past|no longer since)\b|\(["“][^"”\n]*["”][ \t]+before\)/gi;

/** [start, end) of each comment: the trivia before every token, JSX text excepted (it is shown text). */
function commentRanges(text: string, file: string): Array<[number, number]> {
  if (file.endsWith(".css")) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m.index + m[0].length]);
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    const kids = node.getChildren(sf);
    if (kids.length > 0) return kids.forEach(visit);
    if (node.kind === ts.SyntaxKind.JsxText) return;
    // Comments on the previous token's line ("trailing") and on the lines before this token ("leading").
    for (const r of [...(ts.getTrailingCommentRanges(text, node.pos) ?? []), ...(ts.getLeadingCommentRanges(text, node.pos) ?? [])]) seen.set(r.pos, r.end);
  };
  visit(sf);
  return [...seen];
}

/** Each issue reference or history phrase in the file's comments, as "line: words". */
function findings(text: string, file: string): string[] {
  const out: string[] = [];
  for (const [a, b] of commentRanges(text, file)) {
    const comment = text.slice(a, b);
    for (const re of [ISSUE_REF, HISTORY]) {
      for (const m of comment.matchAll(re)) {
        const line = text.slice(0, a + m.index).split("\n").length;
        out.push(`${line}: ${comment.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\s+/g, " ")}`);
      }
    }
  }
  return out;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|css)$/.test(name)) yield p;
  }
}

describe("comments in shipped source say why the code is as it is now", () => {
  it("no issue reference and no history in any comment under shared/, worker/, web/src", () => {
    const found: string[] = [];
    let files = 0;
    for (const dir of SHIPPED) {
      for (const file of sourceFiles(resolve(REPO, dir))) {
        files++;
        for (const f of findings(readFileSync(file, "utf8"), file)) found.push(`${relative(REPO, file)}:${f}`);
      }
    }
    expect(files).toBeGreaterThan(300);
    expect(found, `${found.length} comments cite an issue or tell history`).toEqual([]);
  });

  describe("the detector", () => {
    const ts1 = (src: string) => findings(src, "sample.ts");
    const tsx = (src: string) => findings(src, "sample.tsx");

    it("finds a reference in a line comment, a JSDoc, a trailing comment and a JSX comment", () => {
      expect(ts1("// Issue 35: its chat's history\nconst a = 1;\n")).toHaveLength(1);
      expect(ts1("/**\n * The floor (issue 19, finding 3).\n */\nexport const b = 2;\n")).toHaveLength(1);
      expect(ts1("f(); // issue 31.11\n")).toHaveLength(1);
      expect(ts1("type A = { a: 1; /** Issue 38.5: x */ b: 2 };\n")).toHaveLength(1);
      expect(ts1("const c = 1;\n/* Issues 19 and\n * 30 */\n")).toHaveLength(1);
      expect(ts1("/** the guard (`reserve`, issue\n * 19) */\nlet d;\n")).toHaveLength(1);
      expect(tsx("const v = <div>{/* Issue 15: voice */}<p>x</p></div>;\n")).toHaveLength(1);
      expect(findings("/* Issue 34: the tournament page */\n.tn { color: red; }\n", "sample.css")).toHaveLength(1);
    });

    it("finds history told in a comment", () => {
      expect(ts1("// The table used to read sqlite_master here.\n")).toHaveLength(1);
      expect(ts1("/** A format of one size (\"10–10 гравців\" before). */\nconst e = 1;\n")).toHaveLength(1);
      expect(ts1("// Previously the view was built per viewer.\n")).toHaveLength(1);
    });

    it("passes code: strings, templates, regular expressions, JSX text and the passive 'is used to'", () => {
      expect(ts1('const t = { "issues.title": "Report issue 3 to the organizer" };\n')).toEqual([]);
      expect(ts1("const u = `/api/issues/${n}`; const v = '/issues/12';\n")).toEqual([]);
      expect(ts1("const r = /issue 3/; const w = 'x'; // the key is used to sign the cookie\n")).toEqual([]);
      expect(tsx("const p = <p>issue 35 // not a comment, shown text</p>;\n")).toEqual([]);
      expect(ts1("// RULES.md §8: the issue's path names the key (valibot)\n")).toEqual([]);
    });
  });
});
