import { describe, expect, it } from "vitest";
import { decisionsBySegment, describeDecision, sourceKeyOfEdge, type Decision } from "../src/editor/decisions";
import type { Segment } from "../src/graph/graph";

const seg = (ids: string[], labels: string[] = []): Segment => ({
  source: ids.map((id) => ({ id, text: `${id} ` })),
  target: ids.map((id) => ({ id: id.replace("s", "t9"), text: `${id} ` })),
  labels,
  manual: false,
});

const decision = (over: Partial<Decision>): Decision => ({
  id: 1, edge_id: "e-s4-t4", result_edge_id: "e-s4-t4", base_version: 2, version: 2,
  decision: "keep", label: "", replacement: "", decided_by: "lena-lead",
  decided_at: "2026-11-21T20:31:05.123456Z", ...over,
});

describe("review decisions in the editor", () => {
  it("reads the source tokens of an edge id", () => {
    expect(sourceKeyOfEdge("e-s4-t4")).toBe("s4");
    expect(sourceKeyOfEdge("e-s12-s13-t40")).toBe("s12 s13");
    expect(sourceKeyOfEdge("e-t3")).toBe("");
  });

  it("puts the latest decision on the segment with the decided source tokens", () => {
    const marks = [seg(["s3"]), seg(["s4"], ["sensitive"]), seg(["s5", "s6"], ["city", "1"])];
    const first = decision({ id: 1, decision: "keep", decided_at: "2026-11-21T20:00:00Z" });
    const later = decision({ id: 2, decision: "suppress", result_edge_id: "e-s4-t50", decided_at: "2026-11-21T21:00:00Z" });
    const other = decision({ id: 3, decision: "pseudonymize", label: "city", result_edge_id: "e-s5-s6-t51" });
    const found = decisionsBySegment(marks, [later, first, other]);
    expect(found.get(marks[1]!)?.id).toBe(2);
    expect(found.get(marks[2]!)?.decision).toBe("pseudonymize");
    expect(found.has(marks[0]!)).toBe(false);
    expect(decisionsBySegment(marks, []).size).toBe(0);
  });

  it("says what was decided, by whom and when", () => {
    expect(describeDecision(decision({ decision: "suppress" }))).toBe("Suppress · lena-lead · 2026-11-21 20:31 UTC");
    expect(describeDecision(decision({ decision: "pseudonymize", label: "city" }))).toBe("Pseudonymize as city · lena-lead · 2026-11-21 20:31 UTC");
    expect(describeDecision(decision({ decision: "pseudonymize", replacement: "en sjukdom" }))).toContain("as “en sjukdom”");
    expect(describeDecision(decision({}))).toMatch(/^Keep as written · lena-lead/);
  });
});
