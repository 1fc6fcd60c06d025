/**
 * Editor state: the segments of one essay, undo/redo, and autosave with optimistic concurrency
 * (saved / unsaved / saving / offline / conflict). Views subscribe and re-render on change.
 * The history/autosave/conflict machinery is shared with the dab store (versioned.ts); this
 * file says what is SweLL-specific: segments + document comment, the graph invariant checked
 * before a save, and the segment merge.
 */
import { type Graph, IdSource, type Segment, checkInvariant, toGraph, toSegments } from "../graph/graph";
import type { Taxonomy } from "../graph/taxonomy";
import type { VersionInfo } from "../api/client";
import type { Env } from "./actions";
import { changedSince, mergeSegments } from "./merge";
import type { PseudonymContext } from "./pseudonyms";
import { type Conflict, type Prepared, type VersionBackend, type VersionedOptions, VersionedStore } from "./versioned";

export type { SaveState } from "./versioned";

export interface Snapshot {
  segments: Segment[];
  comment: string;
}

export type SaveBackend = VersionBackend<Graph>;

export interface StoreOptions extends VersionedOptions<Graph> {
  tax: Taxonomy;
  ctx: PseudonymContext;
  graph: Graph;
}

export class EditorStore extends VersionedStore<Snapshot, Graph> {
  readonly env: Env;

  constructor(opts: StoreOptions) {
    const segments = toSegments(opts.graph);
    super({ segments, comment: opts.graph.comment ?? "" }, opts);
    this.env = { tax: opts.tax, ctx: opts.ctx, ids: IdSource.forSegments(segments) };
  }

  /** The snapshot being edited. */
  get state(): Snapshot {
    return this.current;
  }

  graph(): Graph {
    return toGraph(this.current.segments, this.current.comment);
  }

  /** Run an action: record history, schedule the autosave, notify views. */
  apply(fn: (segments: Segment[]) => Segment[], comment?: string): void {
    if (this.readOnly) return;
    const segments = fn(this.current.segments);
    this.push({ segments, comment: comment ?? this.current.comment });
  }

  /** Replace the whole graph as one undoable action (e.g. the server's "new pseudonyms"). */
  replaceGraph(graph: Graph): void {
    if (this.readOnly) return;
    const segments = toSegments(graph);
    this.env.ids.next = Math.max(this.env.ids.next, IdSource.forSegments(segments).next);
    this.push({ segments, comment: graph.comment ?? this.current.comment });
  }

  setComment(comment: string): void {
    if (this.readOnly || comment === this.current.comment) return;
    this.push({ segments: this.current.segments, comment });
  }

  protected prepare(snap: Snapshot): Prepared<Graph> {
    const graph = toGraph(snap.segments, snap.comment);
    const broken = checkInvariant(graph);
    if (broken.length) {
      return { ok: false, message: `Not saved: the graph is broken (${broken.slice(0, 3).join("; ")})` };
    }
    return { ok: true, payload: graph };
  }

  protected theirsFrom(other: VersionInfo): Snapshot {
    return { segments: toSegments(other.graph), comment: other.graph.comment ?? "" };
  }

  protected merge(base: Snapshot, mine: Snapshot, theirs: Snapshot): { state: Snapshot; overlaps: number } {
    const m = mergeSegments(base.segments, base.comment, mine.segments, mine.comment, theirs.segments, theirs.comment);
    return { state: { segments: m.segments, comment: m.comment }, overlaps: m.overlaps };
  }

  protected override adopt(c: Conflict<Snapshot>, next: Snapshot | null): void {
    // The merge may have handed out new ids too: never give them out again.
    for (const snap of [c.theirs, next ?? this.current]) {
      this.env.ids.next = Math.max(this.env.ids.next, IdSource.forSegments(snap.segments).next);
    }
    super.adopt(c, next);
  }

  /** What each side changed since the last version both had (for the conflict view). */
  conflictChanges(): { theirs: Segment[]; mine: Segment[] } {
    if (!this.conflict) return { theirs: [], mine: [] };
    return {
      theirs: changedSince(this.saved.segments, this.conflict.theirs.segments),
      mine: changedSince(this.saved.segments, this.current.segments),
    };
  }
}
