import { describe, expect, it } from "vitest";
import { IdSource, checkInvariant, fromText, sourceText, targetText, toGraph, toSegments, type Segment } from "../src/graph/graph";
import { FALLBACK_TAXONOMY } from "../src/graph/taxonomy";
import {
  type Env, applyLabel, autoNumber, decideAll, mergeSpans, removeLabels, renumberEntity,
  resetPseudonym, setEdgeComment, setNumber, setPseudonym, splitSpan,
} from "../src/editor/actions";
import { inflect, pseudonymBase, readNumberWord } from "../src/editor/pseudonyms";
import { validate } from "../src/editor/validate";

const tax = FALLBACK_TAXONOMY;
const ctx = { seed: "essay-1", surrogates: {} };

function setup(text: string): { env: Env; segs: Segment[] } {
  const segs = toSegments(fromText(text));
  return { env: { tax, ctx, ids: IdSource.forSegments(segs) }, segs };
}

const target = (segs: Segment[]): string => segs.map(targetText).join("");
const at = (segs: Segment[], word: string): number => segs.findIndex((s) => sourceText(s).startsWith(word));

describe("labelling", () => {
  it("labels, numbers and pseudonymizes mentions of the same entity alike", () => {
    let { env, segs } = setup("Jag bor i Stockholm . Stokholm är fin och Stockholms hamn . Lund också");
    for (const w of ["Stockholm", "Stokholm", "Stockholms"]) {
      const i = at(segs, w);
      segs = applyLabel(env, segs, i, i, "city").segments;
    }
    segs = applyLabel(env, segs, at(segs, "Lund"), at(segs, "Lund"), "city").segments;
    const nums = ["Stockholm", "Stokholm", "Stockholms", "Lund"].map((w) => segs[at(segs, w)]!.labels);
    expect(nums).toEqual([["city", "1"], ["city", "1"], ["city", "1"], ["city", "2"]]);
    const t1 = targetText(segs[at(segs, "Stockholm")]!).trim();
    expect(targetText(segs[at(segs, "Stokholm")]!).trim()).toBe(t1);
    expect(t1).not.toBe("Stockholm");
    expect(targetText(segs[at(segs, "Lund")]!).trim()).not.toBe(t1);
    expect(checkInvariant(toGraph(segs))).toEqual([]);
  });

  it("keeps punctuation glued to a token outside the pseudonym", () => {
    let { env, segs } = setup("Jag bor i (Lund). Lunds hamn");
    segs = applyLabel(env, segs, 3, 3, "city").segments;
    segs = applyLabel(env, segs, 4, 4, "city").segments;
    segs = applyLabel(env, segs, 4, 4, "gen").segments;
    const name = targetText(segs[3]!).slice(1, -3);
    expect(targetText(segs[3]!)).toBe(`(${name}). `);
    expect(segs[4]!.labels).toEqual(["city", "gen", "1"]);
    expect(targetText(segs[4]!)).toBe(`${inflect(name, ["gen"])} `);
  });

  it("relabels a span and keeps its number", () => {
    let { env, segs } = setup("Hej Anna !");
    segs = applyLabel(env, segs, 1, 1, "firstname_male").segments;
    segs = applyLabel(env, segs, 1, 1, "firstname_female").segments;
    expect(segs[1]!.labels).toEqual(["firstname_female", "1"]);
  });

  it("toggles flags, inflects and drops foreign where it is not allowed", () => {
    let { env, segs } = setup("i Paris gator");
    segs = applyLabel(env, segs, 1, 1, "city").segments;
    segs = applyLabel(env, segs, 1, 1, "foreign").segments;
    expect(targetText(segs[1]!)).toBe("A-stad ");
    segs = applyLabel(env, segs, 1, 1, "gen").segments;
    expect(segs[1]!.labels).toEqual(["city", "foreign", "gen", "1"]);
    expect(targetText(segs[1]!)).toBe("A-stads ");
    segs = applyLabel(env, segs, 1, 1, "surname").segments;
    expect(segs[1]!.labels).not.toContain("foreign");
  });

  it("changing a running number makes every mention follow", () => {
    let { env, segs } = setup("Anna och Eva och Anna");
    segs = applyLabel(env, segs, 0, 0, "firstname_female").segments;
    segs = applyLabel(env, segs, 2, 2, "firstname_female").segments;
    segs = applyLabel(env, segs, 4, 4, "firstname_female").segments;
    expect(segs[4]!.labels).toContain("1");
    expect(targetText(segs[0]!)).toBe(targetText(segs[4]!));
    // Eva joins entity 1: she gets its pseudonym.
    const joined = setNumber(env, segs, 2, 1);
    expect(targetText(joined[2]!).trim()).toBe(targetText(joined[0]!).trim());
    // Entity 1 becomes 7: both mentions change together and stay equal.
    const renum = renumberEntity(env, segs, "firstname_female", 1, 7);
    expect(renum[0]!.labels).toContain("7");
    expect(renum[4]!.labels).toContain("7");
    expect(targetText(renum[0]!)).toBe(targetText(renum[4]!));
  });

  it("typed pseudonyms override and reset", () => {
    let { env, segs } = setup("Jag är nitton år");
    segs = applyLabel(env, segs, 2, 2, "age_string").segments;
    const auto = targetText(segs[2]!);
    expect(Number(auto)).toBeGreaterThanOrEqual(17);
    expect(Number(auto)).toBeLessThanOrEqual(21);
    segs = setPseudonym(env, segs, 2, "tjugo");
    expect(target(segs)).toBe("Jag är tjugo år ");
    segs = applyLabel(env, segs, 2, 2, "gen").segments;
    segs = applyLabel(env, segs, 2, 2, "gen").segments;
    segs = resetPseudonym(env, segs, 2);
    expect(targetText(segs[2]!)).toBe(auto);
  });

  it("a typed pseudonym goes to every mention of the entity, inflected", () => {
    let { env, segs } = setup("Anna och Annas bil");
    segs = applyLabel(env, segs, 0, 0, "firstname_female").segments;
    segs = applyLabel(env, segs, 2, 2, "firstname_female").segments;
    segs = applyLabel(env, segs, 2, 2, "gen").segments;
    segs = setPseudonym(env, segs, 0, "Greta");
    expect(target(segs)).toBe("Greta och Gretas bil ");
    expect(segs[2]!.custom).toBe(true);
  });

  it("splits, merges and removes spans", () => {
    let { env, segs } = setup("på Stora Torget i dag");
    segs = applyLabel(env, segs, 1, 2, "place").segments;
    expect(segs).toHaveLength(4);
    expect(target(segs)).toBe("på A-plats i dag ");
    segs = splitSpan(env, segs, 1);
    expect(segs).toHaveLength(5);
    segs = mergeSpans(env, segs, 1, 2).segments;
    expect(segs).toHaveLength(4);
    segs = removeLabels(env, segs, 1);
    expect(target(segs)).toBe("på Stora Torget i dag ");
    expect(checkInvariant(toGraph(segs))).toEqual([]);
  });

  it("accepts or rejects all automatic detections of a label", () => {
    let { env, segs } = setup("Anna och Eva");
    segs = applyLabel(env, segs, 0, 0, "firstname_female").segments;
    segs = applyLabel(env, segs, 2, 2, "firstname_female").segments;
    segs = segs.map((s) => ({ ...s, manual: false }));
    const accepted = decideAll(env, segs, "firstname_female", true);
    expect(accepted.filter((s) => s.labels.length).map((s) => s.manual)).toEqual([true, true]);
    expect(accepted[1]!.manual).toBe(false);
    const rejected = decideAll(env, segs, "firstname_female", false);
    expect(target(rejected)).toBe("Anna och Eva ");
  });

  it("keeps comments only on OBS!/Com! edges and validates", () => {
    let { env, segs } = setup("Jag kommer från Sverige");
    segs = applyLabel(env, segs, 3, 3, "country").segments;
    segs = applyLabel(env, segs, 1, 1, "OBS!").segments;
    let codes = validate(tax, segs).map((i) => i.code).sort();
    expect(codes).toEqual(["comment_missing", "open_obs", "sweden_as_country"]);
    segs = setEdgeComment(segs, 1, "check this");
    expect(toGraph(segs).edges["e-s1-t1"]!.comment).toBe("check this");
    codes = validate(tax, segs, "approve").filter((i) => i.level === "error").map((i) => i.code).sort();
    expect(codes).toEqual(["open_obs", "sweden_as_country"]);
    segs = applyLabel(env, segs, 1, 1, "OBS!").segments;
    expect(toGraph(segs).edges["e-s1-t1"]!.comment).toBeUndefined();
  });

  it("gives mark-up labels no running number", () => {
    let { env, segs } = setup("Jag är muslim och lärare");
    segs = applyLabel(env, segs, 2, 2, "city").segments;
    segs = applyLabel(env, segs, 2, 2, "sensitive").segments;
    expect(segs[2]!.labels).toEqual(["sensitive"]);
    expect(targetText(segs[2]!)).toBe("muslim ");
    segs = applyLabel(env, segs, 4, 4, "prof").segments;
    expect(validate(tax, segs)).toEqual([]);
  });

  it.each([
    [["gen"], "flag_alone"],
    [["3"], "number_alone"],
    [["city"], "missing_number"],
    [["city", "surname", "1"], "several_main_labels"],
    [["city", "1", "2"], "several_numbers"],
    [["surname", "foreign", "1"], "foreign_misplaced"],
    [["nonsense", "1"], "unknown_label"],
  ])("flags %j as %s", (labels, code) => {
    const { segs } = setup("Lund");
    segs[0] = { ...segs[0]!, labels, target: [{ id: "t0", text: "X " }] };
    expect(validate(tax, segs).map((i) => i.code)).toContain(code);
  });

  it("warns about one entity with two pseudonyms, ignoring glued punctuation", () => {
    const { segs } = setup("Lund. Lund Lund");
    const put = (i: number, t: string): void => {
      segs[i] = { ...segs[i]!, labels: ["city", "1"], target: [{ id: `t${i}`, text: t }] };
    };
    put(0, "Tuna. ");
    put(1, "Tuna ");
    expect(validate(tax, segs)).toEqual([]);
    put(2, "Ekeby ");
    const issues = validate(tax, segs);
    expect(issues.map((i) => [i.code, i.index])).toEqual([["inconsistent_pseudonym", 2]]);
    put(2, "Lund ");
    expect(validate(tax, segs).map((i) => i.code)).toEqual(["not_pseudonymized", "inconsistent_pseudonym"]);
  });

  it("numbers a new entity after the largest number in the essay", () => {
    const { segs } = setup("a b");
    segs[0] = { ...segs[0]!, labels: ["city", "4"] };
    expect(autoNumber(tax, segs, "surname", "b", undefined)).toBe(5);
  });
});

describe("pseudonyms", () => {
  it.each([
    ["zip_code", "123 45", "000 00"],
    ["date_digits", "2018-12-01", "1111-11-11"],
    ["phone_nr", "070-123 45 67", "000-000 00 00"],
    ["license_nr", "ABC 123", "ABC 000"],
    ["personid_nr", "850101-1234", "123456-0000"],
    ["email", "a@b.se", "email@dot.com"],
    ["url", "www.x.se", "url.com"],
    ["sensitive", "muslim", "muslim"],
  ])("%s %j → %j", (label, src, want) => {
    expect(pseudonymBase(ctx, label, 1, false, src, [])).toBe(want);
  });

  it("is deterministic and gives different numbers different names", () => {
    const a = pseudonymBase(ctx, "firstname_male", 1, false, "Ali", []);
    expect(pseudonymBase(ctx, "firstname_male", 1, false, "Ali", [])).toBe(a);
    const b = pseudonymBase(ctx, "firstname_male", 2, false, "Omar", [{ label: "firstname_male", number: 1, foreign: false, base: a }]);
    expect(b).not.toBe(a);
  });

  it("keeps years and ages within ±2", () => {
    for (let n = 1; n < 30; n++) {
      const y = Number(pseudonymBase(ctx, "year", n, false, "2013", []));
      expect(Math.abs(y - 2013)).toBeLessThanOrEqual(2);
    }
  });

  it.each([["nitton", 19], ["niotton", 19], ["tjugotre", 23], ["arton", 18], ["bil", null]])(
    "reads %s", (w, n) => expect(readNumberWord(w)).toBe(n),
  );

  it("inflects", () => {
    expect(inflect("Maria", ["gen"])).toBe("Marias");
    expect(inflect("Lars", ["gen"])).toBe("Lars");
    expect(inflect("B-stad", ["def", "gen"])).toBe("B-stadens");
    expect(inflect("A-land", ["pl"])).toBe("A-länder");
  });
});
