/**
 * Review decisions on `sensitive` marks (GET /api/essays/{id}/decisions/), matched to the
 * editor's segments. A decision names the mark's edge in the version it produced
 * (`result_edge_id`, "e-" + the sorted token ids); source tokens keep their ids across
 * versions, so the segment with the same source token ids is the decided mark.
 */
import type { Segment } from "../graph/graph";

export type DecisionKind = "keep" | "pseudonymize" | "suppress";

export interface Decision {
  id: number;
  edge_id: string;
  result_edge_id: string;
  base_version: number;
  version: number;
  decision: DecisionKind;
  label: string;
  replacement: string;
  decided_by: string;
  decided_at: string;
}

const WORDS: Record<DecisionKind, string> = {
  keep: "Keep as written",
  pseudonymize: "Pseudonymize",
  suppress: "Suppress",
};

/** The source token ids of an edge id, as one key ("s4 s5"); "" when it names none. */
export function sourceKeyOfEdge(edgeId: string): string {
  return edgeId
    .replace(/^e-/, "")
    .split("-")
    .filter((id) => id.startsWith("s"))
    .sort()
    .join(" ");
}

/** The same key for a segment's source tokens. */
export function sourceKeyOfSegment(seg: Segment): string {
  return seg.source
    .map((t) => t.id)
    .sort()
    .join(" ");
}

/** The latest decision for each decided segment (segments without tokens are never matched). */
export function decisionsBySegment(segments: readonly Segment[], decisions: readonly Decision[]): Map<Segment, Decision> {
  const latest = new Map<string, Decision>();
  for (const d of decisions) {
    const key = sourceKeyOfEdge(d.result_edge_id);
    const have = latest.get(key);
    if (key && (!have || have.decided_at <= d.decided_at)) latest.set(key, d);
  }
  const out = new Map<Segment, Decision>();
  if (!latest.size) return out;
  for (const seg of segments) {
    if (!seg.source.length) continue;
    const d = latest.get(sourceKeyOfSegment(seg));
    if (d) out.set(seg, d);
  }
  return out;
}

/** "2026-11-21 20:31" from an ISO time (UTC, so every reader sees the same words). */
function when(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : t.toISOString().slice(0, 16).replace("T", " ");
}

/** What was decided, by whom and when: "Suppress · lena-lead · 2026-11-21 20:31 UTC". */
export function describeDecision(d: Decision): string {
  let what = WORDS[d.decision] ?? d.decision;
  if (d.decision === "pseudonymize") {
    const detail = [d.label, d.replacement ? `“${d.replacement}”` : ""].filter(Boolean).join(" ");
    if (detail) what += ` as ${detail}`;
  }
  return `${what} · ${d.decided_by} · ${when(d.decided_at)} UTC`;
}
