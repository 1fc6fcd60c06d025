/**
 * The machinery every document store of the editor shares: undo/redo history, autosave with a
 * debounce, optimistic concurrency against the versions API (a 409 carries the other version),
 * offline retry with back-off, and resolving a conflict by merging or by taking theirs.
 *
 * Save states: saved / unsaved / saving / offline (retrying) / conflict / error / read-only.
 * A store for one document kind extends `VersionedStore<State, Payload>` and says only what
 * differs: how a state becomes the payload the server stores (with a client-side check), how a
 * 409 body's graph becomes the other side's state, and how three states merge.
 */
import { ApiError, OfflineError, type VersionInfo, conflictVersion, errorMessages } from "../api/client";

export type SaveState = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "error" | "read-only";

/** Where a store saves: POST a new version on top of `baseVersion`. */
export interface VersionBackend<Payload> {
  save(baseVersion: number | null, payload: Payload): Promise<VersionInfo>;
}

export interface VersionedOptions<Payload> {
  version: number | null;
  readOnly?: boolean;
  backend?: VersionBackend<Payload>;
  /** Autosave delay after the last change (ms). */
  debounceMs?: number;
  /** First retry delay when offline (ms); doubles up to 30 s. */
  retryMs?: number;
  historyLimit?: number;
}

/** A state ready to send, or why it must not be sent (the message is shown as is). */
export type Prepared<Payload> = { ok: true; payload: Payload } | { ok: false; message: string };

/** The other version met on a 409, kept until the user merges or takes it. */
export interface Conflict<State> {
  version: VersionInfo;
  theirs: State;
}

export type StoreListener = (what: "state" | "save") => void;

const MAX_RETRY_MS = 30_000;

export abstract class VersionedStore<State, Payload> {
  past: State[] = [];
  future: State[] = [];
  version: number | null;
  readOnly: boolean;
  saveState: SaveState;
  saveMessage = "";
  /** The other version when a save met a 409; cleared by a resolve method. */
  conflict: Conflict<State> | null = null;
  /** The state being edited; subclasses expose it under their own name (state, doc). */
  protected current: State;
  /** The state the server has as `version` (the common base for a merge). */
  protected saved: State;
  private listeners = new Set<StoreListener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private retryDelay: number;

  protected constructor(initial: State, protected readonly vopts: VersionedOptions<Payload>) {
    this.current = initial;
    this.saved = initial;
    this.version = vopts.version;
    this.readOnly = Boolean(vopts.readOnly);
    this.saveState = this.readOnly ? "read-only" : "saved";
    this.retryDelay = vopts.retryMs ?? 2000;
  }

  /** Serialize a state for the server, or refuse with a message (a client-side bug check). */
  protected abstract prepare(state: State): Prepared<Payload>;

  /** The other side's state from the graph of a 409 body; null if it is not usable. */
  protected abstract theirsFrom(other: VersionInfo): State | null;

  /** Three-way merge: mine wins over theirs where both changed; `overlaps` counts those units. */
  protected abstract merge(base: State, mine: State, theirs: State): { state: State; overlaps: number };

  subscribe(fn: StoreListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  protected emit(what: "state" | "save"): void {
    for (const fn of this.listeners) fn(what);
  }

  get dirty(): boolean {
    return this.current !== this.saved;
  }

  /** Make `next` the current state as one undoable step; schedules the autosave. */
  protected push(next: State): void {
    this.past.push(this.current);
    const limit = this.vopts.historyLimit ?? 500;
    if (this.past.length > limit) this.past.splice(0, this.past.length - limit);
    this.future = [];
    this.current = next;
    this.changed();
  }

  undo(): boolean {
    const prev = this.past.pop();
    if (!prev || this.readOnly) return false;
    this.future.push(this.current);
    this.current = prev;
    this.changed();
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next || this.readOnly) return false;
    this.past.push(this.current);
    this.current = next;
    this.changed();
    return true;
  }

  private changed(): void {
    // A conflict or an offline retry keeps its state until it is resolved or a save succeeds.
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

  private schedule(delay = this.vopts.debounceMs ?? 1500): void {
    if (!this.vopts.backend || this.readOnly || this.saveState === "conflict") return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Save now if anything is unsaved (also used before submit). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inflight) await this.inflight;
    if (!this.dirty || !this.vopts.backend || this.saveState === "conflict" || this.readOnly) return;
    this.inflight = this.saveOnce(this.vopts.backend).finally(() => {
      this.inflight = null;
    });
    await this.inflight;
  }

  private async saveOnce(backend: VersionBackend<Payload>): Promise<void> {
    const snap = this.current;
    const prepared = this.prepare(snap);
    if (!prepared.ok) {
      // A bug must not reach the server: keep the edits on screen and say what is wrong.
      this.setSave("error", prepared.message);
      return;
    }
    this.setSave("saving");
    try {
      const v = await backend.save(this.version, prepared.payload);
      this.version = v.number;
      this.saved = snap;
      this.retryDelay = this.vopts.retryMs ?? 2000;
      this.setSave(this.dirty ? "unsaved" : "saved");
      if (this.dirty) this.schedule();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const cur = conflictVersion(e.body);
        const theirs = cur ? this.theirsFrom(cur) : null;
        if (cur && theirs !== null) {
          this.conflict = { version: cur, theirs };
          this.setSave("conflict", `${cur.author ?? "Someone"} saved version ${cur.number} meanwhile`);
          return;
        }
      }
      if (e instanceof OfflineError || (e instanceof ApiError && e.status >= 500)) {
        this.setSave("offline", "Not saved: no connection, retrying");
        this.schedule(this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
        return;
      }
      const msg = e instanceof ApiError ? errorMessages(e.body).join("; ") : String(e);
      this.setSave("error", `Not saved: ${msg}`);
    }
  }

  /**
   * Resolve a conflict by merging: my changes since the last common version win, the other
   * version supplies the rest. The pre-merge state stays in the undo history. Returns how many
   * units both sides changed.
   */
  resolveMerge(): number {
    const c = this.conflict;
    if (!c) return 0;
    const m = this.merge(this.saved, this.current, c.theirs);
    this.adopt(c, m.state);
    return m.overlaps;
  }

  /** Resolve a conflict by taking the other version; my edits stay reachable by undo. */
  resolveReload(): void {
    const c = this.conflict;
    if (!c) return;
    this.adopt(c, c.theirs);
  }

  /**
   * End a conflict: the other version becomes the saved base and `next` the current state.
   * With `next` null the current state stays as it is (no history step): it will be saved on
   * top of theirs.
   */
  protected adopt(c: Conflict<State>, next: State | null): void {
    this.conflict = null;
    this.version = c.version.number;
    this.saved = c.theirs;
    if (next !== null) {
      this.past.push(this.current);
      this.future = [];
      this.current = next;
    }
    // Leave "conflict" so that changed() recomputes saved/unsaved and the autosave runs.
    this.saveState = "unsaved";
    this.changed();
  }
}

/** Ask before leaving the page while a store has unsaved or in-flight edits. */
export function warnBeforeLeaving(store: { readonly dirty: boolean; readonly saveState: SaveState }): void {
  window.addEventListener("beforeunload", (e) => {
    if (store.dirty || store.saveState === "saving") {
      e.preventDefault();
      e.returnValue = "";
    }
  });
}
