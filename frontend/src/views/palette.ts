/**
 * The label palette: labels grouped as in the taxonomy, a filter box (type to filter, arrows to
 * move, Enter to apply, digits + Enter to set the running number), descriptions and guideline
 * examples as tooltips.
 */
import type { Taxonomy } from "../graph/taxonomy";
import { h } from "./dom";

export interface PaletteHandlers {
  apply(label: string): void;
  setNumber(n: number): void;
  close(): void;
}

/** Frequent labels and their one-key shortcuts in the source pane. */
export const SHORTCUTS: Record<string, string> = {
  f: "firstname_female",
  m: "firstname_male",
  u: "firstname_unknown",
  s: "surname",
  c: "city",
  k: "country",
  r: "region",
  p: "place",
  y: "year",
  a: "age_digits",
  o: "OBS!",
  g: "gen",
  d: "def",
  l: "pl",
  x: "foreign",
};

export function tooltip(tax: Taxonomy, label: string): string {
  const info = tax.labels[label];
  if (!info) return label;
  const ex = info.examples?.length ? `\nExamples: ${info.examples.slice(0, 4).join("; ")}` : "";
  const key = Object.entries(SHORTCUTS).find(([, l]) => l === label)?.[0];
  return `${label}: ${info.description}${ex}${key ? `\nShortcut: ${key}` : ""}`;
}

/** Labels matching the filter text, best first (prefix of the name, then substring, then description). */
export function filterLabels(tax: Taxonomy, text: string): string[] {
  const q = text.trim().toLowerCase();
  const all = tax.groups.flatMap((g) => g.labels);
  if (!q) return all;
  const score = (l: string): number => {
    const n = l.toLowerCase();
    if (n === q) return 0;
    if (n.startsWith(q)) return 1;
    if (n.split(/[_-]/).some((p) => p.startsWith(q))) return 2;
    if (n.includes(q)) return 3;
    if ((tax.labels[l]?.description ?? "").toLowerCase().includes(q)) return 4;
    return 9;
  };
  return all.map((l) => [l, score(l)] as const).filter(([, s]) => s < 9).sort((a, b) => a[1] - b[1]).map(([l]) => l);
}

export function buildPalette(tax: Taxonomy, active: Set<string>, on: PaletteHandlers): HTMLElement {
  const filter = h("input", {
    id: "palette-filter", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: "Type to filter, Enter to apply, digits for a number",
    "aria-label": "Filter labels", "aria-controls": "palette-list",
  });
  const list = h("div", { id: "palette-list", role: "listbox", "aria-label": "Labels" });
  const hint = h("div", { class: "palette-hint", "aria-live": "polite" });
  let shown: string[] = [];
  let cursor = 0;

  function render(): void {
    const q = filter.value.trim();
    const numeric = /^\d+$/.test(q);
    shown = numeric ? [] : filterLabels(tax, q);
    cursor = Math.min(cursor, Math.max(0, shown.length - 1));
    const keep = new Set(shown);
    const groups = tax.groups
      .map((g) => ({ g, labels: q ? shown.filter((l) => g.labels.includes(l)) : g.labels }))
      .filter((x) => x.labels.length);
    list.replaceChildren(...groups.map(({ g, labels }) => h("div", { class: "palette-group", role: "group", "aria-label": g.name },
      h("div", { class: "palette-group-name" }, g.name),
      labels.filter((l) => keep.has(l)).map((l) => {
        const idx = shown.indexOf(l);
        const b = h("button", {
          type: "button", class: `label-option${idx === cursor ? " current" : ""}${active.has(l) ? " on" : ""}`,
          "data-label": l, role: "option", "aria-selected": idx === cursor ? "true" : "false",
          "aria-pressed": active.has(l) ? "true" : "false", title: tooltip(tax, l), tabindex: "-1",
        }, l);
        b.addEventListener("click", () => on.apply(l));
        return b;
      }))));
    hint.textContent = numeric
      ? `Enter sets running number ${q}`
      : shown.length ? `Enter applies ${shown[cursor]}` : "No label matches";
  }

  filter.addEventListener("input", () => {
    cursor = 0;
    render();
  });
  filter.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      on.close();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (shown.length) cursor = (cursor + (e.key === "ArrowDown" ? 1 : shown.length - 1)) % shown.length;
      render();
      list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
    } else if (e.key === "Enter") {
      e.preventDefault();
      const q = filter.value.trim();
      if (/^\d+$/.test(q)) {
        if (Number(q) > 0) on.setNumber(Number(q));
      } else if (shown[cursor]) {
        on.apply(shown[cursor]!);
      }
    }
  });
  render();
  return h("div", { id: "palette", class: "palette", role: "dialog", "aria-label": "Label palette" },
    filter, hint, list,
    h("div", { class: "palette-foot" }, "Esc closes · ↑↓ choose · Enter applies · digits + Enter set the number"));
}
