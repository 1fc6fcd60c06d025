import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, OfflineError, type VersionInfo } from "../src/api/client";
import { type Prepared, type VersionBackend, type VersionedOptions, VersionedStore } from "../src/editor/versioned";

/**
 * The shared machinery on its own, with the smallest document there is: a line of text. The
 * SweLL and dab stores are tested in store.test.ts and dab_model.test.ts; these cover the paths
 * neither of them reaches.
 */
class TextStore extends VersionedStore<string, { text: string }> {
  constructor(text: string, opts: VersionedOptions<{ text: string }>) {
    super(text, opts);
  }
  get text(): string {
    return this.current;
  }
  set(text: string): void {
    this.push(text);
  }
  keepMine(): void {
    if (this.conflict) this.adopt(this.conflict, null);
  }
  protected prepare(text: string): Prepared<{ text: string }> {
    return text.includes("#") ? { ok: false, message: "Not saved: no # allowed" } : { ok: true, payload: { text } };
  }
  protected theirsFrom(other: VersionInfo): string | null {
    const g: unknown = other.graph;
    return typeof g === "string" ? g : null;
  }
  protected merge(base: string, mine: string, theirs: string): { state: string; overlaps: number } {
    return { state: `${mine}+${theirs}`, overlaps: mine !== base && theirs !== base ? 1 : 0 };
  }
}

class Server implements VersionBackend<{ text: string }> {
  version = 1;
  text = "a";
  fail: unknown = null;
  calls: { base: number | null; text: string; at: number }[] = [];
  pending: (() => void) | null = null;
  hold = false;
  async save(base: number | null, payload: { text: string }): Promise<VersionInfo> {
    this.calls.push({ base, text: payload.text, at: Date.now() });
    if (this.hold) await new Promise<void>((resolve) => (this.pending = resolve));
    if (this.fail) throw this.fail;
    this.version++;
    this.text = payload.text;
    return { number: this.version, graph: payload.text as never };
  }
}

describe("VersionedStore", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps at most historyLimit undo steps", () => {
    const st = new TextStore("a", { version: 1, historyLimit: 3 });
    for (const t of ["b", "c", "d", "e", "f"]) st.set(t);
    expect(st.past).toEqual(["c", "d", "e"]);
    while (st.undo());
    expect(st.text).toBe("c");
    expect(st.redo()).toBe(true);
    expect(st.text).toBe("d");
  });

  it("doubles the offline retry delay up to 30 s and resets it after a save", async () => {
    const server = new Server();
    server.fail = new OfflineError("down");
    const st = new TextStore("a", { version: 1, backend: server, debounceMs: 10, retryMs: 8000 });
    st.set("b");
    await vi.advanceTimersByTimeAsync(10);
    expect(st.saveState).toBe("offline");
    for (const wait of [8000, 16000, 30000, 30000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      const before = server.calls.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls.length).toBe(before + 1);
    }
    server.fail = null;
    await vi.advanceTimersByTimeAsync(30000);
    expect(st.saveState).toBe("saved");
    expect(server.text).toBe("b");
    // the next outage starts again from the first delay
    server.fail = new ApiError(502, "bad gateway");
    st.set("c");
    await vi.advanceTimersByTimeAsync(10);
    expect(st.saveState).toBe("offline");
    const n = server.calls.length;
    await vi.advanceTimersByTimeAsync(8000);
    expect(server.calls.length).toBe(n + 1);
  });

  it("shows a 400's messages and a refused state without calling the server", async () => {
    const server = new Server();
    server.fail = new ApiError(400, { errors: ["edge e1 has no target"] });
    const st = new TextStore("a", { version: 1, backend: server, debounceMs: 10 });
    st.set("b");
    await vi.advanceTimersByTimeAsync(10);
    expect(st.saveState).toBe("error");
    expect(st.saveMessage).toBe("Not saved: edge e1 has no target");
    const n = server.calls.length;
    st.set("b#");
    await st.flush();
    expect(server.calls.length).toBe(n);
    expect([st.saveState, st.saveMessage]).toEqual(["error", "Not saved: no # allowed"]);
    expect(st.text).toBe("b#"); // the edit stays on screen
  });

  it("treats a 409 whose version it cannot read as an error, not a conflict", async () => {
    const server = new Server();
    server.fail = new ApiError(409, { detail: "conflict", current: { number: 5, graph: { scheme: "other" } } });
    const st = new TextStore("a", { version: 1, backend: server, debounceMs: 10 });
    st.set("b");
    await vi.advanceTimersByTimeAsync(10);
    expect(st.conflict).toBeNull();
    expect(st.saveState).toBe("error");
    expect(st.saveMessage).toBe("Not saved: conflict");
  });

  it("saves an edit made during a save right after it, on the new version", async () => {
    const server = new Server();
    server.hold = true;
    const st = new TextStore("a", { version: 1, backend: server, debounceMs: 10 });
    st.set("b");
    await vi.advanceTimersByTimeAsync(10);
    expect(st.saveState).toBe("saving");
    st.set("c");
    expect(st.saveState).toBe("unsaved");
    server.hold = false;
    server.pending?.();
    await vi.advanceTimersByTimeAsync(0);
    expect([server.calls.length, st.saveState, st.version]).toEqual([1, "unsaved", 2]);
    await vi.advanceTimersByTimeAsync(10); // the autosave runs again by itself
    expect(server.calls.map((c) => [c.base, c.text])).toEqual([[1, "b"], [2, "c"]]);
    expect([st.saveState, st.version, st.dirty]).toEqual(["saved", 3, false]);
  });

  it("on a conflict merges, takes theirs, or keeps mine on top of theirs", async () => {
    const setup = async (): Promise<[Server, TextStore]> => {
      const server = new Server();
      const st = new TextStore("a", { version: 1, backend: server, debounceMs: 10 });
      server.fail = new ApiError(409, { detail: "conflict", current: { number: 4, graph: "z", author: "bo" } });
      st.set("m");
      await vi.advanceTimersByTimeAsync(10);
      expect([st.saveState, st.saveMessage]).toEqual(["conflict", "bo saved version 4 meanwhile"]);
      server.fail = null;
      server.version = 4;
      return [server, st];
    };
    let [server, st] = await setup();
    expect(st.resolveMerge()).toBe(1);
    await st.flush();
    expect([server.calls.at(-1)?.base, server.text, st.saveState]).toEqual([4, "m+z", "saved"]);
    st.undo();
    expect(st.text).toBe("m"); // the pre-merge state is one undo away

    [server, st] = await setup();
    st.resolveReload();
    expect([st.text, st.saveState, st.version]).toEqual(["z", "saved", 4]);
    await st.flush();
    expect(server.calls.length).toBe(1); // nothing new to save

    [server, st] = await setup();
    const history = st.past.length;
    st.keepMine();
    expect([st.text, st.past.length, st.saveState]).toEqual(["m", history, "unsaved"]);
    await st.flush();
    expect([server.calls.at(-1)?.base, server.text]).toEqual([4, "m"]);
  });
});
