import { describe, expect, it } from "vitest";
import { IdSource, checkInvariant, fromText, targetText, toGraph, toSegments } from "../src/graph/graph";
import { FALLBACK_TAXONOMY } from "../src/graph/taxonomy";
import { type Env, applyLabel, setPseudonym } from "../src/editor/actions";
import { changedSince, mergeSegments } from "../src/editor/merge";

const ctx = { seed: "m", surrogates: {} };
const env = (segs: ReturnType<typeof toSegments>): Env => ({ tax: FALLBACK_TAXONOMY, ctx, ids: IdSource.forSegments(segs) });

describe("three-way merge", () => {
  const base = toSegments(fromText("Anna bor på Stora Torget i Lund"));

  it("keeps both sides' changes on different tokens and renumbers clashing new ids", () => {
    // Both sides type multi-word pseudonyms: both take the new id t7.
    let mine = applyLabel(env(base), base, 3, 4, "place").segments; // Stora Torget
    mine = setPseudonym(env(mine), mine, 3, "Norra Parken Torg");
    let theirs = applyLabel(env(base), base, 6, 6, "city").segments; // Lund
    theirs = setPseudonym(env(theirs), theirs, 6, "Nya Staden");
    expect(mine[3]!.target.map((t) => t.id)).toEqual(["t3", "t7", "t8"]);
    expect(theirs[6]!.target.map((t) => t.id)).toEqual(["t6", "t7"]);
    expect(changedSince(base, mine)).toHaveLength(1);
    const m = mergeSegments(base, "", mine, "", theirs, "");
    expect(m.overlaps).toBe(0);
    const labels = m.segments.map((s) => s.labels[0] ?? "");
    expect(labels).toEqual(["", "", "", "place", "", "city"]);
    expect(m.segments.map(targetText).join("")).toBe("Anna bor på Norra Parken Torg i Nya Staden ");
    expect(checkInvariant(toGraph(m.segments))).toEqual([]);
  });

  it("lets the user's version win where both changed the same tokens, and says so", () => {
    const mine = applyLabel(env(base), base, 0, 0, "firstname_female").segments;
    const theirs = applyLabel(env(base), base, 0, 0, "surname").segments;
    const m = mergeSegments(base, "", mine, "mine", theirs, "theirs");
    expect(m.overlaps).toBe(1);
    expect(m.segments[0]!.labels[0]).toBe("firstname_female");
    expect(m.comment).toBe("mine");
    expect(targetText(m.segments[0]!)).toBe(targetText(mine[0]!));
  });

  it("takes the other side's document comment when the user did not touch it", () => {
    const m = mergeSegments(base, "old", base, "old", base, "new");
    expect(m.comment).toBe("new");
  });

  it("splits the other side's span when the user relabelled part of it", () => {
    const theirs = applyLabel(env(base), base, 3, 4, "place").segments;
    const mine = applyLabel(env(base), base, 4, 4, "surname").segments;
    const m = mergeSegments(base, "", mine, "", theirs, "");
    expect(m.segments.map((s) => s.source.map((t) => t.text.trim()).join(" "))).toEqual([
      "Anna", "bor", "på", "Stora", "Torget", "i", "Lund",
    ]);
    expect(m.segments[4]!.labels[0]).toBe("surname");
    expect(m.segments[3]!.labels).toEqual([]);
    expect(checkInvariant(toGraph(m.segments))).toEqual([]);
  });
});
