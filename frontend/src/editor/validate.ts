/**
 * The annotation rules of SPEC §2, checked in the browser for the side panel (the server's
 * `validate_graph` is the authority on submit; the codes here follow the same rules).
 */
import { type Segment, segmentId, sourceText } from "../graph/graph";
import { FOREIGN_OK, type Taxonomy, isNumber, kindOf, mainLabels, numbersOf } from "../graph/taxonomy";

export interface Issue {
  level: "error" | "warning";
  code: string;
  message: string;
  edge_id: string | null;
  /** Index of the segment in the editor (not sent to the server). */
  index?: number;
}

const SWEDEN = new Set(["sverige", "sveriges", "sweden", "swedens"]);

/** Validate the segments; `stage` "approve" turns a left-over OBS! into an error. */
export function validate(
  tax: Taxonomy,
  segments: readonly Segment[],
  stage: "submit" | "approve" = "submit",
): Issue[] {
  const issues: Issue[] = [];
  segments.forEach((s, index) => {
    if (!s.labels.length) return;
    const id = segmentId(s);
    const text = sourceText(s).trim();
    const add = (level: Issue["level"], code: string, message: string): void => {
      issues.push({ level, code, message: `“${text}”: ${message}`, edge_id: id, index });
    };
    const main = mainLabels(tax, s.labels);
    const nums = numbersOf(s.labels);
    if (main.length > 1) add("error", "several_main_labels", `more than one main label (${main.join(", ")})`);
    if (main.length >= 1 && nums.length === 0) add("error", "missing_number", "the label has no running number");
    if (nums.length > 1) add("error", "several_numbers", `more than one running number (${nums.join(", ")})`);
    if (main.length === 0 && nums.length > 0) add("error", "lone_number", "a running number stands alone");
    for (const l of s.labels) {
      if (!isNumber(l) && !(l in tax.labels) && kindOf(tax, l) === "main") {
        add("error", "unknown_label", `unknown label ${l}`);
      }
    }
    if (s.labels.includes("OBS!")) {
      add(stage === "approve" ? "error" : "warning", "open_obs", "OBS! is still open");
    }
    if (s.labels.some((l) => l.includes("!")) && !(s.comment ?? "").trim()) {
      add("error", "missing_comment", "OBS!/Com! needs a comment");
    }
    if (s.labels.includes("foreign") && !main.some((m) => FOREIGN_OK.includes(m))) {
      add("error", "foreign_misplaced", "foreign goes only with area, city, place, region or geo");
    }
    if (main.includes("area") && !s.labels.includes("foreign")) {
      add("error", "area_not_foreign", "area is always foreign");
    }
    if (main.includes("country") && SWEDEN.has(text.toLowerCase().replace(/[^a-zåäö]/g, ""))) {
      add("error", "sweden_country", "Sweden is never labelled as a country");
    }
    const allowed = new Set(main.flatMap((m) => tax.labels[m]?.allowed_flags ?? []));
    for (const l of s.labels) {
      if (kindOf(tax, l) === "flag" && l !== "foreign" && main.length && !allowed.has(l)) {
        add("warning", "flag_not_allowed", `${l} is unusual with ${main.join(", ")}`);
      }
    }
  });
  return issues;
}
