/**
 * Editor state: the segments of one essay, undo/redo, and autosave with optimistic concurrency
 * (saved / unsaved / saving / offline / conflict). Views subscribe and re-render on change.
 */
import { type Graph, IdSource, type Segment, checkInvariant, toGraph, toSegments } from "../graph/graph";
import type { Taxonomy } from "../graph/taxonomy";
import { ApiError, OfflineError, type VersionInfo, conflictVersion, errorMessages } from "../api/client";
import type { Env } from "./actions";
import { changedSince, mergeSegments } from "./merge";
import type { PseudonymContext } from "./pseudonyms";

export interface Snapshot {
  segments: Segment[];
  comment: string;
}

export type SaveState = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "error" | "read-only";

export interface SaveBackend {
  save(baseVersion: number | null, graph: Graph): Promise<VersionInfo>;
}

export interface StoreOptions {
  tax: Taxonomy;
  ctx: PseudonymContext;
  graph: Graph;
  version: number | null;
  readOnly?: boolean;
  backend?: SaveBackend;
  /** Autosave delay after the last change (ms). */
  debounceMs?: number;
  /** First retry delay when offline (ms); doubles up to 30 s. */
  retryMs?: number;
  historyLimit?: number;
}

type Listener = (what: "state" | "save") => void;

export class EditorStore {
  readonly env: Env;
  state: Snapshot;
  past: Snapshot[] = [];
  future: Snapshot[] = [];
  version: number | null;
  readOnly: boolean;
  saveState: SaveState;
  saveMessage = "";
  /** The other version when a save met a 409; cleared by merge or reload. */
  conflict: { version: VersionInfo; theirs: Snapshot } | null = null;
  private saved: Snapshot;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private retryDelay: number;
  private opts: StoreOptions;

  constructor(opts: StoreOptions) {
    this.opts = opts;
    const segments = toSegments(opts.graph);
    this.state = { segments, comment: opts.graph.comment ?? "" };
    this.saved = this.state;
    this.version = opts.version;
    this.readOnly = Boolean(opts.readOnly);
    this.saveState = this.readOnly ? "read-only" : "saved";
    this.retryDelay = opts.retryMs ?? 2000;
    this.env = { tax: opts.tax, ctx: opts.ctx, ids: IdSource.forSegments(segments) };
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(what: "state" | "save"): void {
    for (const fn of this.listeners) fn(what);
  }

  get dirty(): boolean {
    return this.state !== this.saved;
  }

  graph(): Graph {
    return toGraph(this.state.segments, this.state.comment);
  }

  /** Run an action: record history, schedule the autosave, notify views. */
  apply(fn: (segments: Segment[]) => Segment[], comment?: string): void {
    if (this.readOnly) return;
    const segments = fn(this.state.segments);
    const next: Snapshot = { segments, comment: comment ?? this.state.comment };
    this.push(next);
  }

  /** Replace the whole graph as one undoable action (e.g. the server's "new pseudonyms"). */
  replaceGraph(graph: Graph): void {
    if (this.readOnly) return;
    const segments = toSegments(graph);
    this.env.ids.next = Math.max(this.env.ids.next, IdSource.forSegments(segments).next);
    this.push({ segments, comment: graph.comment ?? this.state.comment });
  }

  setComment(comment: string): void {
    if (this.readOnly || comment === this.state.comment) return;
    this.push({ segments: this.state.segments, comment });
  }

  private push(next: Snapshot): void {
    this.past.push(this.state);
    const limit = this.opts.historyLimit ?? 500;
    if (this.past.length > limit) this.past.splice(0, this.past.length - limit);
    this.future = [];
    this.state = next;
    this.changed();
  }

  undo(): boolean {
    const prev = this.past.pop();
    if (!prev || this.readOnly) return false;
    this.future.push(this.state);
    this.state = prev;
    this.changed();
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next || this.readOnly) return false;
    this.past.push(this.state);
    this.state = next;
    this.changed();
    return true;
  }

  private changed(): void {
    if (this.saveState !== "conflict" && this.saveState !== "offline") {
      this.setSave(this.dirty ? "unsaved" : "saved");
    }
    this.schedule();
    this.emit("state");
  }

  private setSave(s: SaveState, message = ""): void {
    this.saveState = s;
    this.saveMessage = message;
    this.emit("save");
  }

  private schedule(delay = this.opts.debounceMs ?? 1500): void {
    if (!this.opts.backend || this.readOnly || this.saveState === "conflict") return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Save now if there is anything to save (also used before submit). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inflight) await this.inflight;
    if (!this.dirty || !this.opts.backend || this.saveState === "conflict" || this.readOnly) return;
    this.inflight = this.saveOnce().finally(() => {
      this.inflight = null;
    });
    await this.inflight;
  }

  private async saveOnce(): Promise<void> {
    const snap = this.state;
    const graph = toGraph(snap.segments, snap.comment);
    const broken = checkInvariant(graph);
    if (broken.length) {
      // A bug must not reach the server: keep the edits on screen and say what is wrong.
      this.setSave("error", `Not saved: the graph is broken (${broken.slice(0, 3).join("; ")})`);
      return;
    }
    this.setSave("saving");
    try {
      const v = await this.opts.backend!.save(this.version, graph);
      this.version = v.number;
      this.saved = snap;
      this.retryDelay = this.opts.retryMs ?? 2000;
      this.setSave(this.dirty ? "unsaved" : "saved");
      if (this.dirty) this.schedule();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const cur = conflictVersion(e.body);
        if (cur) {
          this.conflict = { version: cur, theirs: { segments: toSegments(cur.graph), comment: cur.graph.comment ?? "" } };
          this.setSave("conflict", `${cur.author ?? "Someone"} saved version ${cur.number} meanwhile`);
          return;
        }
      }
      if (e instanceof OfflineError || (e instanceof ApiError && e.status >= 500)) {
        this.setSave("offline", "Not saved: no connection, retrying");
        this.schedule(this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
        return;
      }
      const msg = e instanceof ApiError ? errorMessages(e.body).join("; ") : String(e);
      this.setSave("error", `Not saved: ${msg}`);
    }
  }

  /**
   * Resolve a conflict by merging: the user's changes since the last common version win, the
   * other version supplies the rest. The pre-merge state stays in the undo history.
   */
  /** What each side changed since the last version both had (for the conflict view). */
  conflictChanges(): { theirs: Segment[]; mine: Segment[] } {
    if (!this.conflict) return { theirs: [], mine: [] };
    return {
      theirs: changedSince(this.saved.segments, this.conflict.theirs.segments),
      mine: changedSince(this.saved.segments, this.state.segments),
    };
  }

  resolveMerge(): number {
    const c = this.conflict;
    if (!c) return 0;
    const m = mergeSegments(
      this.saved.segments, this.saved.comment,
      this.state.segments, this.state.comment,
      c.theirs.segments, c.theirs.comment,
    );
    this.adopt(c, { segments: m.segments, comment: m.comment });
    return m.overlaps;
  }

  /** Resolve a conflict by taking the other version; the user's edits stay reachable by undo. */
  resolveReload(): void {
    const c = this.conflict;
    if (!c) return;
    this.adopt(c, c.theirs);
  }

  private adopt(c: NonNullable<EditorStore["conflict"]>, next: Snapshot): void {
    this.conflict = null;
    this.version = c.version.number;
    this.saved = c.theirs;
    // The merge may have handed out new ids too: never give them out again.
    for (const segs of [c.theirs.segments, next.segments]) {
      this.env.ids.next = Math.max(this.env.ids.next, IdSource.forSegments(segs).next);
    }
    this.past.push(this.state);
    this.future = [];
    this.state = next;
    this.saveState = "unsaved";
    this.changed();
  }
}
