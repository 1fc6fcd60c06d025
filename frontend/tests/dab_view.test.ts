import { describe, expect, it } from "vitest";
import type { DabMention } from "../src/dab/model";
import { CATEGORY_KEYS, initialStep, pieces, rememberStep, rememberedStep, stepKey } from "../src/dab/view";

const m = (id: string, start: number, end: number, text: string): DabMention => ({
  id, start, end, text: text.slice(start, end), label: "PERSON", identifier_type: "NO_MASK", confidential: null, entity: null,
});

describe("dab view helpers", () => {
  it("keys 1–8 name the eight categories in order", () => {
    expect(Object.values(CATEGORY_KEYS)).toEqual(["PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC"]);
  });

  it("splits the text at unit boundaries; the innermost unit owns a piece; units beat predictions", () => {
    const text = "Hr. Jens Hansen i Vejle";
    const outer = m("a", 0, 15, text);
    const inner = m("b", 4, 8, text);
    const pred = m("p", 18, 23, text);
    const ps = pieces(text, [outer, inner], [pred, m("q", 0, 3, text)]);
    expect(ps.map((p) => text.slice(p.start, p.end))).toEqual(["Hr.", " ", "Jens", " Hansen", " i ", "Vejle"]);
    expect(ps.map((p) => p.mention?.id ?? p.prediction?.id ?? null)).toEqual(["a", "a", "b", "a", null, "p"]);
    expect(ps.filter((p) => p.last).map((p) => p.mention?.id ?? p.prediction?.id)).toEqual(["b", "a", "p"]);
    expect(ps.map((p) => text.slice(p.start, p.end)).join("")).toBe(text);
  });

  it("remembers the step per document; ignores what is not a step and storage that refuses", () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    expect(rememberedStep(7, storage)).toBeNull();
    rememberStep(7, 2, storage);
    rememberStep(8, 0, storage);
    expect(rememberedStep(7, storage)).toBe(2);
    expect(rememberedStep(8, storage)).toBe(0);
    data.set(stepKey(9), "5");
    expect(rememberedStep(9, storage)).toBeNull();
    const full = { setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(() => rememberStep(7, 3, full)).not.toThrow();
    expect(rememberedStep(7, null)).toBeNull();
  });

  it("starts at the server's step, else the browser's copy, else the first-visit step", () => {
    expect(initialStep(2, 3, 1)).toBe(2);
    expect(initialStep(0, 3, 1)).toBe(0);
    expect(initialStep(null, 3, 1)).toBe(3);
    expect(initialStep(undefined, null, 1)).toBe(1);
    expect(initialStep(7, null, 0)).toBe(0);
    expect(initialStep(null, null, 3)).toBe(3);
  });
});
