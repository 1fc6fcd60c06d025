/**
 * Three-way merge of segment lists, used when saving hits a 409 (someone else saved first):
 * every span the user changed since the common base wins, everything else comes from the other
 * version. Nothing the user did is lost, and nothing the other person did outside the user's
 * spans is lost either.
 */
import { IdSource, type Segment, type Token } from "../graph/graph";

function signature(s: Segment): string {
  return JSON.stringify([s.labels, s.target.map((t) => t.text), s.comment ?? null, s.manual, s.custom ?? false]);
}

function sourceKey(s: Segment): string {
  return s.source.map((t) => t.id).join(" ");
}

/** Segments of `mine` that differ from `base` (new span, other labels, target or comment). */
export function changedSince(base: readonly Segment[], mine: readonly Segment[]): Segment[] {
  const before = new Map(base.map((s) => [sourceKey(s), signature(s)]));
  return mine.filter((s) => s.source.length > 0 && before.get(sourceKey(s)) !== signature(s));
}

export interface MergeResult {
  segments: Segment[];
  comment: string;
  /** Spans where both sides changed the same tokens (the user's version was kept). */
  overlaps: number;
}

export function mergeSegments(
  base: readonly Segment[],
  baseComment: string,
  mine: readonly Segment[],
  mineComment: string,
  theirs: readonly Segment[],
  theirsComment: string,
): MergeResult {
  const mineChanged = changedSince(base, mine);
  const theirsChanged = new Set(changedSince(base, theirs));
  const owner = new Map<string, Segment>();
  for (const s of mineChanged) for (const t of s.source) owner.set(t.id, s);
  const ids = new IdSource(0);
  for (const list of [mine, theirs]) {
    const n = IdSource.forSegments(list).next;
    if (n > ids.next) ids.next = n;
  }
  const out: Segment[] = [];
  const emitted = new Set<Segment>();
  let overlaps = 0;
  for (const s of theirs) {
    const taken = s.source.filter((t) => owner.has(t.id));
    if (taken.length === 0) {
      out.push(s);
      continue;
    }
    if (theirsChanged.has(s)) overlaps++;
    for (const tok of s.source) {
      const m = owner.get(tok.id);
      if (m) {
        if (!emitted.has(m)) {
          emitted.add(m);
          out.push(m);
        }
      } else {
        out.push({ source: [tok], target: [{ id: ids.take(), text: tok.text }], labels: [], manual: true });
      }
    }
  }
  // Both sides may have created target tokens with the same new id: renumber the later ones.
  const seen = new Set<string>();
  const fixed = out.map((s) => {
    let clash = false;
    const target: Token[] = s.target.map((t) => {
      if (!seen.has(t.id)) {
        seen.add(t.id);
        return t;
      }
      clash = true;
      const id = ids.take();
      seen.add(id);
      return { id, text: t.text };
    });
    return clash ? { ...s, target } : s;
  });
  const comment = mineComment !== baseComment ? mineComment : theirsComment;
  return { segments: fixed, comment, overlaps };
}
