import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, OfflineError, type VersionInfo } from "../src/api/client";
import { type Graph, checkInvariant, fromText, targetText, toGraph, toSegments } from "../src/graph/graph";
import { FALLBACK_TAXONOMY } from "../src/graph/taxonomy";
import { applyLabel, setPseudonym } from "../src/editor/actions";
import { EditorStore, type SaveBackend } from "../src/editor/store";

const ctx = { seed: "e1", surrogates: {} };

class FakeServer implements SaveBackend {
  version = 1;
  graph: Graph;
  offline = false;
  calls = 0;
  constructor(g: Graph) {
    this.graph = g;
  }
  async save(base: number | null, graph: Graph): Promise<VersionInfo> {
    this.calls++;
    if (this.offline) throw new OfflineError("down");
    if (base !== this.version) {
      throw new ApiError(409, { detail: "conflict", current: { number: this.version, graph: this.graph, author: "bo" } });
    }
    this.version++;
    this.graph = structuredClone(graph);
    return { number: this.version, graph };
  }
}

function make(server: FakeServer): EditorStore {
  return new EditorStore({ tax: FALLBACK_TAXONOMY, ctx, graph: server.graph, version: server.version, backend: server, debounceMs: 100, retryMs: 50 });
}

describe("store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("undoes and redoes every action", () => {
    const server = new FakeServer(fromText("Hej Anna"));
    const st = make(server);
    st.apply((s) => applyLabel(st.env, s, 1, 1, "firstname_female").segments);
    const labelled = st.state;
    st.setComment("doc");
    expect(st.undo()).toBe(true);
    expect(st.state).toBe(labelled);
    expect(st.undo()).toBe(true);
    expect(st.state.segments[1]!.labels).toEqual([]);
    expect(st.dirty).toBe(false);
    expect(st.redo()).toBe(true);
    expect(st.redo()).toBe(true);
    expect(st.state.comment).toBe("doc");
    expect(st.redo()).toBe(false);
  });

  it("autosaves after a pause and reports the state", async () => {
    const server = new FakeServer(fromText("Hej Anna"));
    const st = make(server);
    const states: string[] = [];
    st.subscribe((w) => w === "save" && states.push(st.saveState));
    st.apply((s) => applyLabel(st.env, s, 1, 1, "firstname_female").segments);
    st.apply((s) => applyLabel(st.env, s, 1, 1, "gen").segments);
    expect(server.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(server.calls).toBe(1);
    expect(st.saveState).toBe("saved");
    expect(states).toContain("saving");
    expect(server.graph.edges["e-s1-t1"]!.labels).toEqual(["firstname_female", "gen", "1"]);
  });

  it("goes offline, retries and saves when the network is back", async () => {
    const server = new FakeServer(fromText("Hej Anna"));
    const st = make(server);
    server.offline = true;
    st.apply((s) => applyLabel(st.env, s, 1, 1, "firstname_female").segments);
    await vi.advanceTimersByTimeAsync(150);
    expect(st.saveState).toBe("offline");
    server.offline = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(st.saveState).toBe("saved");
    expect(server.version).toBe(2);
  });

  it("on a conflict merges the user's edits with the other version", async () => {
    const server = new FakeServer(fromText("Anna bor i Lund"));
    const st = make(server);
    // Someone else labels Lund and saves first.
    const other = make(server);
    other.apply((s) => applyLabel(other.env, s, 3, 3, "city").segments);
    await other.flush();
    st.apply((s) => applyLabel(st.env, s, 0, 0, "firstname_female").segments);
    await st.flush();
    expect(st.saveState).toBe("conflict");
    expect(st.conflict!.version.number).toBe(2);
    const mine = st.state;
    st.resolveMerge();
    const labels = st.state.segments.map((s) => s.labels[0] ?? "");
    expect(labels).toEqual(["firstname_female", "", "", "city"]);
    await st.flush();
    expect(st.saveState).toBe("saved");
    expect(server.version).toBe(3);
    expect(toSegments(server.graph).map((s) => s.labels[0] ?? "")).toEqual(labels);
    st.undo();
    expect(st.state).toBe(mine);
  });

  it("never hands out an id the merge already used", async () => {
    const server = new FakeServer(fromText("Anna bor i Lund"));
    const st = make(server);
    const other = make(server);
    other.apply((s) => setPseudonym(other.env, s, 3, "Nya Staden"));
    await other.flush();
    st.apply((s) => setPseudonym(st.env, s, 0, "Anna Maria Karin"));
    await st.flush();
    st.resolveMerge();
    st.apply((s) => setPseudonym(st.env, s, 2, "uti det"));
    const ids = toGraph(st.state.segments).target.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(checkInvariant(toGraph(st.state.segments))).toEqual([]);
  });

  it("on a conflict can reload the other version and keep the user's edits in undo", async () => {
    const server = new FakeServer(fromText("Anna bor"));
    const st = make(server);
    server.version = 5;
    st.apply((s) => applyLabel(st.env, s, 0, 0, "firstname_female").segments);
    const mine = st.state;
    await st.flush();
    st.resolveReload();
    expect(st.saveState).toBe("saved");
    expect(targetText(st.state.segments[0]!)).toBe("Anna ");
    st.undo();
    expect(st.state).toBe(mine);
    expect(toGraph(mine.segments).edges["e-s0-t0"]!.labels).toEqual(["firstname_female", "1"]);
  });

  it("refuses edits when read-only", () => {
    const server = new FakeServer(fromText("Anna"));
    const st = new EditorStore({ tax: FALLBACK_TAXONOMY, ctx, graph: server.graph, version: 1, readOnly: true });
    st.apply((s) => applyLabel(st.env, s, 0, 0, "city").segments);
    expect(st.state.segments[0]!.labels).toEqual([]);
    expect(st.saveState).toBe("read-only");
  });
});
