/**
 * The parallel graph of SPEC §3 (SVALA format) and an editable view of it.
 *
 * The stored form mirrors SVALA's Graph.ts and the `parallel-corpus` Python port:
 *
 *   Graph = {source: Token[], target: Token[], edges: {id: Edge}, comment?}
 *   Edge  = {id: "e-" + sorted ids joined by "-", ids, labels, manual, comment?, typed?}
 *
 * `typed: true` (our addition, which SVALA's JSON tolerates) says the target was typed by hand
 * (SPEC §2.2): automatic pseudonyms, "new pseudonyms" and re-runs leave it alone.
 *
 * Pseudonymization never reorders text, so the editor works on a list of *segments*: each
 * segment is one edge with its contiguous source tokens and the target tokens that replace them.
 * `toSegments` and `toGraph` convert between the two; every editing operation is a pure function
 * from segments to segments, which keeps undo/redo a matter of keeping old arrays.
 *
 * @example
 *   const g = fromText("Jag heter Anna")
 *   g.edges["e-s2-t2"] // {id: "e-s2-t2", ids: ["s2", "t2"], labels: [], manual: false}
 */

export interface Token {
  id: string;
  text: string;
}

export interface Edge {
  id: string;
  ids: string[];
  labels: string[];
  manual: boolean;
  comment?: string;
  /** The target (pseudonym) was typed by hand; only present when true. */
  typed?: boolean;
}

export interface Graph {
  source: Token[];
  target: Token[];
  edges: Record<string, Edge>;
  comment?: string;
}

/** One edge seen as a piece of text: source tokens → target tokens, with its labels. */
export interface Segment {
  source: Token[];
  target: Token[];
  labels: string[];
  manual: boolean;
  comment?: string;
  /** The annotator typed the target text; automatic pseudonyms leave it alone. Stored as the
   * edge's `typed: true`. */
  custom?: boolean;
}

export class GraphError extends Error {}

/** Split text on whitespace; every token keeps its trailing whitespace (SVALA's tokenize). */
export function tokenize(text: string): string[] {
  const found = text.match(/\s*\S+\s*/g) ?? text.match(/^\s+$/) ?? [];
  return found.map((t) => (/\s$/.test(t) ? t : t + " "));
}

/** Edge id of SPEC §3: `e-` + the ids sorted as strings, joined by `-`. */
export function edgeId(ids: readonly string[]): string {
  return "e-" + [...ids].sort().join("-");
}

/** Build an edge with sorted ids and labels without duplicates. */
export function makeEdge(ids: string[], labels: string[], manual: boolean, comment?: string): Edge {
  const sorted = [...ids].sort();
  const edge: Edge = { id: "e-" + sorted.join("-"), ids: sorted, labels: uniq(labels), manual };
  if (comment !== undefined && edgeMayHaveComment(edge.labels)) edge.comment = comment;
  return edge;
}

/** Only OBS!/Com!-like labels (those containing `!`) carry an edge comment. */
export function edgeMayHaveComment(labels: readonly string[]): boolean {
  return labels.some((l) => l.includes("!"));
}

/** A graph whose source and target are both `text`, aligned token by token. */
export function fromText(text: string): Graph {
  const toks = tokenize(text);
  const source = toks.map((t, i) => ({ id: `s${i}`, text: t }));
  const target = toks.map((t, i) => ({ id: `t${i}`, text: t }));
  const edges: Record<string, Edge> = {};
  toks.forEach((_, i) => {
    const e = makeEdge([`s${i}`, `t${i}`], [], false);
    edges[e.id] = e;
  });
  return { source, target, edges };
}

function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function idNumber(id: string): number {
  const m = /(\d+)$/.exec(id);
  return m ? Number(m[1]) : -1;
}

/** 1 + the largest number used in any token id: where new token ids start (ids are never reused). */
export function nextIdNumber(tokens: Iterable<Token>): number {
  let max = -1;
  for (const t of tokens) max = Math.max(max, idNumber(t.id));
  return max + 1;
}

/** Check the invariant of SPEC §3; returns human-readable problems (empty = valid). */
export function checkInvariant(g: Graph): string[] {
  const problems: string[] = [];
  const tokenIds = new Set<string>();
  for (const t of [...g.source, ...g.target]) {
    if (tokenIds.has(t.id)) problems.push(`token id ${t.id} is used twice`);
    tokenIds.add(t.id);
  }
  const seen = new Map<string, string>();
  for (const [key, e] of Object.entries(g.edges)) {
    if (e.id !== key) problems.push(`edge stored under ${key} has id ${e.id}`);
    if (edgeId(e.ids) !== e.id) problems.push(`edge ${e.id} should be called ${edgeId(e.ids)}`);
    if (e.ids.length === 0) problems.push(`edge ${e.id} has no tokens`);
    if (e.typed !== undefined && typeof e.typed !== "boolean") {
      problems.push(`edge ${e.id} typed must be true or false`);
    }
    if (e.comment !== undefined && !edgeMayHaveComment(e.labels)) {
      problems.push(`edge ${e.id} has a comment but no OBS!/Com! label`);
    }
    for (const id of e.ids) {
      if (!tokenIds.has(id)) problems.push(`edge ${e.id} refers to unknown token ${id}`);
      const other = seen.get(id);
      if (other !== undefined) problems.push(`token ${id} is in edges ${other} and ${e.id}`);
      seen.set(id, e.id);
    }
  }
  for (const id of tokenIds) {
    if (!seen.has(id)) problems.push(`token ${id} is in no edge`);
  }
  return problems;
}

/**
 * The segments of a graph, in text order. Throws GraphError when the graph is broken or its
 * alignment crosses (which pseudonymization never produces).
 */
export function toSegments(g: Graph): Segment[] {
  const problems = checkInvariant(g);
  if (problems.length) throw new GraphError(problems.slice(0, 5).join("; "));
  const edgeOf = new Map<string, Edge>();
  for (const e of Object.values(g.edges)) for (const id of e.ids) edgeOf.set(id, e);
  const sourceIndex = new Map(g.source.map((t, i) => [t.id, i]));
  const targetIndex = new Map(g.target.map((t, i) => [t.id, i]));
  const segmentOf = new Map<string, Segment>();
  const segments: Segment[] = [];
  const make = (e: Edge): Segment => {
    const src = e.ids.filter((id) => sourceIndex.has(id)).map((id) => sourceIndex.get(id)!);
    const tgt = e.ids.filter((id) => targetIndex.has(id)).map((id) => targetIndex.get(id)!);
    src.sort((a, b) => a - b);
    tgt.sort((a, b) => a - b);
    const seg: Segment = {
      source: src.map((i) => g.source[i]!),
      target: tgt.map((i) => g.target[i]!),
      labels: [...e.labels],
      manual: e.manual,
    };
    if (e.comment !== undefined) seg.comment = e.comment;
    if (e.typed === true) seg.custom = true;
    return seg;
  };
  for (const t of g.source) {
    const e = edgeOf.get(t.id)!;
    if (!segmentOf.has(e.id)) {
      const seg = make(e);
      segmentOf.set(e.id, seg);
      segments.push(seg);
    }
  }
  // Edges with target tokens only go after the segment holding the preceding target token.
  const targetOnly = Object.values(g.edges).filter((e) => !segmentOf.has(e.id));
  targetOnly.sort((a, b) => targetIndex.get(a.ids[0]!)! - targetIndex.get(b.ids[0]!)!);
  for (const e of targetOnly) {
    const seg = make(e);
    const first = targetIndex.get(seg.target[0]!.id)!;
    let at = 0;
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i]!;
      const last = s.target.length ? targetIndex.get(s.target[s.target.length - 1]!.id)! : -1;
      if (last >= 0 && last < first) at = i + 1;
    }
    segments.splice(at, 0, seg);
    segmentOf.set(e.id, seg);
  }
  // Source tokens of a segment must be contiguous, and target order must follow the segments.
  let si = 0;
  let ti = 0;
  for (const s of segments) {
    for (const t of s.source) {
      if (g.source[si++]!.id !== t.id) {
        throw new GraphError(`edge around ${t.id} links tokens that are not next to each other`);
      }
    }
    for (const t of s.target) {
      if (g.target[ti++]!.id !== t.id) {
        throw new GraphError(`the alignment crosses at ${t.id}: the editor cannot show it`);
      }
    }
  }
  return segments;
}

/** The graph of a list of segments (inverse of `toSegments`). */
export function toGraph(segments: readonly Segment[], comment?: string): Graph {
  const source: Token[] = [];
  const target: Token[] = [];
  const edges: Record<string, Edge> = {};
  for (const s of segments) {
    source.push(...s.source);
    target.push(...s.target);
    const e = makeEdge([...s.source, ...s.target].map((t) => t.id), s.labels, s.manual, s.comment);
    if (s.custom) e.typed = true;
    edges[e.id] = e;
  }
  const g: Graph = { source, target, edges };
  if (comment) g.comment = comment;
  return g;
}

/** The id of a segment (its edge id). */
export function segmentId(s: Segment): string {
  return edgeId([...s.source, ...s.target].map((t) => t.id));
}

export function sourceText(s: { source: Token[] }): string {
  return s.source.map((t) => t.text).join("");
}

export function targetText(s: { target: Token[] }): string {
  return s.target.map((t) => t.text).join("");
}

/** Trailing whitespace of a run of tokens (kept when the text of a span is replaced). */
export function trailingSpace(tokens: readonly Token[]): string {
  const last = tokens[tokens.length - 1];
  return last ? (/\s*$/.exec(last.text)?.[0] ?? "") : "";
}

/** Hands out new token ids: `t` + (1 + the largest number used in any id). */
export class IdSource {
  constructor(public next: number) {}

  static forSegments(segments: readonly Segment[]): IdSource {
    let max = -1;
    for (const s of segments) {
      for (const t of s.source) max = Math.max(max, idNumber(t.id));
      for (const t of s.target) max = Math.max(max, idNumber(t.id));
    }
    return new IdSource(max + 1);
  }

  take(): string {
    return `t${this.next++}`;
  }
}

/**
 * New target tokens for `text`, reusing the ids of `old` in order and taking new ids after that.
 * Trailing whitespace of the replaced span is kept so the target reads like the source.
 */
export function retarget(old: readonly Token[], text: string, ids: IdSource, space: string): Token[] {
  const words = text.trim() ? tokenize(text.trim()) : [];
  return words.map((w, i) => {
    const last = i === words.length - 1;
    const body = last ? w.replace(/\s+$/, "") + space : w;
    return { id: old[i]?.id ?? ids.take(), text: body };
  });
}

/**
 * Replace the segments that hold source tokens [from, to] (indices into the source) by one
 * segment over exactly those tokens. Tokens of the touched segments outside the range fall back
 * to plain 1:1 segments with their original text. `make` gets the new span's source tokens, the
 * old segments it replaces and their target tokens not reused by those plain segments (so no
 * target id ends up twice). Returns the new list and the new segment's index.
 */
export function joinRange(
  segments: readonly Segment[],
  from: number,
  to: number,
  ids: IdSource,
  make: (source: Token[], old: Segment[], freeTargets: Token[]) => Segment,
): { segments: Segment[]; index: number } {
  if (from > to) [from, to] = [to, from];
  const before: Segment[] = [];
  const touched: Segment[] = [];
  const after: Segment[] = [];
  const inside: Token[] = [];
  const outsideBefore: Segment[] = [];
  const outsideAfter: Segment[] = [];
  const used = new Set<string>();
  let pos = 0;
  for (const s of segments) {
    const start = pos;
    const end = pos + s.source.length - 1;
    pos += s.source.length;
    const touches = s.source.length > 0 && end >= from && start <= to;
    if (!touches) {
      if (touched.length === 0) before.push(s);
      else if (start <= to) touched.push(s); // a target-only segment inside the range
      else after.push(s);
      continue;
    }
    touched.push(s);
    s.source.forEach((tok, k) => {
      const i = start + k;
      if (i >= from && i <= to) {
        inside.push(tok);
        return;
      }
      const p = plain(tok, s, k, ids);
      for (const t of p.target) used.add(t.id);
      (i < from ? outsideBefore : outsideAfter).push(p);
    });
  }
  const free = touched.flatMap((o) => o.target).filter((t) => !used.has(t.id));
  const joined = make(inside, touched, free);
  const out = [...before, ...outsideBefore, joined, ...outsideAfter, ...after];
  return { segments: out, index: before.length + outsideBefore.length };
}

/** A plain unlabelled 1:1 segment for source token `tok`, reusing a target id of `from`. */
function plain(tok: Token, from: Segment, k: number, ids: IdSource): Segment {
  const id = from.source.length === from.target.length ? from.target[k]!.id : ids.take();
  return { source: [tok], target: [{ id, text: tok.text }], labels: [], manual: true };
}

/**
 * Split segment `index` back into 1:1 unlabelled segments with the original text (removing a
 * span). Target ids are reused in order so no id is thrown away needlessly.
 */
export function dissolve(segments: readonly Segment[], index: number, ids: IdSource): Segment[] {
  const s = segments[index];
  if (!s) return [...segments];
  const parts: Segment[] = s.source.map((tok, k) => ({
    source: [tok],
    target: [{ id: s.target[k]?.id ?? ids.take(), text: tok.text }],
    labels: [],
    manual: true,
  }));
  return [...segments.slice(0, index), ...parts, ...segments.slice(index + 1)];
}

/** Index of the segment holding each source token, in source order. */
export function segmentIndexBySource(segments: readonly Segment[]): number[] {
  const out: number[] = [];
  segments.forEach((s, i) => {
    for (let k = 0; k < s.source.length; k++) out.push(i);
  });
  return out;
}
