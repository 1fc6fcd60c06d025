import { describe, expect, it } from "vitest";
import type { EssaySummary } from "../src/api/client";
import { conflictVersion, errorMessages } from "../src/api/client";
import { FALLBACK_TAXONOMY, forProject, normalizeTaxonomy } from "../src/graph/taxonomy";
import { nextEssay, sortEssays } from "../src/views/essays";
import { filterLabels, tooltip } from "../src/views/palette";

const essay = (id: number, status: string, labels: number, ext: string): EssaySummary => ({
  id, external_id: ext, project: 1, status, level: "A1", genre: "narrative", topic: null,
  current_version: 1, label_count: labels, open_obs_count: 0, assignees: [], updated_at: "",
});

describe("my essays", () => {
  const rows = [essay(1, "submitted", 3, "E-10"), essay(2, "in_annotation", 9, "E-2"), essay(3, "pre_pseudonymized", 1, "E-1")];

  it("sorts by status in life-cycle order and by id numerically", () => {
    expect(sortEssays(rows, "status", false).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortEssays(rows, "external_id", false).map((r) => r.external_id)).toEqual(["E-1", "E-2", "E-10"]);
    expect(sortEssays(rows, "label_count", true).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it("opens the first essay that is still open", () => {
    expect(nextEssay(sortEssays(rows, "label_count", true))!.id).toBe(2);
    expect(nextEssay([rows[0]!])).toBeUndefined();
  });
});

describe("palette", () => {
  it("filters by name prefix first, then by part and description", () => {
    expect(filterLabels(FALLBACK_TAXONOMY, "city")[0]).toBe("city");
    expect(filterLabels(FALLBACK_TAXONOMY, "fem")[0]).toBe("firstname_female");
    expect(filterLabels(FALLBACK_TAXONOMY, "unknown")).toEqual(["firstname_unknown"]);
    expect(filterLabels(FALLBACK_TAXONOMY, "lake")).toEqual(["geo"]);
    expect(filterLabels(FALLBACK_TAXONOMY, "zzz")).toEqual([]);
  });

  it("shows descriptions, guideline examples and the shortcut as tooltip", () => {
    const tax = normalizeTaxonomy({
      scheme: "swell",
      groups: [{ id: "geo", name: "Geographic", labels: ["city"] }],
      labels: { city: { group: "geo", kind: "main", description: "A town", examples: ["Jag bor i Lund"] } },
    });
    expect(tooltip(tax, "city")).toBe("city: A town\nExamples: Jag bor i Lund\nShortcut: c");
  });
});

describe("project taxonomy", () => {
  it("hides disabled labels and optional labels that are not switched on", () => {
    const tax = normalizeTaxonomy({
      scheme: "swell",
      groups: [{ id: "names", name: "Names", labels: ["surname"] }, { id: "optional", name: "Optional", labels: ["nickname", "hobby"] }],
      labels: {
        surname: { group: "names", kind: "main", description: "" },
        nickname: { group: "optional", kind: "main", description: "", optional: true },
        hobby: { group: "optional", kind: "main", description: "", optional: true },
      },
    });
    expect(forProject(tax, null).groups.map((g) => g.id)).toEqual(["names"]);
    const on = forProject(tax, { enabled_optional_labels: ["hobby"], disabled_labels: ["surname"] });
    expect(on.groups).toEqual([{ id: "optional", name: "Optional", labels: ["hobby"] }]);
    expect(on.labels.surname).toBeDefined();
  });
});

describe("api helpers", () => {
  it("reads the other version from a 409 body", () => {
    const g = { source: [], target: [], edges: {} };
    expect(conflictVersion({ detail: "x", current: { number: 4, graph: g } })?.number).toBe(4);
    expect(conflictVersion({ detail: "x" })).toBeNull();
  });

  it("turns error bodies into messages", () => {
    expect(errorMessages({ errors: ["a", { message: "b" }] })).toEqual(["a", "b"]);
    expect(errorMessages({ detail: "nope" })).toEqual(["nope"]);
    expect(errorMessages({ base_version: ["required"] })).toEqual(['base_version: ["required"]']);
  });
});
