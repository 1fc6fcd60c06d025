import { describe, expect, it } from "vitest";
import {
  GraphError,
  IdSource,
  checkInvariant,
  dissolve,
  edgeId,
  fromText,
  joinRange,
  toGraph,
  toSegments,
  tokenize,
} from "../src/graph/graph";

describe("tokenize", () => {
  it.each([
    ["Jag heter Anna", ["Jag ", "heter ", "Anna "]],
    [" Jag  bor. ", [" Jag  ", "bor. "]],
    ["", []],
  ])("%j", (text, want) => {
    expect(tokenize(text)).toEqual(want);
  });
});

describe("graph", () => {
  it("builds aligned edges with sorted ids", () => {
    const g = fromText("a b c d e f g h i j k");
    expect(Object.keys(g.edges)).toContain("e-s10-t10");
    expect(edgeId(["t315", "s3"])).toBe("e-s3-t315");
    expect(checkInvariant(g)).toEqual([]);
  });

  it("round-trips through segments", () => {
    const g = fromText("Jag bor i Stockholm nu");
    expect(toGraph(toSegments(g))).toEqual(g);
  });

  it("reports broken graphs", () => {
    const g = fromText("a b");
    delete g.edges["e-s1-t1"];
    expect(checkInvariant(g)).toContain("token s1 is in no edge");
    expect(() => toSegments(g)).toThrow(GraphError);
  });

  it("rejects edges over tokens that are not adjacent", () => {
    const g = fromText("a b c");
    g.edges = {
      "e-s0-s2-t0-t2": { id: "e-s0-s2-t0-t2", ids: ["s0", "s2", "t0", "t2"], labels: [], manual: false },
      "e-s1-t1": { id: "e-s1-t1", ids: ["s1", "t1"], labels: [], manual: false },
    };
    expect(() => toSegments(g)).toThrow(/not next to each other/);
  });

  it("joins a range and splits partly covered spans back into plain tokens", () => {
    const segs = toSegments(fromText("a b c d e"));
    const ids = IdSource.forSegments(segs);
    const j1 = joinRange(segs, 1, 3, ids, (source, _old, free) => ({
      source, target: free, labels: ["x"], manual: true,
    }));
    expect(j1.index).toBe(1);
    expect(j1.segments.map((s) => s.source.length)).toEqual([1, 3, 1]);
    // Now label [0, 1]: the 3-token span is cut, c and d become plain again.
    const j2 = joinRange(j1.segments, 0, 1, ids, (source) => ({
      source, target: [{ id: ids.take(), text: "Z " }], labels: ["y"], manual: true,
    }));
    expect(j2.segments.map((s) => s.source.map((t) => t.id).join())).toEqual(["s0,s1", "s2", "s3", "s4"]);
    expect(j2.segments[1]!.labels).toEqual([]);
    const g = toGraph(j2.segments);
    expect(checkInvariant(g)).toEqual([]);
    const back = dissolve(j2.segments, 0, ids);
    expect(checkInvariant(toGraph(back))).toEqual([]);
    expect(back).toHaveLength(5);
  });

  it("never reuses ids", () => {
    const segs = toSegments(fromText("a b"));
    const ids = IdSource.forSegments(segs);
    expect(ids.take()).toBe("t2");
    expect(ids.take()).toBe("t3");
  });
});
