/**
 * The annotation rules of SPEC §2, checked in the browser for the side panel (the server's
 * `validate_graph` is the authority on submit; the codes here follow the same rules).
 */
import { type Segment, segmentId, sourceText, targetText } from "../graph/graph";
import { FOREIGN_OK, type Taxonomy, isNumber, isNumbered, kindOf, mainLabels, numbersOf } from "../graph/taxonomy";

export interface Issue {
  level: "error" | "warning";
  code: string;
  message: string;
  edge_id: string | null;
  /** Index of the segment in the editor (not sent to the server). */
  index?: number;
}

const SWEDEN = new Set(["sverige", "sveriges", "sweden", "swedens"]);

const MORPH = new Set(["gen", "def", "pl"]);

function core(text: string): string {
  return text.trim().replace(/^[("'«»“”‘’[]+|[.,!?;:)"'«»“”‘’\]]+$/gu, "");
}

/**
 * Validate the segments; `stage` "approve" turns a left-over OBS! into an error. Codes follow
 * the library's `validate_graph`; pseudonyms are compared without glued punctuation.
 */
export function validate(
  tax: Taxonomy,
  segments: readonly Segment[],
  stage: "submit" | "approve" = "submit",
): Issue[] {
  const issues: Issue[] = [];
  const pseudonyms = new Map<string, Map<string, number>>();
  segments.forEach((s, index) => {
    if (!s.labels.length) return;
    const id = segmentId(s);
    const text = sourceText(s).trim();
    const add = (level: Issue["level"], code: string, message: string, at = index): void => {
      issues.push({ level, code, message: `“${text}”: ${message}`, edge_id: id, index: at });
    };
    const main = mainLabels(tax, s.labels);
    const nums = numbersOf(s.labels);
    for (const l of s.labels) {
      if (!isNumber(l) && !(l in tax.labels)) add("error", "unknown_label", `unknown label ${l}`);
    }
    if (main.length > 1) add("error", "several_main_labels", `more than one main label (${main.join(", ")})`);
    if (nums.length > 1) add("error", "several_numbers", `more than one running number (${nums.join(", ")})`);
    if (main.length === 0 && nums.length > 0) add("error", "number_alone", "a running number stands alone");
    if (main.length === 0 && s.labels.some((l) => MORPH.has(l))) add("error", "flag_alone", "a morphology flag needs a label");
    for (const m of main) {
      if (isNumbered(tax, m) && nums.length === 0) add("error", "missing_number", `${m} needs a running number`);
    }
    if (s.labels.includes("foreign") && !main.some((m) => FOREIGN_OK.includes(m))) {
      add("error", "foreign_misplaced", "foreign goes only with area, city, place, region or geo");
    }
    if (main.includes("area") && !s.labels.includes("foreign")) {
      add("warning", "area_without_foreign", "area is for places outside Sweden: add foreign");
    }
    if (main.includes("country") && SWEDEN.has(text.toLowerCase().replace(/[^a-zåäö]/g, ""))) {
      add("error", "sweden_as_country", "Sweden is never labelled as a country");
    }
    for (const c of ["OBS!", "Com!"]) {
      if (s.labels.includes(c) && !(s.comment ?? "").trim()) add("error", "comment_missing", `${c} needs a comment text`);
    }
    if (s.labels.includes("OBS!")) {
      add(stage === "approve" ? "error" : "warning", "open_obs", "OBS! is still open");
    }
    const allowed = new Set(main.flatMap((m) => tax.labels[m]?.allowed_flags ?? []));
    for (const l of s.labels) {
      if (kindOf(tax, l) === "flag" && l !== "foreign" && main.length && !allowed.has(l)) {
        add("warning", "flag_not_allowed", `${l} is unusual with ${main.join(", ")}`);
      }
    }
    if (main.length === 1 && nums.length === 1 && !KEEP.has(main[0]!)) {
      const flags = s.labels.filter((l) => kindOf(tax, l) === "flag").sort().join(",");
      const key = `${main[0]} ${nums[0]} ${flags}`;
      const seen = pseudonyms.get(key) ?? new Map<string, number>();
      pseudonyms.set(key, seen);
      const t = core(targetText(s));
      if (!seen.has(t)) seen.set(t, index);
      if (t === core(text) && !SAME_OK.has(main[0]!)) add("warning", "not_pseudonymized", `${main[0]} still reads “${t}” in the target`);
    }
  });
  for (const [key, seen] of pseudonyms) {
    if (seen.size > 1) {
      const [label, number] = key.split(" ");
      const at = [...seen.values()][1]!;
      issues.push({
        level: "warning", code: "inconsistent_pseudonym",
        message: `${label} ${number} has different pseudonyms: ${[...seen.keys()].join(", ")}`,
        edge_id: segmentId(segments[at]!), index: at,
      });
    }
  }
  return issues;
}

// Mark-up labels keep their text; these may by chance keep the same value.
const KEEP = new Set(["edu", "fam", "prof", "sensitive", "extra", "Cit-FL"]);
const SAME_OK = new Set(["age_digits", "age_string", "year", "day", "month_digit", "month_word", "street_nr"]);
