/**
 * Pseudonyms of SPEC §2.2, computed in the browser so the target updates the moment a label
 * changes (the server's `POST /pseudonyms/` re-roll stays the reference for "new pseudonyms").
 *
 * Determinism: the choice depends only on (essay seed, label, running number, source text), so
 * the same label + number gives the same pseudonym everywhere; entities that already hold a
 * pseudonym are avoided so different numbers get different names and letters.
 */
import type { SurrogateList } from "../graph/taxonomy";

export interface PseudonymContext {
  seed: string;
  surrogates: Partial<Record<SurrogateList, string[]>>;
  /** `list` = invented Swedish-looking towns, `letters` = A-stad, B-stad… (project setting). */
  swedishCities?: "list" | "letters";
}

/** Another entity of the essay: its pseudonym base form is not reused by a new number. */
export interface Taken {
  label: string;
  foreign: boolean;
  number: number;
  base: string;
}

// Short built-in lists for when the server sends none (unit tests, older servers).
export const FALLBACK_SURROGATES: Record<SurrogateList, string[]> = {
  firstname_male: ["Erik", "Lars", "Karl", "Anders", "Johan", "Per", "Nils", "Mikael", "Jan", "Hans"],
  firstname_female: ["Maria", "Anna", "Eva", "Karin", "Sara", "Lena", "Emma", "Kerstin", "Ingrid"],
  firstname_unknown: ["Kim", "Robin", "Alex", "Charlie", "Sam", "Love", "Tintin", "Mika"],
  surname: ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson"],
  swedish_towns: ["Tuna", "Sjöby", "Lindås", "Bergvik", "Ekeby", "Åsa", "Dalby", "Norrvik"],
  month_word: ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
    "september", "oktober", "november", "december"],
  weekday: ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"],
};

const PLACEHOLDER: Record<string, string> = {
  city: "stad",
  region: "region",
  area: "område",
  place: "plats",
  geo: "geoplats",
  country: "land",
  school: "skolan",
  work: "arbetsplatsen",
  other_institution: "institutionen",
  transport_name: "linjen",
};

// Definite and plural forms of the placeholder nouns (flags def / pl).
const DEF: Record<string, string> = {
  stad: "staden", region: "regionen", område: "området", plats: "platsen",
  geoplats: "geoplatsen", land: "landet",
};
const PL: Record<string, string> = {
  stad: "städer", region: "regioner", område: "områden", plats: "platser",
  geoplats: "geoplatser", land: "länder", skolan: "skolorna",
  arbetsplatsen: "arbetsplatserna", institutionen: "institutionerna", linjen: "linjerna",
};

const KEEP = new Set(["edu", "fam", "prof", "sensitive", "extra", "Cit-FL"]);
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 32-bit FNV-1a hash of a string: the seed of the per-entity generator. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG giving floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function list(ctx: PseudonymContext, name: SurrogateList): string[] {
  const l = ctx.surrogates[name];
  return l && l.length ? l : FALLBACK_SURROGATES[name];
}

function pickFree(candidates: string[], rnd: () => number, taken: Set<string>): string {
  const start = Math.floor(rnd() * candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[(start + k) % candidates.length]!;
    if (!taken.has(c)) return c;
  }
  return candidates[start]!;
}

function placeholderLetter(taken: Set<string>, noun: string): string {
  for (const letter of LETTERS) if (!taken.has(`${letter}-${noun}`)) return `${letter}-${noun}`;
  return `Z-${noun}`;
}

const NUMBER_WORDS: Record<string, number> = {
  noll: 0, en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9,
  tio: 10, elva: 11, tolv: 12, tretton: 13, fjorton: 14, femton: 15, sexton: 16, sjutton: 17,
  arton: 18, nitton: 19, tjugo: 20, trettio: 30, fyrtio: 40, femtio: 50, sextio: 60,
  sjuttio: 70, åttio: 80, nittio: 90,
};

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return dp[b.length]!;
}

/**
 * Read a Swedish number word (1–99), tolerating misspellings ("niotton", "sIxtton" → 19, 16).
 * Returns null when nothing fits.
 */
export function readNumberWord(text: string): number | null {
  const w = text.toLowerCase().replace(/[^a-zåäö]/g, "");
  if (!w) return null;
  const words = Object.entries(NUMBER_WORDS).sort((a, b) => b[0].length - a[0].length);
  const exact = (s: string): number | null => {
    if (s in NUMBER_WORDS) return NUMBER_WORDS[s]!;
    for (const [tens, v] of words) {
      if (v >= 20 && v % 10 === 0 && s.startsWith(tens)) {
        const rest = s.slice(tens.length);
        const unit = NUMBER_WORDS[rest];
        if (unit !== undefined && unit > 0 && unit < 10) return v + unit;
      }
    }
    return null;
  };
  const hit = exact(w);
  if (hit !== null) return hit;
  let best: [number, number] | null = null;
  for (const [word, v] of words) {
    const d = editDistance(w, word);
    const limit = word.length >= 6 ? 2 : 1;
    if (d <= limit && (!best || d < best[0])) best = [d, v];
  }
  return best ? best[1] : null;
}

/** Inflect a base pseudonym for the flags gen/def/pl (SPEC §2.2, last row). */
export function inflect(base: string, flags: readonly string[]): string {
  let out = base;
  const m = /^([A-Z])-(.+)$/.exec(base);
  if (m) {
    const noun = m[2]!;
    if (flags.includes("pl") && PL[noun]) out = `${m[1]}-${PL[noun]}`;
    else if (flags.includes("def") && DEF[noun]) out = `${m[1]}-${DEF[noun]}`;
  }
  if (flags.includes("gen") && !/[sxz]$/i.test(out)) out += "s";
  return out;
}

/** Undo `inflect` for a known label, to share the base form between mentions. */
export function baseForm(text: string, label: string, flags: readonly string[]): string {
  let out = text.trim();
  if (flags.includes("gen") && /s$/.test(out) && !/[sxz]s$/i.test(out)) out = out.slice(0, -1);
  const noun = PLACEHOLDER[label];
  const m = /^([A-Z])-(.+)$/.exec(out);
  if (noun && m) out = `${m[1]}-${noun}`;
  return out;
}

function mapChars(text: string, digit: (c: string) => string, letter?: () => string): string {
  return [...text].map((c) => (/\d/.test(c) ? digit(c) : letter && /\p{L}/u.test(c) ? letter() : c)).join("");
}

/**
 * The base (uninflected) pseudonym of one entity.
 *
 * @example pseudonymBase(ctx, "zip_code", 3, false, "123 45", []) === "000 00"
 */
export function pseudonymBase(
  ctx: PseudonymContext,
  label: string,
  number: number,
  foreign: boolean,
  source: string,
  others: readonly Taken[],
): string {
  const src = source.trim();
  const rnd = prng(hash32(`${ctx.seed}|${label}|${number}|${src.toLowerCase()}`));
  const takenSame = new Set(
    others.filter((o) => o.label === label && o.number !== number).map((o) => o.base),
  );
  if (KEEP.has(label)) return src;
  switch (label) {
    case "firstname_male":
    case "firstname_female":
    case "firstname_unknown":
    case "surname":
      return pickFree(list(ctx, label), rnd, takenSame);
    case "middlename":
    case "initials":
      return "A";
    case "city":
      if (!foreign && ctx.swedishCities !== "letters") {
        return pickFree(list(ctx, "swedish_towns"), rnd, takenSame);
      }
      return placeholderLetter(takenSame, "stad");
    case "region":
    case "area":
    case "place":
    case "geo":
    case "country":
    case "school":
    case "work":
    case "other_institution":
    case "transport_name":
      return placeholderLetter(takenSame, PLACEHOLDER[label]!);
    case "transport_nr": {
      for (let n = 1; ; n++) if (!takenSame.has(String(n))) return String(n);
    }
    case "street_nr":
      return String(1 + Math.floor(rnd() * 30));
    case "zip_code": {
      let k = 0;
      return mapChars(src, () => "0", () => LETTERS[k++ % 26]!);
    }
    case "age_digits":
    case "age_string": {
      const n = label === "age_digits" ? Number.parseInt(src.replace(/\D/g, ""), 10) : readNumberWord(src);
      if (n === null || Number.isNaN(n)) return src;
      return String(Math.max(1, n - 2 + Math.floor(rnd() * 5)));
    }
    case "year": {
      const n = Number.parseInt(src.replace(/\D/g, ""), 10);
      if (Number.isNaN(n)) return src;
      const y = n - 2 + Math.floor(rnd() * 5);
      return src.replace(/\d+/, String(y).padStart(src.replace(/\D/g, "").length, "0"));
    }
    case "day": {
      const weekdays = list(ctx, "weekday");
      if (weekdays.some((w) => src.toLowerCase().startsWith(w.toLowerCase().slice(0, 3)))) {
        return weekdays[Math.floor(rnd() * weekdays.length)]!;
      }
      return String(1 + Math.floor(rnd() * 28));
    }
    case "month_digit":
      return String(1 + Math.floor(rnd() * 12));
    case "month_word": {
      const months = list(ctx, "month_word");
      return months[Math.floor(rnd() * months.length)]!;
    }
    case "date_digits":
      return mapChars(src, () => "1");
    case "phone_nr":
    case "account_nr":
    case "other_nr_seq":
      return mapChars(src, () => "0");
    case "personid_nr":
      return "123456-0000";
    case "license_nr": {
      let k = 0;
      return mapChars(src, () => "0", () => LETTERS[k++ % 26]!);
    }
    case "email":
      return "email@dot.com";
    case "url":
      return "url.com";
    default:
      // Unknown or optional labels: keep the text; the annotator types a pseudonym if needed.
      return src;
  }
}
