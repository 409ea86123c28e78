/**
 * The little Markdown that docs/RULES.md uses, parsed into blocks the rules page renders as
 * DOM (never as HTML strings): headings with their §-anchors, paragraphs, bullet lists, tables; inline
 * **bold**, *italic* and `code`. A link `[text](target)` keeps its text only (the targets are files of the
 * repository, not pages of the site).
 */
import { ruleAnchor } from "./anchors.ts";

export type Inline = { kind: "text" | "b" | "i" | "code"; text: string };
export type Block =
  | { kind: "h"; level: 1 | 2 | 3; id?: string; text: Inline[] }
  | { kind: "p"; text: Inline[] }
  | { kind: "ul"; items: Inline[][] }
  | { kind: "table"; head: Inline[][]; rows: Inline[][][] };

export function inline(s: string): Inline[] {
  const out: Inline[] = [];
  const text = s.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push({ kind: "text", text: text.slice(at, m.index) });
    if (m[1] !== undefined) out.push({ kind: "b", text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: "i", text: m[2] });
    else out.push({ kind: "code", text: m[3]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}

const cells = (line: string): string[] => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

export function parseMarkdown(md: string): Block[] {
  const blocks: Block[] = [];
  const lines = md.split("\n");
  let para: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (para.length) blocks.push({ kind: "p", text: inline(para.join(" ")) });
    para = [];
    if (list) blocks.push({ kind: "ul", items: list.map(inline) });
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = /^(#{1,3}) (.*)$/.exec(line);
    if (h) {
      flush();
      const section = /^§([0-9]+(?:\.[0-9]+)*)\s/.exec(h[2]!)?.[1];
      blocks.push({ kind: "h", level: h[1]!.length as 1 | 2 | 3, ...(section ? { id: ruleAnchor(section) } : {}), text: inline(h[2]!) });
    } else if (line.startsWith("|")) {
      flush();
      const head = cells(line).map(inline);
      const rows: Inline[][][] = [];
      i++; // the |---| line
      while (i + 1 < lines.length && lines[i + 1]!.startsWith("|")) rows.push(cells(lines[++i]!).map(inline));
      blocks.push({ kind: "table", head, rows });
    } else if (/^- /.test(line)) {
      if (para.length) { blocks.push({ kind: "p", text: inline(para.join(" ")) }); para = []; }
      (list ??= []).push(line.slice(2));
    } else if (list && /^\s+\S/.test(line)) {
      list[list.length - 1] += ` ${line.trim()}`;
    } else if (!line.trim()) {
      flush();
    } else {
      if (list) { blocks.push({ kind: "ul", items: list.map(inline) }); list = null; }
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
