/**
 * Editing actions on the segment list: pure functions `(segments, …) → segments`. Each keeps the
 * rules of SPEC §2: one main label and one running number per span, automatic running numbers
 * (§2.1), pseudonyms that follow label, number and flags at once (§2.2).
 */
import {
  IdSource,
  type Segment,
  dissolve,
  joinRange,
  retarget,
  sourceText,
  targetText,
  trailingSpace,
} from "../graph/graph";
import {
  FOREIGN_OK,
  type Taxonomy,
  flagsOf,
  isNumber,
  isNumbered,
  kindOf,
  mainLabels,
  numbersOf,
  sortLabels,
} from "../graph/taxonomy";
import { type PseudonymContext, type Taken, baseForm, inflect, pseudonymBase } from "./pseudonyms";

export interface Env {
  tax: Taxonomy;
  ctx: PseudonymContext;
  ids: IdSource;
}

/** Main label and running number of a segment, when it has exactly one of each. */
export function entityOf(tax: Taxonomy, s: Segment): { label: string; number: number } | null {
  const main = mainLabels(tax, s.labels);
  const nums = numbersOf(s.labels);
  if (main.length !== 1 || nums.length !== 1) return null;
  return { label: main[0]!, number: nums[0]! };
}

/** Largest running number in the essay (one counter shared by all categories, as in SVALA). */
export function maxNumber(segments: readonly Segment[]): number {
  let max = 0;
  for (const s of segments) for (const n of numbersOf(s.labels)) max = Math.max(max, n);
  return max;
}

/** Normalized key for matching mentions: lower case, no genitive s, letters only. */
export function mentionKey(text: string): string {
  let k = text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (k.length > 3 && k.endsWith("s")) k = k.slice(0, -1);
  return k;
}

function closeEnough(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  if (n < 5 || Math.abs(a.length - b.length) > 1) return false;
  // One edit (insert, delete or substitute) is a misspelling of the same entity (Stokholm).
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  const tailA = a.slice(i);
  const tailB = b.slice(i);
  return (
    tailA.slice(1) === tailB.slice(1) || tailA.slice(1) === tailB || tailA === tailB.slice(1)
  );
}

/**
 * The running number for a newly labelled span (SPEC §2.1): the number of an earlier mention of
 * the same entity (same main label, same text up to case, genitive and one typo), else max + 1.
 */
export function autoNumber(
  tax: Taxonomy,
  segments: readonly Segment[],
  label: string,
  text: string,
  skip?: Segment,
): number {
  const key = mentionKey(text);
  for (const s of segments) {
    if (s === skip) continue;
    const ent = entityOf(tax, s);
    if (ent && ent.label === label && closeEnough(mentionKey(sourceText(s)), key)) {
      return ent.number;
    }
  }
  return maxNumber(segments.filter((s) => s !== skip)) + 1;
}

/**
 * Split punctuation glued to a whitespace token ("Stockholm." → "", "Stockholm", ".") so the
 * pseudonym replaces the name only and the sentence keeps its punctuation.
 */
export function splitPunct(text: string): { pre: string; core: string; post: string } {
  const m = /^([("'«»“”‘’\[]*)(.*?)([.,!?;:)"'«»“”‘’\]]*)$/su.exec(text.trim())!;
  if (!m[2]) return { pre: "", core: text.trim(), post: "" };
  return { pre: m[1]!, core: m[2]!, post: m[3]! };
}

function takenOf(tax: Taxonomy, segments: readonly Segment[], except: Set<Segment>): Taken[] {
  const out: Taken[] = [];
  for (const s of segments) {
    if (except.has(s)) continue;
    const ent = entityOf(tax, s);
    if (!ent) continue;
    const flags = flagsOf(tax, s.labels);
    out.push({
      label: ent.label,
      number: ent.number,
      foreign: s.labels.includes("foreign"),
      base: baseForm(splitPunct(targetText(s)).core, ent.label, flags),
    });
  }
  return out;
}

/**
 * Recompute the target of the segments in `which` (unless the annotator typed it). A mention
 * whose entity (label + number) already has a pseudonym elsewhere takes that one.
 */
export function repseudonymize(env: Env, segments: Segment[], which: Set<Segment>): Segment[] {
  if (which.size === 0) return segments;
  const taken = takenOf(env.tax, segments, which);
  const chosen = new Map<string, string>();
  return segments.map((s) => {
    if (!which.has(s) || s.custom) return s;
    const ent = entityOf(env.tax, s);
    const flags = flagsOf(env.tax, s.labels);
    let text: string;
    const { pre, core, post } = splitPunct(sourceText(s));
    if (!ent) {
      text = sourceText(s).trim();
    } else {
      const key = `${ent.label}|${ent.number}`;
      const foreign = s.labels.includes("foreign");
      let base = chosen.get(key) ?? taken.find((t) => t.label === ent.label && t.number === ent.number)?.base;
      if (base === undefined) {
        base = pseudonymBase(env.ctx, ent.label, ent.number, foreign, core, taken);
        taken.push({ label: ent.label, number: ent.number, foreign, base });
      }
      chosen.set(key, base);
      text = pre + inflect(base, flags) + post;
    }
    const target = retarget(s.target, text, env.ids, trailingSpace(s.source));
    return { ...s, target };
  });
}

/** Drop flags the main label does not allow (foreign only with area/city/place/region/geo). */
function cleanFlags(tax: Taxonomy, labels: string[]): string[] {
  const main = mainLabels(tax, labels)[0];
  return labels.filter((l) => {
    if (l !== "foreign") return true;
    return main !== undefined && FOREIGN_OK.includes(main);
  });
}

/**
 * Apply `label` to source tokens [from, to]. A main label replaces the span's main label (keeping
 * or assigning its running number); a flag or comment label is toggled on the span.
 */
export function applyLabel(
  env: Env,
  segments: readonly Segment[],
  from: number,
  to: number,
  label: string,
): { segments: Segment[]; index: number } {
  const kind = kindOf(env.tax, label);
  const joined = joinRange(segments, from, to, env.ids, (source, old, free) => {
    const same = old.length === 1 && old[0]!.source.length === source.length ? old[0]! : null;
    const base: Segment = same
      ? { ...same }
      : { source, target: free, labels: [], manual: true };
    if (!same) {
      // Keep labels of the first labelled old segment (extending a span keeps its entity).
      const labelled = old.find((o) => o.labels.length);
      base.labels = labelled ? [...labelled.labels] : [];
      if (labelled?.comment !== undefined) base.comment = labelled.comment;
    }
    base.manual = true;
    delete base.custom;
    return base;
  });
  const out = joined.segments;
  const seg = out[joined.index]!;
  let labels = [...seg.labels];
  if (kind === "main") {
    labels = labels.filter((l) => kindOf(env.tax, l) !== "main");
    labels.push(label);
    if (!isNumbered(env.tax, label)) {
      // Mark-up labels (sensitive, edu …) carry no running number.
      labels = labels.filter((l) => !isNumber(l));
    } else if (numbersOf(labels).length === 0) {
      labels.push(String(autoNumber(env.tax, out, label, sourceText(seg), seg)));
    }
  } else if (kind === "number") {
    labels = labels.filter((l) => !isNumber(l));
    labels.push(label);
  } else if (labels.includes(label)) {
    labels = labels.filter((l) => l !== label);
  } else {
    labels.push(label);
  }
  labels = sortLabels(env.tax, cleanFlags(env.tax, labels));
  const next: Segment = { ...seg, labels };
  if (!labels.some((l) => l.includes("!"))) delete next.comment;
  else if (next.comment === undefined) next.comment = "";
  out[joined.index] = next;
  return { segments: repseudonymize(env, out, new Set([next])), index: joined.index };
}

/** Remove every label of segment `index` (the span becomes plain text again). */
export function removeLabels(env: Env, segments: readonly Segment[], index: number): Segment[] {
  return dissolve(segments, index, env.ids);
}

/** Set the running number of one mention; its pseudonym follows the entity it now belongs to. */
export function setNumber(env: Env, segments: readonly Segment[], index: number, n: number): Segment[] {
  const seg = segments[index];
  if (!seg || !Number.isInteger(n) || n < 1) return [...segments];
  const next: Segment = { ...seg, labels: sortLabels(env.tax, [...seg.labels.filter((l) => !isNumber(l)), String(n)]) };
  delete next.custom;
  const out = [...segments];
  out[index] = next;
  return repseudonymize(env, out, new Set([next]));
}

/**
 * Give every mention of entity (label, from) the number `to`. When `to` is a new number the
 * entity keeps one shared (new) pseudonym; when it joins another entity, it takes that pseudonym.
 */
export function renumberEntity(
  env: Env,
  segments: readonly Segment[],
  label: string,
  from: number,
  to: number,
): Segment[] {
  if (!Number.isInteger(to) || to < 1) return [...segments];
  const changed = new Set<Segment>();
  const out = segments.map((s) => {
    const ent = entityOf(env.tax, s);
    if (!ent || ent.label !== label || ent.number !== from) return s;
    const next: Segment = { ...s, labels: sortLabels(env.tax, [...s.labels.filter((l) => !isNumber(l)), String(to)]) };
    delete next.custom;
    changed.add(next);
    return next;
  });
  return repseudonymize(env, out, changed);
}

/**
 * Type a pseudonym (SPEC §2.2: the annotator may override the automatic one). Every mention of
 * the same entity (main label + number) takes it, inflected for its own flags, so the rule
 * "same label + number ⇒ same pseudonym" keeps holding.
 */
export function setPseudonym(env: Env, segments: readonly Segment[], index: number, text: string): Segment[] {
  const seg = segments[index];
  if (!seg) return [...segments];
  const typed = text.trim();
  const ent = entityOf(env.tax, seg);
  const out = [...segments];
  const put = (i: number, s: Segment, t: string): void => {
    out[i] = { ...s, target: retarget(s.target, t, env.ids, trailingSpace(s.source)), custom: true, manual: true };
  };
  if (!ent) {
    put(index, seg, typed);
    return out;
  }
  const base = baseForm(typed, ent.label, flagsOf(env.tax, seg.labels));
  segments.forEach((s, i) => {
    if (i === index) return put(i, s, typed);
    const e = entityOf(env.tax, s);
    if (!e || e.label !== ent.label || e.number !== ent.number) return;
    const { pre, post } = splitPunct(sourceText(s));
    put(i, s, pre + inflect(base, flagsOf(env.tax, s.labels)) + post);
  });
  return out;
}

/** Forget a typed pseudonym and go back to the automatic one. */
export function resetPseudonym(env: Env, segments: readonly Segment[], index: number): Segment[] {
  const seg = segments[index];
  if (!seg) return [...segments];
  const out = [...segments];
  const next: Segment = { ...seg };
  delete next.custom;
  out[index] = next;
  return repseudonymize(env, out, new Set([next]));
}

/** Split a multi-token span into one span per token, each keeping the labels. */
export function splitSpan(env: Env, segments: readonly Segment[], index: number): Segment[] {
  const seg = segments[index];
  if (!seg || seg.source.length < 2) return [...segments];
  const parts: Segment[] = seg.source.map((tok, k) => {
    const p: Segment = { source: [tok], target: seg.target[k] ? [seg.target[k]!] : [], labels: [...seg.labels], manual: true };
    if (seg.comment !== undefined) p.comment = seg.comment;
    return p;
  });
  const out = [...segments.slice(0, index), ...parts, ...segments.slice(index + 1)];
  return repseudonymize(env, out, new Set(parts));
}

/** Merge the segments covering source tokens [from, to] into one span (labels of the first labelled). */
export function mergeSpans(env: Env, segments: readonly Segment[], from: number, to: number): { segments: Segment[]; index: number } {
  const joined = joinRange(segments, from, to, env.ids, (source, old, free) => {
    const labelled = old.find((o) => o.labels.length);
    const seg: Segment = { source, target: free, labels: labelled ? [...labelled.labels] : [], manual: true };
    if (labelled?.comment !== undefined) seg.comment = labelled.comment;
    return seg;
  });
  const seg = joined.segments[joined.index]!;
  if (!seg.labels.length) {
    // An unlabelled merge just keeps the text.
    joined.segments[joined.index] = { ...seg, target: retarget(seg.target, sourceText(seg), env.ids, trailingSpace(seg.source)) };
    return joined;
  }
  return { segments: repseudonymize(env, joined.segments, new Set([seg])), index: joined.index };
}

/** Accept an automatic detection: it becomes a manual (checked) label. */
export function acceptDetection(segments: readonly Segment[], index: number): Segment[] {
  const out = [...segments];
  const seg = out[index];
  if (seg) out[index] = { ...seg, manual: true };
  return out;
}

/** All automatic (unchecked) detections whose main label is `label` (any when null). */
export function automaticIndices(tax: Taxonomy, segments: readonly Segment[], label: string | null): number[] {
  const out: number[] = [];
  segments.forEach((s, i) => {
    if (s.manual || !s.labels.length) return;
    const main = mainLabels(tax, s.labels)[0];
    if (label === null || main === label) out.push(i);
  });
  return out;
}

/** Accept or reject every automatic detection of one label. */
export function decideAll(env: Env, segments: readonly Segment[], label: string, accept: boolean): Segment[] {
  const idx = automaticIndices(env.tax, segments, label);
  if (accept) {
    const set = new Set(idx);
    return segments.map((s, i) => (set.has(i) ? { ...s, manual: true } : s));
  }
  let out = [...segments];
  // Dissolve from the end so earlier indices stay valid.
  for (const i of idx.reverse()) out = dissolve(out, i, env.ids);
  return out;
}

/** Set the comment of an OBS!/Com! edge. */
export function setEdgeComment(segments: readonly Segment[], index: number, comment: string): Segment[] {
  const out = [...segments];
  const seg = out[index];
  if (seg && seg.labels.some((l) => l.includes("!"))) out[index] = { ...seg, comment, manual: true };
  return out;
}

/** Index of the segment that holds source token `sourceIndex`. */
export function segmentIndexOf(segments: readonly Segment[], sourceIndex: number): number {
  let pos = 0;
  for (let i = 0; i < segments.length; i++) {
    pos += segments[i]!.source.length;
    if (sourceIndex < pos) return i;
  }
  return segments.length - 1;
}
