/**
 * A pseudonym typed by hand is stored in the graph (edge `typed: true`), survives saving and
 * reloading, and automatic pseudonyms never overwrite it afterwards (issue: it was kept only in
 * the editor's memory, so after a reload the next automatic pass replaced it).
 */
import { describe, expect, it } from "vitest";
import { IdSource, checkInvariant, fromText, targetText, toGraph, toSegments, type Graph, type Segment } from "../src/graph/graph";
import { FALLBACK_TAXONOMY } from "../src/graph/taxonomy";
import { type Env, applyLabel, repseudonymize, resetPseudonym, setPseudonym } from "../src/editor/actions";

const tax = FALLBACK_TAXONOMY;
const ctx = { seed: "essay-typed", surrogates: {} };
const envFor = (segs: Segment[]): Env => ({ tax, ctx, ids: IdSource.forSegments(segs) });
const target = (segs: Segment[]): string => segs.map(targetText).join("");
/** What the server stores and sends back: plain JSON. */
const reload = (g: Graph): Segment[] => toSegments(JSON.parse(JSON.stringify(g)) as Graph);

function typedAnna(): Segment[] {
  let segs = toSegments(fromText("Anna och Annas bil . Erik"));
  segs = applyLabel(envFor(segs), segs, 0, 0, "firstname_female").segments;
  segs = applyLabel(envFor(segs), segs, 2, 2, "firstname_female").segments;
  segs = applyLabel(envFor(segs), segs, 2, 2, "gen").segments;
  return setPseudonym(envFor(segs), segs, 0, "Greta");
}

describe("typed pseudonyms in the graph", () => {
  it("are stored as the edge attribute typed, only on the typed edges", () => {
    const g = toGraph(typedAnna());
    expect(checkInvariant(g)).toEqual([]);
    const typed = Object.values(g.edges).filter((e) => e.typed === true);
    expect(typed.map((e) => e.labels)).toEqual([["firstname_female", "1"], ["firstname_female", "gen", "1"]]);
    // every other edge keeps SVALA's own shape: no typed key at all
    for (const e of Object.values(g.edges)) if (!e.typed) expect("typed" in e).toBe(false);
  });

  it("survive a reload and are not overwritten by automatic pseudonyms", () => {
    const segs = reload(toGraph(typedAnna()));
    expect(segs[0]!.custom).toBe(true);
    expect(target(segs)).toBe("Greta och Gretas bil . Erik ");
    // the automatic pass over every segment (what a label change elsewhere triggers)
    const again = repseudonymize(envFor(segs), segs, new Set(segs));
    expect(target(again)).toBe("Greta och Gretas bil . Erik ");
    // labelling another entity leaves the typed name alone
    const more = applyLabel(envFor(again), again, 5, 5, "firstname_male").segments;
    expect(target(more).startsWith("Greta och Gretas bil . ")).toBe(true);
    expect(targetText(more[5]!).trim()).not.toBe("Erik");
    const gen = Object.values(toGraph(more).edges).find((e) => e.labels.includes("gen"))!;
    expect(gen.typed).toBe(true);
  });

  it("reset to the automatic pseudonym drops the mark", () => {
    const segs = reload(toGraph(typedAnna()));
    const reset = resetPseudonym(envFor(segs), segs, 0);
    const g = toGraph(reset);
    const edgeOf = (i: number) => Object.values(g.edges).find((e) => e.ids.includes(segs[i]!.source[0]!.id))!;
    expect(edgeOf(0).typed).toBeUndefined();
    expect(edgeOf(2).typed).toBe(true); // the other mention was not reset
    expect(reload(g)[0]!.custom).toBeUndefined();
  });

  it("a typed mark that is not a boolean breaks the invariant", () => {
    const g = toGraph(typedAnna());
    const e = Object.values(g.edges).find((x) => x.typed)!;
    (e as unknown as Record<string, unknown>).typed = "yes";
    expect(checkInvariant(g).join()).toContain("typed must be true or false");
  });
});
