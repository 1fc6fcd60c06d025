/**
 * Editor state of a `dab` document: undo/redo and autosave with optimistic concurrency, with
 * the same save states and server contract as the SweLL store (editor/store.ts): saved /
 * unsaved / saving / offline (retry with back-off) / conflict (a 409 carries the other version)
 * / error / read-only. A conflict is resolved by keeping mine on top of the other version or by
 * taking theirs; either way the state before stays reachable by undo.
 */
import { ApiError, OfflineError, type VersionInfo, conflictVersion, errorMessages } from "../api/client";
import type { SaveState } from "../editor/store";
import { type DabDoc, checkDoc, isDabDoc, mergeDocs } from "./model";

export interface DabSaveBackend {
  save(baseVersion: number | null, doc: DabDoc): Promise<VersionInfo>;
}

export interface DabStoreOptions {
  doc: DabDoc;
  version: number | null;
  readOnly?: boolean;
  backend?: DabSaveBackend;
  debounceMs?: number;
  retryMs?: number;
  historyLimit?: number;
}

type Listener = (what: "state" | "save") => void;

export class DabStore {
  doc: DabDoc;
  past: DabDoc[] = [];
  future: DabDoc[] = [];
  version: number | null;
  readOnly: boolean;
  saveState: SaveState;
  saveMessage = "";
  conflict: { version: VersionInfo; theirs: DabDoc } | null = null;
  private saved: DabDoc;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private retryDelay: number;

  constructor(private opts: DabStoreOptions) {
    this.doc = opts.doc;
    this.saved = opts.doc;
    this.version = opts.version;
    this.readOnly = Boolean(opts.readOnly);
    this.saveState = this.readOnly ? "read-only" : "saved";
    this.retryDelay = opts.retryMs ?? 2000;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(what: "state" | "save"): void {
    for (const fn of this.listeners) fn(what);
  }

  get dirty(): boolean {
    return this.doc !== this.saved;
  }

  /** Run an action; an action that returns the same document records nothing. */
  apply(fn: (doc: DabDoc) => DabDoc): void {
    if (this.readOnly) return;
    const next = fn(this.doc);
    if (next === this.doc) return;
    this.past.push(this.doc);
    const limit = this.opts.historyLimit ?? 500;
    if (this.past.length > limit) this.past.splice(0, this.past.length - limit);
    this.future = [];
    this.doc = next;
    this.changed();
  }

  undo(): boolean {
    const prev = this.past.pop();
    if (!prev || this.readOnly) return false;
    this.future.push(this.doc);
    this.doc = prev;
    this.changed();
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next || this.readOnly) return false;
    this.past.push(this.doc);
    this.doc = next;
    this.changed();
    return true;
  }

  private changed(): void {
    if (this.saveState !== "conflict" && this.saveState !== "offline") this.setSave(this.dirty ? "unsaved" : "saved");
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

  /** Save now if anything is unsaved (also before submit). */
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
    const snap = this.doc;
    const broken = checkDoc(snap);
    if (broken.length) {
      this.setSave("error", `Not saved: ${broken.slice(0, 3).join("; ")}`);
      return;
    }
    this.setSave("saving");
    try {
      const v = await this.opts.backend!.save(this.version, snap);
      this.version = v.number;
      this.saved = snap;
      this.retryDelay = this.opts.retryMs ?? 2000;
      this.setSave(this.dirty ? "unsaved" : "saved");
      if (this.dirty) this.schedule();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const cur = conflictVersion(e.body);
        if (cur && isDabDoc(cur.graph)) {
          this.conflict = { version: cur, theirs: cur.graph };
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
   * Merge: my changes since the last common version win, the other version supplies the rest
   * (model.ts `mergeDocs`). The pre-merge state stays in the undo history. Returns how many
   * units both sides changed.
   */
  resolveMerge(): number {
    const c = this.conflict;
    if (!c) return 0;
    const merged = mergeDocs(this.saved, this.doc, c.theirs);
    this.conflict = null;
    this.version = c.version.number;
    this.saved = c.theirs;
    this.past.push(this.doc);
    this.future = [];
    this.doc = merged.doc;
    this.saveState = "unsaved";
    this.changed();
    return merged.overlaps;
  }

  /** Keep my document, saved on top of the other version (theirs stays in the history). */
  resolveKeepMine(): void {
    const c = this.conflict;
    if (!c) return;
    this.conflict = null;
    this.version = c.version.number;
    this.saved = c.theirs;
    this.saveState = "unsaved";
    this.changed();
  }

  /** Take the other version; my edits stay reachable by undo. */
  resolveReload(): void {
    const c = this.conflict;
    if (!c) return;
    this.conflict = null;
    this.version = c.version.number;
    this.saved = c.theirs;
    this.past.push(this.doc);
    this.future = [];
    this.doc = c.theirs;
    this.saveState = "saved";
    this.changed();
  }
}
