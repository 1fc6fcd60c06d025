/**
 * "My essays": the essays assigned to the user with status, level, genre, number of labels and
 * open OBS!; filters, sorting and "open next". The list is per annotator, so filtering and sorting
 * happen in the browser and feel instant.
 */
import { type Api, type EssaySummary } from "../api/client";
import { h } from "./dom";

export interface EssaysBoot {
  editorUrl: string;
}

type SortKey = "external_id" | "status" | "level" | "genre" | "label_count" | "open_obs_count" | "updated_at";

const STATUS_ORDER = [
  "imported", "pre_pseudonymized", "in_annotation", "submitted", "in_review", "approved", "released",
];
const OPEN = new Set(["pre_pseudonymized", "in_annotation"]);

/** The essay "open next" picks: the first still-open essay in the current order. */
export function nextEssay(rows: readonly EssaySummary[]): EssaySummary | undefined {
  return rows.find((r) => OPEN.has(r.status));
}

export function sortEssays(rows: EssaySummary[], key: SortKey, desc: boolean): EssaySummary[] {
  const val = (r: EssaySummary): string | number => {
    if (key === "status") return STATUS_ORDER.indexOf(r.status);
    const v = r[key];
    return typeof v === "number" ? v : (v ?? "");
  };
  const sorted = [...rows].sort((a, b) => {
    const x = val(a);
    const y = val(b);
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "sv", { numeric: true });
    return c || a.id - b.id;
  });
  return desc ? sorted.reverse() : sorted;
}

export async function mountEssays(root: HTMLElement, api: Api, boot: EssaysBoot): Promise<void> {
  const url = (id: number): string => boot.editorUrl.replace("{id}", String(id));
  let rows: EssaySummary[];
  try {
    rows = await api.essays({ mine: "1" });
  } catch (e) {
    root.replaceChildren(h("p", { class: "error", role: "alert" }, `Could not load your essays: ${String(e)}`));
    return;
  }
  const params = new URLSearchParams(window.location.search);
  let sortKey = (params.get("sort") as SortKey | null) ?? "status";
  let desc = params.get("desc") === "1";

  const values = (k: "status" | "level" | "genre"): string[] =>
    [...new Set(rows.map((r) => r[k] ?? "").filter(Boolean))].sort();
  const select = (name: string, label: string, opts: string[]): HTMLSelectElement => {
    const s = h("select", { id: `filter-${name}`, name, "aria-label": label },
      h("option", { value: "" }, `${label}: all`),
      opts.map((o) => h("option", { value: o }, o.replace(/_/g, " "))));
    s.value = params.get(name) ?? "";
    s.addEventListener("change", render);
    return s;
  };
  const fStatus = select("status", "Status", values("status"));
  const fLevel = select("level", "Level", values("level"));
  const fGenre = select("genre", "Genre", values("genre"));
  const fText = h("input", { id: "filter-text", type: "search", placeholder: "Search id or topic", "aria-label": "Search" });
  fText.addEventListener("input", render);
  const openNext = h("button", { id: "open-next", type: "button", class: "primary" }, "Open next");
  const table = h("table", { id: "essays", class: "essays" });
  const count = h("p", { id: "essay-count", "aria-live": "polite" });

  const columns: [SortKey, string][] = [
    ["external_id", "Essay"], ["status", "Status"], ["level", "Level"], ["genre", "Genre"],
    ["label_count", "Labels"], ["open_obs_count", "Open OBS!"], ["updated_at", "Updated"],
  ];

  function filtered(): EssaySummary[] {
    const text = fText.value.trim().toLowerCase();
    const out = rows.filter((r) =>
      (!fStatus.value || r.status === fStatus.value) &&
      (!fLevel.value || r.level === fLevel.value) &&
      (!fGenre.value || r.genre === fGenre.value) &&
      (!text || `${r.external_id} ${r.topic ?? ""}`.toLowerCase().includes(text)));
    return sortEssays(out, sortKey, desc);
  }

  function render(): void {
    const list = filtered();
    const head = h("tr", {}, columns.map(([key, title]) => {
      const sortState = key === sortKey ? (desc ? "descending" : "ascending") : "none";
      const btn = h("button", { type: "button", class: "sort", "data-sort": key }, title, key === sortKey ? (desc ? " ▼" : " ▲") : "");
      btn.addEventListener("click", () => {
        if (sortKey === key) desc = !desc;
        else { sortKey = key; desc = false; }
        render();
      });
      return h("th", { "aria-sort": sortState, scope: "col" }, btn);
    }));
    const body = list.map((r) => h("tr", { "data-essay": r.id, class: `status-${r.status}` },
      h("td", {}, h("a", { href: url(r.id) }, r.external_id || `#${r.id}`)),
      h("td", {}, h("span", { class: `badge status-${r.status}` }, r.status.replace(/_/g, " "))),
      h("td", {}, r.level ?? ""),
      h("td", {}, r.genre ?? ""),
      h("td", { class: "num" }, String(r.label_count)),
      h("td", { class: r.open_obs_count ? "num obs" : "num" }, String(r.open_obs_count)),
      h("td", {}, r.updated_at ? new Date(r.updated_at).toLocaleString("sv-SE") : ""),
    ));
    table.replaceChildren(h("thead", {}, head), h("tbody", {}, body));
    count.textContent = `${list.length} of ${rows.length} essays`;
    const next = nextEssay(list);
    openNext.disabled = !next;
    openNext.title = next ? `Open ${next.external_id}` : "No open essay left";
  }

  openNext.addEventListener("click", () => {
    const next = nextEssay(filtered());
    if (next) window.location.href = url(next.id);
  });

  root.replaceChildren(
    h("h1", {}, "My essays"),
    h("div", { class: "toolbar", role: "toolbar", "aria-label": "Filters" }, fStatus, fLevel, fGenre, fText, openNext),
    count,
    rows.length ? table : h("p", {}, "No essays are assigned to you yet."),
  );
  render();
}
