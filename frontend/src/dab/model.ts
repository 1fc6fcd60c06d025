/**
 * Scheme `dab` (SPEC §5): the stored document of one essay version and the pure actions the
 * editor applies to it. Every action returns a new document (the old one is kept for undo).
 *
 * The editor works on `annotations[0]` (created on the first edit); `predictions` are the
 * pre-annotations it offers for acceptance. A prediction is settled when the working annotation
 * has a mention over any of its characters (accepted, maybe with a corrected span, or replaced)
 * or its id is in `editor.rejected`. The shape mirrors swell_annot/dab/document.py field by field.
 */

export const CATEGORIES = ["PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC"] as const;
export type Category = (typeof CATEGORIES)[number];
export const IDENTIFIER_TYPES = ["DIRECT", "QUASI", "NO_MASK"] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export const CONFIDENTIAL = ["BELIEF", "POLITICS", "SEX", "ETHNIC", "HEALTH"] as const;
export type Confidential = (typeof CONFIDENTIAL)[number];

export const CATEGORY_HELP: Record<Category, string> = {
  PERSON: "names of people, nicknames, initials",
  CODE: "CPR, phone, e-mail, account, case and licence numbers",
  LOC: "places, addresses, institutions as places",
  ORG: "companies, authorities, schools, hospitals",
  DEM: "demographic cues: job, nationality, age, diagnosis",
  DATETIME: "dates, times, periods",
  QUANTITY: "amounts, money, percentages",
  MISC: "other identifying information",
};

export interface DabMention {
  id: string;
  start: number;
  end: number;
  text: string;
  label: string;
  identifier_type: string;
  confidential: string | null;
  entity: string | null;
  category_source?: string;
  extra?: Record<string, unknown>;
}

export interface DabRelation {
  from_id: string;
  to_id: string;
  direction?: string;
  labels?: string[];
  extra?: Record<string, unknown>;
}

export interface DabAnnotation {
  annotator: string | null;
  mentions: DabMention[];
  relations: DabRelation[];
  extra?: Record<string, unknown>;
}

export interface DabDoc {
  scheme: "dab";
  id: string;
  text: string;
  annotations: DabAnnotation[];
  predictions: DabAnnotation[];
  data?: Record<string, unknown>;
  protected: string[];
  extra?: Record<string, unknown>;
  editor?: { rejected: string[] };
}

export function isDabDoc(x: unknown): x is DabDoc {
  return !!x && typeof x === "object" && (x as { scheme?: unknown }).scheme === "dab" && typeof (x as { text?: unknown }).text === "string";
}

/**
 * Offsets. The stored document counts characters as Python, Label Studio's exports and TAB do
 * (code points); JavaScript strings count UTF-16 units, and the two differ after a character
 * outside the BMP (an emoji in a forum post). The editor works in UTF-16 units: `fromStored`
 * converts a loaded document, `toStored` the one it saves. Text without such characters is
 * returned as it is.
 */
function convertOffsets(doc: DabDoc, direction: "toUnits" | "toPoints"): DabDoc {
  const text = doc.text;
  if (!/[\uD800-\uDFFF]/.test(text)) return doc;
  const unitOf: number[] = []; // code point index → UTF-16 index
  const pointOf: number[] = new Array<number>(text.length + 1); // UTF-16 index → code point index
  let u = 0;
  for (const ch of text) {
    pointOf[u] = unitOf.length;
    if (ch.length === 2) pointOf[u + 1] = unitOf.length; // inside a pair: the character's start
    unitOf.push(u);
    u += ch.length;
  }
  unitOf.push(u);
  pointOf[u] = unitOf.length - 1;
  const map = direction === "toUnits" ? (x: number): number => unitOf[x] ?? x : (x: number): number => pointOf[x] ?? x;
  const ann = (a: DabAnnotation): DabAnnotation => ({ ...a, mentions: a.mentions.map((m) => ({ ...m, start: map(m.start), end: map(m.end) })) });
  return { ...doc, annotations: doc.annotations.map(ann), predictions: doc.predictions.map(ann) };
}

/** A stored document (code point offsets) as the editor works on it (UTF-16 offsets). */
export function fromStored(doc: DabDoc): DabDoc {
  return convertOffsets(doc, "toUnits");
}

/** The editor's document with the stored offsets (code points), for saving. */
export function toStored(doc: DabDoc): DabDoc {
  return convertOffsets(doc, "toPoints");
}

/** The working annotation (an empty one if the document has none yet). */
export function working(doc: DabDoc): DabAnnotation {
  return doc.annotations[0] ?? { annotator: null, mentions: [], relations: [] };
}

function withWorking(doc: DabDoc, ann: DabAnnotation): DabDoc {
  return { ...doc, annotations: [ann, ...doc.annotations.slice(1)] };
}

function rejected(doc: DabDoc): string[] {
  return doc.editor?.rejected ?? [];
}

// Characters trimmed from both ends of a new unit: whitespace and punctuation, but not the
// characters that end abbreviations or belong to codes inside a span ("Hr.", "+45").
const TRIM_START = /[\s.,;:!?…"'«»“”„()[\]{}\-–—/]/u;
const TRIM_END = /[\s,;:!?…"'«»“”„()[\]{}\-–—/]/u;
const ABBREVIATIONS = new Set(["hr", "fru", "frk", "dr", "prof", "mr", "mrs", "ms", "st", "nr", "kl", "ca", "jf"]);

/**
 * Minimal-span help: the offsets of `text[start:end]` without surrounding spaces and
 * punctuation. A final full stop is kept only after a known abbreviation ("Hr.", "Dr.").
 * Returns null when nothing is left.
 */
export function trimSpan(text: string, start: number, end: number): { start: number; end: number } | null {
  let s = Math.max(0, Math.min(start, end));
  let e = Math.min(text.length, Math.max(start, end));
  for (;;) {
    while (s < e && TRIM_START.test(text[s]!)) s++;
    while (e > s && TRIM_END.test(text[e - 1]!)) e--;
    if (e > s && text[e - 1] === ".") {
      const word = /([\p{L}]+)\.$/u.exec(text.slice(s, e));
      if (!word || !ABBREVIATIONS.has(word[1]!.toLowerCase())) {
        e--;
        continue;
      }
    }
    break;
  }
  return e > s ? { start: s, end: e } : null;
}

export interface Span {
  start: number;
  end: number;
}

/**
 * The words of a text for marking with the keyboard: runs of non-space characters, each
 * trimmed like a selection ("Aarhus." → "Aarhus", "(CPR" → "CPR", "Hr." stays).
 */
export function words(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\S+/gu)) {
    const span = trimSpan(text, m.index!, m.index! + m[0].length);
    if (span) out.push(span);
  }
  return out;
}

/** The first word that starts at or after `pos` (null: none). */
export function wordAfter(text: string, pos: number): Span | null {
  return words(text).find((w) => w.start >= pos) ?? null;
}

/** The last word that ends at or before `pos` (null: none). */
export function wordBefore(text: string, pos: number): Span | null {
  return words(text).filter((w) => w.end <= pos).pop() ?? null;
}

/**
 * Shift+→ / Shift+←: grow a range by the next word (dir 1) or give back its last word (dir −1).
 * A range keeps at least one word; at the end of the text nothing changes. The result is
 * trimmed like any selection.
 */
export function stretchRange(text: string, range: Span, dir: 1 | -1): Span {
  if (dir > 0) {
    const next = wordAfter(text, range.end);
    return next ? trimSpan(text, range.start, next.end) ?? range : range;
  }
  const inside = words(text).filter((w) => w.end < range.end && w.end > range.start);
  const last = inside.pop();
  return last ? trimSpan(text, range.start, last.end) ?? range : range;
}

/** A mention id not used in the working annotation or the predictions. */
export function newMentionId(doc: DabDoc): string {
  const used = new Set<string>();
  for (const a of [...doc.annotations, ...doc.predictions]) for (const m of a.mentions) used.add(m.id);
  let n = used.size + 1;
  while (used.has(`m${n}`)) n++;
  return `m${n}`;
}

/** Add a unit over `start..end` (trimmed); returns the document and the new id (null: nothing). */
export function addMention(doc: DabDoc, start: number, end: number, label: string, identifierType = "NO_MASK"): { doc: DabDoc; id: string | null } {
  const span = trimSpan(doc.text, start, end);
  if (!span || !(CATEGORIES as readonly string[]).includes(label)) return { doc, id: null };
  const ann = working(doc);
  const same = ann.mentions.find((m) => m.start === span.start && m.end === span.end);
  if (same) return { doc: setLabel(doc, same.id, label), id: same.id };
  const id = newMentionId(doc);
  const m: DabMention = {
    id, start: span.start, end: span.end, text: doc.text.slice(span.start, span.end), label,
    identifier_type: identifierType, confidential: null, entity: null, category_source: "annotator",
  };
  const mentions = [...ann.mentions, m].sort((a, b) => a.start - b.start || a.end - b.end);
  return { doc: withWorking(doc, { ...ann, mentions }), id };
}

function updateMention(doc: DabDoc, id: string, patch: Partial<DabMention>): DabDoc {
  const ann = working(doc);
  if (!ann.mentions.some((m) => m.id === id)) return doc;
  return withWorking(doc, { ...ann, mentions: ann.mentions.map((m) => (m.id === id ? { ...m, ...patch } : m)) });
}

/** Change a unit's semantic category (its identifier type stays beside it). */
export function setLabel(doc: DabDoc, id: string, label: string): DabDoc {
  if (!(CATEGORIES as readonly string[]).includes(label)) return doc;
  return updateMention(doc, id, { label, category_source: "annotator" });
}

/** DIRECT / QUASI / NO_MASK; the same value again toggles back to NO_MASK. */
export function setIdentifierType(doc: DabDoc, id: string, type: string): DabDoc {
  if (!(IDENTIFIER_TYPES as readonly string[]).includes(type)) return doc;
  const m = working(doc).mentions.find((x) => x.id === id);
  if (!m) return doc;
  return updateMention(doc, id, { identifier_type: m.identifier_type === type ? "NO_MASK" : type });
}

export function setConfidential(doc: DabDoc, id: string, value: string | null): DabDoc {
  if (value !== null && !(CONFIDENTIAL as readonly string[]).includes(value)) return doc;
  return updateMention(doc, id, { confidential: value });
}

/** Move a unit's boundaries (trimmed); refused when nothing is left. */
export function resizeMention(doc: DabDoc, id: string, start: number, end: number): DabDoc {
  const span = trimSpan(doc.text, start, end);
  if (!span) return doc;
  return updateMention(doc, id, { start: span.start, end: span.end, text: doc.text.slice(span.start, span.end) });
}

/** Remove a unit and the relations that name it. */
export function removeMention(doc: DabDoc, id: string): DabDoc {
  const ann = working(doc);
  return withWorking(doc, {
    ...ann,
    mentions: ann.mentions.filter((m) => m.id !== id),
    relations: ann.relations.filter((r) => r.from_id !== id && r.to_id !== id),
  });
}

/** Link two units of the same entity (no self links, no duplicates in either direction). */
export function addRelation(doc: DabDoc, fromId: string, toId: string): DabDoc {
  const ann = working(doc);
  const ids = new Set(ann.mentions.map((m) => m.id));
  if (fromId === toId || !ids.has(fromId) || !ids.has(toId)) return doc;
  if (ann.relations.some((r) => (r.from_id === fromId && r.to_id === toId) || (r.from_id === toId && r.to_id === fromId))) return doc;
  return withWorking(doc, { ...ann, relations: [...ann.relations, { from_id: fromId, to_id: toId, direction: "right" }] });
}

/**
 * Take a unit out of its entity: the relations that name it go, and when an explicit entity id
 * (from an import such as DAB's `entity_id`) still ties it to other units, it gets an entity id
 * of its own. Without this, an imported entity could never be split in the editor.
 */
export function detachMention(doc: DabDoc, id: string): DabDoc {
  const ann = working(doc);
  const m = ann.mentions.find((x) => x.id === id);
  if (!m) return doc;
  const relations = ann.relations.filter((r) => r.from_id !== id && r.to_id !== id);
  const shared = m.entity !== null && m.entity !== undefined && ann.mentions.some((x) => x.id !== id && x.entity === m.entity);
  let entity = m.entity;
  if (shared) {
    const used = new Set(ann.mentions.map((x) => x.entity).filter((e) => e !== null && e !== undefined).map(String));
    let n = 0;
    entity = `${id}`;
    while (used.has(entity)) entity = `${id}-${++n}`;
  }
  if (!shared && relations.length === ann.relations.length) return doc;
  return withWorking(doc, { ...ann, relations, mentions: ann.mentions.map((x) => (x.id === id ? { ...x, entity } : x)) });
}

/** The next confidential category for key C: none → BELIEF → … → HEALTH → none. */
export function nextConfidential(current: string | null): string | null {
  const i = current === null ? -1 : (CONFIDENTIAL as readonly string[]).indexOf(current);
  return i + 1 < CONFIDENTIAL.length ? CONFIDENTIAL[i + 1]! : null;
}

export function removeRelation(doc: DabDoc, fromId: string, toId: string): DabDoc {
  const ann = working(doc);
  return withWorking(doc, { ...ann, relations: ann.relations.filter((r) => !(r.from_id === fromId && r.to_id === toId)) });
}

/**
 * Predicted units still waiting for a decision: not rejected, and no unit of the working
 * annotation over any of their characters. A unit there settles the prediction: it was accepted
 * as it is, accepted and its span corrected, or replaced by a unit the annotator marked (as an
 * imported annotation made from the predictions did). Such a prediction would be hidden under
 * the unit anyway, so it cannot be waiting for a decision.
 */
export function pendingPredictions(doc: DabDoc): DabMention[] {
  const units = working(doc).mentions.map((m) => [m.start, m.end] as const).sort((a, b) => a[0] - b[0]);
  // reach[i]: the furthest end among the first i+1 units (in start order)
  const reach: number[] = [];
  for (const [i, u] of units.entries()) reach.push(Math.max(u[1], i ? reach[i - 1]! : -1));
  const covered = (start: number, end: number): boolean => {
    // the last unit starting before `end`, and the furthest any unit up to it reaches
    let lo = 0;
    let hi = units.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (units[mid]![0] < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1]! > start;
  };
  const no = new Set(rejected(doc));
  return doc.predictions.flatMap((p) => p.mentions).filter((m) => !no.has(m.id) && !covered(m.start, m.end));
}

/** Accept a predicted unit: copied into the working annotation with its category and proposal. */
export function acceptPrediction(doc: DabDoc, predictionId: string): { doc: DabDoc; id: string | null } {
  const p = pendingPredictions(doc).find((m) => m.id === predictionId);
  if (!p) return { doc, id: null };
  const added = addMention(doc, p.start, p.end, p.label, p.identifier_type);
  if (!added.id) return added;
  let next = updateMention(added.doc, added.id, { confidential: p.confidential, start: p.start, end: p.end, text: p.text });
  // Relations between two accepted predictions come along.
  const accepted = new Map<string, string>();
  for (const m of working(next).mentions) accepted.set(`${m.start}:${m.end}`, m.id);
  const predOf = new Map(doc.predictions.flatMap((a) => a.mentions).map((m) => [m.id, m] as const));
  for (const r of doc.predictions.flatMap((a) => a.relations)) {
    if (r.from_id !== predictionId && r.to_id !== predictionId) continue;
    const a = predOf.get(r.from_id);
    const b = predOf.get(r.to_id);
    const ia = a && accepted.get(`${a.start}:${a.end}`);
    const ib = b && accepted.get(`${b.start}:${b.end}`);
    if (ia && ib) next = addRelation(next, ia, ib);
  }
  return { doc: next, id: added.id };
}

export function rejectPrediction(doc: DabDoc, predictionId: string): DabDoc {
  if (rejected(doc).includes(predictionId)) return doc;
  return { ...doc, editor: { ...doc.editor, rejected: [...rejected(doc), predictionId] } };
}

/** Accept every pending prediction (one undo step). */
export function acceptAll(doc: DabDoc): DabDoc {
  let next = doc;
  for (const p of pendingPredictions(doc)) next = acceptPrediction(next, p.id).doc;
  return next;
}

export function setProtected(doc: DabDoc, names: string[]): DabDoc {
  const clean = names.map((n) => n.trim()).filter(Boolean);
  return { ...doc, protected: clean };
}

/**
 * Mention id → entity id: explicit entity ids joined by the transitive closure of relations
 * (as `Annotation.entities` of the library). A group's id is its smallest explicit entity id,
 * else its first mention's id.
 */
export function entities(ann: DabAnnotation): Map<string, string> {
  const parent = new Map<string, string>(ann.mentions.map((m) => [m.id, m.id]));
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: string, b: string): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  const byEntity = new Map<string, string>();
  for (const m of ann.mentions) {
    if (m.entity === null || m.entity === undefined) continue;
    const first = byEntity.get(m.entity);
    if (first) union(first, m.id);
    else byEntity.set(m.entity, m.id);
  }
  for (const r of ann.relations) if (parent.has(r.from_id) && parent.has(r.to_id)) union(r.from_id, r.to_id);
  const groups = new Map<string, DabMention[]>();
  for (const m of ann.mentions) {
    const root = find(m.id);
    groups.set(root, [...(groups.get(root) ?? []), m]);
  }
  const out = new Map<string, string>();
  for (const members of groups.values()) {
    const explicit = members.filter((m) => m.entity !== null && m.entity !== undefined).map((m) => String(m.entity)).sort();
    const name = explicit[0] ?? members[0]!.id;
    for (const m of members) out.set(m.id, name);
  }
  return out;
}

/** Entities with their mentions in text order, for the entities panel. */
export function entityGroups(ann: DabAnnotation): { id: string; mentions: DabMention[] }[] {
  const ent = entities(ann);
  const groups = new Map<string, DabMention[]>();
  for (const m of [...ann.mentions].sort((a, b) => a.start - b.start)) {
    const e = ent.get(m.id)!;
    groups.set(e, [...(groups.get(e) ?? []), m]);
  }
  return [...groups.entries()].map(([id, mentions]) => ({ id, mentions }));
}

/** The reader's view of step 3: the text with masked units replaced by block characters. */
export function maskedText(doc: DabDoc): string {
  const masked = working(doc).mentions.filter((m) => m.identifier_type === "DIRECT" || m.identifier_type === "QUASI");
  // Offsets are the editor's UTF-16 units (see fromStored).
  const out = doc.text.split("");
  for (const m of masked) for (let i = m.start; i < m.end; i++) if (!/\s/.test(out[i]!)) out[i] = "█";
  return out.join("");
}

/** Problems that would make the server refuse the document (checked before each save). */
export function checkDoc(doc: DabDoc): string[] {
  const errors: string[] = [];
  for (const [k, ann] of [...doc.annotations, ...doc.predictions].entries()) {
    const ids = new Set<string>();
    for (const m of ann.mentions) {
      if (ids.has(m.id)) errors.push(`annotation ${k}: mention id ${m.id} is used twice`);
      ids.add(m.id);
      if (!(CATEGORIES as readonly string[]).includes(m.label)) errors.push(`mention ${m.id}: unknown category ${m.label}`);
      if (!(IDENTIFIER_TYPES as readonly string[]).includes(m.identifier_type)) errors.push(`mention ${m.id}: unknown identifier type ${m.identifier_type}`);
      if (doc.text.slice(m.start, m.end) !== m.text) errors.push(`mention ${m.id}: text differs from the document`);
    }
    for (const r of ann.relations) if (!ids.has(r.from_id) || !ids.has(r.to_id)) errors.push(`relation ${r.from_id}→${r.to_id} names a missing mention`);
  }
  return errors;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Three-way merge after a conflict: what I changed since the common version `base` wins, the
 * other version supplies everything else. Units are matched by id; a unit both sides added
 * under the same id keeps theirs and mine gets a fresh id; two units on the same span become
 * one (mine). Rejections are united; relations follow their units (a relation whose unit is
 * gone is dropped, one the other side removed stays removed). `overlaps` counts the units
 * both sides changed.
 */
export function mergeDocs(base: DabDoc, mine: DabDoc, theirs: DabDoc): { doc: DabDoc; overlaps: number } {
  const b = working(base);
  const m = working(mine);
  const t = working(theirs);
  const byId = (list: DabMention[]): Map<string, DabMention> => new Map(list.map((x) => [x.id, x]));
  const bm = byId(b.mentions);
  const mm = byId(m.mentions);
  const tm = byId(t.mentions);
  let overlaps = 0;
  // Each kept unit with where it came from; my ids and their ids map to the kept ids.
  const kept: { m: DabMention; mine: boolean }[] = [];
  const mineMap = new Map<string, string>();
  const theirsMap = new Map<string, string>();
  for (const [id, x] of tm) {
    const was = bm.get(id);
    const my = mm.get(id);
    if (was && !my) {
      if (same(was, x)) continue; // I deleted it and they did not touch it
      overlaps++;
    } else if (my && was && !same(was, my)) {
      if (!same(was, x) && !same(my, x)) overlaps++;
      kept.push({ m: my, mine: true });
      mineMap.set(id, id);
      theirsMap.set(id, id);
      continue;
    }
    kept.push({ m: x, mine: false });
    theirsMap.set(id, id);
    if (my && same(my, x)) mineMap.set(id, id);
  }
  const used = new Set<string>([...tm.keys(), ...mm.keys(), ...bm.keys(),
    ...[...mine.predictions, ...theirs.predictions].flatMap((a) => a.mentions.map((x) => x.id))]);
  let n = used.size + 1;
  for (const [id, my] of mm) {
    if (mineMap.has(id)) continue;
    const was = bm.get(id);
    if (tm.has(id)) {
      if (was && same(was, my)) {
        mineMap.set(id, id); // unchanged by me: theirs stands
        continue;
      }
      // Both added this id for different units: mine gets a fresh id.
      while (used.has(`m${n}`)) n++;
      const fresh = `m${n}`;
      used.add(fresh);
      kept.push({ m: { ...my, id: fresh }, mine: true });
      mineMap.set(id, fresh);
      continue;
    }
    if (was) {
      if (same(was, my)) continue; // they deleted it and I did not touch it
      overlaps++;
    }
    kept.push({ m: my, mine: true });
    mineMap.set(id, id);
  }
  // Two units on exactly the same span become one: mine.
  const bySpan = new Map<string, { m: DabMention; mine: boolean }>();
  const out: DabMention[] = [];
  const redirect = new Map<string, string>();
  for (const k of kept.sort((x, y) => Number(y.mine) - Number(x.mine))) {
    const key = `${k.m.start}:${k.m.end}`;
    const other = bySpan.get(key);
    if (other) {
      if (!same({ ...other.m, id: "" }, { ...k.m, id: "" })) overlaps++;
      redirect.set(k.m.id, other.m.id);
      continue;
    }
    bySpan.set(key, k);
    out.push(k.m);
  }
  const final = (map: Map<string, string>, id: string): string | undefined => {
    const a = map.get(id);
    return a === undefined ? undefined : redirect.get(a) ?? a;
  };
  const key = (r: DabRelation): string => `${r.from_id}>${r.to_id}`;
  const bRel = new Set(b.relations.map(key));
  const mRel = new Set(m.relations.map(key));
  const tRel = new Set(t.relations.map(key));
  const rels = new Map<string, DabRelation>();
  const add = (r: DabRelation, map: Map<string, string>): void => {
    const from = final(map, r.from_id);
    const to = final(map, r.to_id);
    if (!from || !to || from === to) return;
    const fixed = { ...r, from_id: from, to_id: to };
    if (!rels.has(key(fixed)) && !rels.has(`${to}>${from}`)) rels.set(key(fixed), fixed);
  };
  for (const r of t.relations) if (!(bRel.has(key(r)) && !mRel.has(key(r)))) add(r, theirsMap);
  for (const r of m.relations) if (!(bRel.has(key(r)) && !tRel.has(key(r)))) add(r, mineMap);
  const ids = new Set(out.map((x) => x.id));
  const relations = [...rels.values()].filter((r) => ids.has(r.from_id) && ids.has(r.to_id));
  const mentions = out.sort((x, y) => x.start - y.start || x.end - y.end);
  const rejectedIds = [...new Set([...rejected(theirs), ...rejected(mine)])];
  const prot = same(base.protected, mine.protected) ? theirs.protected : mine.protected;
  const ann: DabAnnotation = { ...t, annotator: t.annotator ?? m.annotator, mentions, relations };
  return {
    doc: { ...theirs, annotations: [ann, ...theirs.annotations.slice(1)], protected: prot, editor: { ...theirs.editor, rejected: rejectedIds } },
    overlaps,
  };
}
