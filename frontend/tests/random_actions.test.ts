import { describe, expect, it } from "vitest";
import { IdSource, checkInvariant, fromText, sourceText, toGraph, toSegments, type Segment } from "../src/graph/graph";
import { FALLBACK_TAXONOMY } from "../src/graph/taxonomy";
import * as act from "../src/editor/actions";
import { prng } from "../src/editor/pseudonyms";
import { validate } from "../src/editor/validate";

const LABELS = ["city", "surname", "firstname_female", "OBS!", "Com!", "gen", "foreign", "place", "sensitive", "zip_code"];

describe("random action sequences", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("keep the graph invariant and the source text (seed %i)", (seed) => {
    const text = "Jag heter Anna Berg och bor i Stora Stokholm sedan 2015 . Ring 070-123 45 67 , Anna !";
    let segs: Segment[] = toSegments(fromText(text));
    const env: act.Env = { tax: FALLBACK_TAXONOMY, ctx: { seed: "r", surrogates: {} }, ids: IdSource.forSegments(segs) };
    const rnd = prng(seed);
    const pick = (n: number): number => Math.floor(rnd() * n);
    const n = segs.reduce((k, s) => k + s.source.length, 0);
    const seenIds = new Set<string>();
    for (let step = 0; step < 300; step++) {
      const a = pick(n);
      const b = Math.min(n - 1, a + pick(3));
      const owner = act.segmentIndexOf(segs, a);
      switch (pick(11)) {
        case 0:
        case 1:
          segs = act.applyLabel(env, segs, a, b, LABELS[pick(LABELS.length)]!).segments;
          break;
        case 2:
          segs = act.removeLabels(env, segs, owner);
          break;
        case 3:
          segs = act.setNumber(env, segs, owner, 1 + pick(5));
          break;
        case 4:
          segs = act.setPseudonym(env, segs, owner, ["X", "Nya Namnet", "A b c"][pick(3)]!);
          break;
        case 5:
          segs = act.splitSpan(env, segs, owner);
          break;
        case 6:
          segs = act.mergeSpans(env, segs, a, b).segments;
          break;
        case 7:
          segs = act.renumberEntity(env, segs, "city", 1 + pick(4), 1 + pick(6));
          break;
        case 8:
          segs = act.resetPseudonym(env, segs, owner);
          break;
        case 9:
          segs = act.decideAll(env, segs.map((x) => ({ ...x, manual: rnd() < 0.5 })), LABELS[pick(3)]!, rnd() < 0.5);
          break;
        case 10:
          segs = act.setEdgeComment(segs, owner, "c");
          break;
      }
      const g = toGraph(segs);
      expect(checkInvariant(g)).toEqual([]);
      expect(segs.map(sourceText).join("")).toBe(text.split(" ").join(" ") + " ");
      expect(toSegments(g)).toHaveLength(segs.length);
      for (const s of segs) for (const t of s.target) seenIds.add(t.id);
      validate(FALLBACK_TAXONOMY, segs);
    }
    expect(seenIds.size).toBeGreaterThan(20);
  });
});
