/**
 * The label set (SPEC §2) as the editor uses it. The server sends the authoritative taxonomy at
 * /api/taxonomy/ (`taxonomy_json()` of the library); `FALLBACK_TAXONOMY` is a compact copy used
 * by the unit tests and when an older server sends no taxonomy, so the editor never breaks.
 */

export type LabelKind = "main" | "flag" | "comment" | "number";

export interface LabelInfo {
  group: string;
  description: string;
  kind: LabelKind;
  replacement?: string;
  allowed_flags?: string[];
  optional?: boolean;
  /** Main labels that take a running number (mark-up labels such as sensitive do not). */
  numbered?: boolean;
  examples?: string[];
}

export interface Taxonomy {
  scheme: string;
  groups: { id: string; name: string; labels: string[] }[];
  labels: Record<string, LabelInfo>;
  legacy?: Record<string, string | null>;
  surrogates?: Partial<Record<SurrogateList, string[]>>;
}

export type SurrogateList =
  | "firstname_male"
  | "firstname_female"
  | "firstname_unknown"
  | "surname"
  | "swedish_towns"
  | "month_word"
  | "weekday";

export const FLAGS = ["gen", "def", "pl", "foreign"] as const;
export const FOREIGN_OK = ["area", "city", "place", "region", "geo"];

const GEO_FLAGS = ["gen", "def", "pl", "foreign"];
const MORPH = ["gen", "def", "pl"];

type Row = [name: string, group: string, kind: LabelKind, description: string, flags?: string[]];

// Descriptions condensed from the guideline (seeds/000 §2–§3).
const ROWS: Row[] = [
  ["gen", "morphology", "flag", "Genitive form, e.g. Volvos"],
  ["def", "morphology", "flag", "Definite form, e.g. Stadsbibliotekets"],
  ["pl", "morphology", "flag", "Plural form, e.g. Mölndalsbor"],
  ["firstname_male", "names", "main", "Male first name", MORPH],
  ["firstname_female", "names", "main", "Female first name", MORPH],
  ["firstname_unknown", "names", "main", "First name of unknown gender", MORPH],
  ["initials", "names", "main", "Initials, e.g. A.B.", MORPH],
  ["middlename", "names", "main", "Middle name", MORPH],
  ["surname", "names", "main", "Family name", MORPH],
  ["area", "geographic", "main", "Part of a city outside Sweden (always foreign)", GEO_FLAGS],
  ["city", "geographic", "main", "City, town, village or city district", GEO_FLAGS],
  ["country", "geographic", "main", "Country (never Sweden)", MORPH],
  ["geo", "geographic", "main", "Other geographic name: lake, forest, mountain", GEO_FLAGS],
  ["place", "geographic", "main", "Specific place: street, square, bridge, stop", GEO_FLAGS],
  ["region", "geographic", "main", "Region larger than a city, e.g. Sörmland", GEO_FLAGS],
  ["street_nr", "geographic", "main", "Street or place number"],
  ["zip_code", "geographic", "main", "Zip or area code"],
  ["foreign", "geographic", "flag", "Outside Sweden (with area, city, place, region, geo)"],
  ["school", "institutions", "main", "Education-providing institution", MORPH],
  ["work", "institutions", "main", "The working place of the writer or a relative", MORPH],
  ["other_institution", "institutions", "main", "Other institution: team, NGO", MORPH],
  ["transport_name", "transportation", "main", "Named line or system, e.g. gröna linjen", MORPH],
  ["transport_nr", "transportation", "main", "Number of a line, e.g. buss 528"],
  ["age_digits", "age", "main", "Age in digits, e.g. 18"],
  ["age_string", "age", "main", "Age in words, e.g. arton"],
  ["date_digits", "dates", "main", "Date in digits, e.g. 2018-12-01"],
  ["day", "dates", "main", "Day of month or weekday"],
  ["month_digit", "dates", "main", "Month as a number"],
  ["month_word", "dates", "main", "Month name, e.g. januari"],
  ["year", "dates", "main", "Year, e.g. 2013"],
  ["account_nr", "misc", "main", "Bank account number"],
  ["email", "misc", "main", "E-mail address"],
  ["extra", "misc", "main", "Other identifying detail (pseudonymize by hand)"],
  ["license_nr", "misc", "main", "Licence or registration number, e.g. ABC 123"],
  ["other_nr_seq", "misc", "main", "Other number sequence"],
  ["phone_nr", "misc", "main", "Phone number"],
  ["personid_nr", "misc", "main", "Personal identity number"],
  ["url", "misc", "main", "Web address"],
  ["edu", "markup", "main", "Education (mark-up only)"],
  ["fam", "markup", "main", "Family members (mark-up only)"],
  ["prof", "markup", "main", "Profession (mark-up only)"],
  ["sensitive", "markup", "main", "Politics, religion, sexuality, ethnicity (mark-up only)"],
  ["Cit-FL", "other", "main", "Citation in a foreign language (kept as written)"],
  ["Com!", "other", "comment", "Comment kept for corpus users"],
  ["OBS!", "other", "comment", "Attention: needs a decision (internal)"],
];

const UNNUMBERED = new Set(["edu", "fam", "prof", "sensitive", "Cit-FL"]);

const GROUP_NAMES: Record<string, string> = {
  morphology: "Morphology",
  names: "Names",
  geographic: "Geographic data",
  institutions: "Institutions",
  transportation: "Transportation",
  age: "Age",
  dates: "Dates",
  misc: "Misc numbers",
  markup: "Mark-up only",
  other: "Other",
};

export const FALLBACK_TAXONOMY: Taxonomy = (() => {
  const labels: Record<string, LabelInfo> = {};
  const groups: Taxonomy["groups"] = [];
  for (const [name, group, kind, description, flags] of ROWS) {
    const numbered = kind === "main" && !UNNUMBERED.has(name);
    labels[name] = { group, kind, description, allowed_flags: flags ?? [], numbered, examples: [] };
    let g = groups.find((x) => x.id === group);
    if (!g) {
      g = { id: group, name: GROUP_NAMES[group] ?? group, labels: [] };
      groups.push(g);
    }
    g.labels.push(name);
  }
  return { scheme: "swell", groups, labels };
})();

/** Is this label a running number? */
export function isNumber(label: string): boolean {
  return /^\d+$/.test(label);
}

/** Kind of a label under a taxonomy (unknown labels count as main labels: they need a look). */
export function kindOf(tax: Taxonomy, label: string): LabelKind {
  if (isNumber(label)) return "number";
  const info = tax.labels[label];
  if (info) return info.kind;
  if ((FLAGS as readonly string[]).includes(label)) return "flag";
  return label.includes("!") ? "comment" : "main";
}

/** The main (non-flag, non-comment) labels of an edge. */
export function mainLabels(tax: Taxonomy, labels: readonly string[]): string[] {
  return labels.filter((l) => kindOf(tax, l) === "main");
}

/** Does this main label take a running number? */
export function isNumbered(tax: Taxonomy, label: string): boolean {
  return kindOf(tax, label) === "main" && tax.labels[label]?.numbered !== false;
}

export function numbersOf(labels: readonly string[]): number[] {
  return labels.filter(isNumber).map(Number);
}

export function flagsOf(tax: Taxonomy, labels: readonly string[]): string[] {
  return labels.filter((l) => kindOf(tax, l) === "flag");
}

/** Canonical label order on an edge: main, flags, comments, number (as SVALA writes them). */
export function sortLabels(tax: Taxonomy, labels: readonly string[]): string[] {
  const rank: Record<LabelKind, number> = { main: 0, flag: 1, comment: 2, number: 3 };
  return [...new Set(labels)].sort((a, b) => rank[kindOf(tax, a)] - rank[kindOf(tax, b)]);
}

/** Merge a server taxonomy over the fallback so missing fields never break the editor. */
export function normalizeTaxonomy(raw: Partial<Taxonomy> | null | undefined): Taxonomy {
  if (!raw || !raw.labels || !raw.groups) return FALLBACK_TAXONOMY;
  const labels: Record<string, LabelInfo> = {};
  for (const [name, info] of Object.entries(raw.labels)) {
    const fb = FALLBACK_TAXONOMY.labels[name];
    labels[name] = {
      group: info.group ?? fb?.group ?? "other",
      description: info.description ?? fb?.description ?? "",
      kind: info.kind ?? fb?.kind ?? "main",
      replacement: info.replacement,
      allowed_flags: info.allowed_flags ?? fb?.allowed_flags ?? [],
      optional: info.optional ?? false,
      numbered: info.numbered ?? fb?.numbered ?? (info.kind ?? fb?.kind) === "main",
      examples: info.examples ?? [],
    };
  }
  return {
    scheme: raw.scheme ?? "swell",
    groups: raw.groups,
    labels,
    legacy: raw.legacy ?? {},
    surrogates: raw.surrogates ?? {},
  };
}

/**
 * The palette's view of the taxonomy for one project: disabled labels and optional labels that
 * are not switched on are hidden (they still display and validate if an old graph has them).
 */
export function forProject(
  tax: Taxonomy,
  settings: { enabled_optional_labels?: string[]; disabled_labels?: string[] } | null | undefined,
): Taxonomy {
  const enabled = new Set(settings?.enabled_optional_labels ?? []);
  const disabled = new Set(settings?.disabled_labels ?? []);
  const groups = tax.groups
    .map((g) => ({
      ...g,
      labels: g.labels.filter((l) => !disabled.has(l) && (!tax.labels[l]?.optional || enabled.has(l))),
    }))
    .filter((g) => g.labels.length > 0);
  return { ...tax, groups };
}
