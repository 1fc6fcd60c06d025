/**
 * Editor state of a `dab` document: undo/redo and autosave with optimistic concurrency, with
 * the same save states and server contract as the SweLL store (the shared machinery is
 * editor/versioned.ts): saved / unsaved / saving / offline (retry with back-off) / conflict (a
 * 409 carries the other version) / error / read-only. A conflict is resolved by keeping mine on
 * top of the other version or by taking theirs; either way the state before stays reachable by
 * undo. This file says what is dab-specific: the document check before a save, what a 409's
 * graph must look like, and the document merge (model.ts `mergeDocs`). The store holds the
 * editor's UTF-16 offsets; what it saves and receives uses the stored code point offsets.
 */
import type { VersionInfo } from "../api/client";
import { type Prepared, type VersionBackend, type VersionedOptions, VersionedStore } from "../editor/versioned";
import { type DabDoc, checkDoc, fromStored, isDabDoc, mergeDocs, toStored } from "./model";

export type DabSaveBackend = VersionBackend<DabDoc>;

export interface DabStoreOptions extends VersionedOptions<DabDoc> {
  doc: DabDoc;
}

export class DabStore extends VersionedStore<DabDoc, DabDoc> {
  constructor(opts: DabStoreOptions) {
    super(opts.doc, opts);
  }

  /** The document being edited. */
  get doc(): DabDoc {
    return this.current;
  }

  /** Run an action; an action that returns the same document records nothing. */
  apply(fn: (doc: DabDoc) => DabDoc): void {
    if (this.readOnly) return;
    const next = fn(this.current);
    if (next === this.current) return;
    this.push(next);
  }

  /** Keep my document, saved on top of the other version (theirs stays in the history). */
  resolveKeepMine(): void {
    const c = this.conflict;
    if (!c) return;
    this.adopt(c, null);
  }

  protected prepare(doc: DabDoc): Prepared<DabDoc> {
    const broken = checkDoc(doc);
    if (broken.length) return { ok: false, message: `Not saved: ${broken.slice(0, 3).join("; ")}` };
    return { ok: true, payload: toStored(doc) };
  }

  protected theirsFrom(other: VersionInfo): DabDoc | null {
    // The versions API types a graph as a SweLL graph; a dab project's holds a DAB document.
    const graph: unknown = other.graph;
    return isDabDoc(graph) ? fromStored(graph) : null;
  }

  protected merge(base: DabDoc, mine: DabDoc, theirs: DabDoc): { state: DabDoc; overlaps: number } {
    const m = mergeDocs(base, mine, theirs);
    return { state: m.doc, overlaps: m.overlaps };
  }
}
