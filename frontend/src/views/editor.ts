/**
 * The three-pane editor: source text, the token-aligned graph ("spaghetti": columns of source
 * tokens, labels and target tokens joined by SVG lines) and the target text, with a side panel
 * for the selection, entities, automatic detections, checks and the document comment.
 *
 * Rendering strategy (a 2,000-token essay must react in < 50 ms): the two text panes are
 * rebuilt as one HTML string each (one span per token), the graph is virtualized (only rows in
 * view exist), and hover only toggles classes.
 */
import { ApiError, type Api, type EssayDetail, type ProjectInfo, errorMessages } from "../api/client";
import { type Segment, sourceText, targetText } from "../graph/graph";
import { type Taxonomy, FLAGS, forProject, isNumbered, kindOf, mainLabels, normalizeTaxonomy, numbersOf } from "../graph/taxonomy";
import * as act from "../editor/actions";
import { type Decision, decisionsBySegment, describeDecision } from "../editor/decisions";
import { EditorStore } from "../editor/store";
import { warnBeforeLeaving } from "../editor/versioned";
import { type Issue, validate } from "../editor/validate";
import { esc, h } from "./dom";
import { SHORTCUTS, buildPalette, tooltip } from "./palette";

/** Make `parent`'s children exactly `nodes`, moving only what changed (keeps layout work small). */
export function reconcile(parent: HTMLElement, nodes: readonly Node[]): void {
  let cur = parent.firstChild;
  for (const n of nodes) {
    if (cur === n) {
      cur = cur.nextSibling;
      continue;
    }
    parent.insertBefore(n, cur);
  }
  while (cur) {
    const next: ChildNode | null = cur.nextSibling;
    parent.removeChild(cur);
    cur = next;
  }
}

export interface EditorBoot {
  essayId: number;
  essaysUrl: string;
}

const ROW = 24;
const OVERSCAN = 12;

interface Range {
  anchor: number;
  focus: number;
}

/** Load the essay and taxonomy, then mount the editor. */
export async function mountEditor(root: HTMLElement, api: Api, boot: EditorBoot): Promise<EditorView | null> {
  const t0 = performance.now();
  let essay: EssayDetail;
  let tax: Taxonomy;
  let settings: ProjectInfo["settings"] | null = null;
  try {
    const [e, t] = await Promise.all([api.essay(boot.essayId), api.taxonomy().catch(() => null)]);
    essay = e;
    // The project's settings choose optional labels and the Swedish city strategy.
    const project = await api.project(e.project).catch(() => null);
    settings = project?.settings ?? null;
    tax = forProject(normalizeTaxonomy(t), settings);
  } catch (e) {
    const msg = e instanceof ApiError && e.status === 404 ? "This essay does not exist or is not assigned to you." : `Could not load the essay: ${String(e)}`;
    root.replaceChildren(h("p", { class: "error", role: "alert" }, msg), h("a", { href: boot.essaysUrl }, "← My essays"));
    return null;
  }
  if (!essay.current) {
    root.replaceChildren(h("p", { class: "error", role: "alert" }, "This essay has no version yet (it is still being imported)."));
    return null;
  }
  let store: EditorStore;
  try {
    store = new EditorStore({
      tax,
      ctx: {
        seed: `essay-${essay.id}`,
        surrogates: tax.surrogates ?? {},
        swedishCities: settings?.swedish_city_strategy === "placeholder" ? "letters" : "list",
      },
      graph: essay.current.graph,
      version: essay.current.number,
      readOnly: essay.read_only,
      backend: { save: (base, graph) => api.saveVersion(essay.id, base, graph) },
    });
  } catch (e) {
    root.replaceChildren(h("p", { class: "error", role: "alert" }, `The stored graph cannot be edited: ${String(e)}`));
    return null;
  }
  const view = new EditorView(root, api, essay, store, boot);
  // Exposed for the browser benchmark and debugging; not an API.
  (window as unknown as { swellEditor: EditorView }).swellEditor = view;
  view.loadMs = performance.now() - t0;
  // Review decisions are extra information: the editor works without them.
  void api.decisions(essay.id).then((list) => view.setDecisions(list), () => undefined);
  return view;
}

export class EditorView {
  loadMs = 0;
  readonly tax: Taxonomy;
  sel: Range | null = null;
  private hovered = -1;
  private rowEls = new Map<Segment, HTMLElement>();
  private sideKeys = { checks: "", automatic: "", entities: "" };
  private sections: Record<"selection" | "decisions" | "checks" | "automatic" | "entities" | "comment", HTMLElement> | null = null;
  private entityCache = new Map<string, HTMLElement>();
  private autoCache = new Map<Segment, HTMLElement>();
  private objIds = new WeakMap<Segment, number>();
  private nextObjId = 1;
  private hoverEls: HTMLElement[] = [];
  private selEls: HTMLElement[] = [];
  private srcEls: HTMLElement[] = [];
  private srcCls: string[] = [];
  private blockOf: number[] = [];
  private blockCount = 0;
  private tgtBlocks: HTMLElement[] = [];
  private tgtBlockSegs: Segment[][] = [];
  private tgtEls = new Map<Segment, HTMLElement>();
  private elSeg = new WeakMap<Element, Segment>();
  private segIndex = new Map<Segment, number>();
  private dragging = false;
  private srcOwner: number[] = [];
  private srcStart: number[] = [];
  private rowTop: number[] = [];
  private issues: Issue[] = [];
  private ownScroll = new Map<HTMLElement, number>();
  private commentTimer: ReturnType<typeof setTimeout> | null = null;
  private message = "";
  private decisionList: Decision[] = [];
  private decided = new Map<Segment, Decision>();
  private decisionsKey = "";

  private el!: {
    source: HTMLElement; graph: HTMLElement; rows: HTMLElement; spacer: HTMLElement; target: HTMLElement;
    side: HTMLElement; save: HTMLElement; undo: HTMLButtonElement; redo: HTMLButtonElement;
    submit: HTMLButtonElement; reroll: HTMLButtonElement; banner: HTMLElement; status: HTMLElement; palette: HTMLElement;
  };

  constructor(
    private root: HTMLElement,
    private api: Api,
    private essay: EssayDetail,
    readonly store: EditorStore,
    private boot: EditorBoot,
  ) {
    this.tax = store.env.tax;
    this.build();
    store.subscribe((what) => (what === "state" ? this.render() : this.renderSave()));
    this.render();
    this.renderSave();
    warnBeforeLeaving(store);
  }

  // ---------------------------------------------------------------- layout

  private build(): void {
    const undo = h("button", { id: "undo", type: "button", title: "Undo (Ctrl+Z)" }, "↶ Undo");
    const redo = h("button", { id: "redo", type: "button", title: "Redo (Ctrl+Y)" }, "↷ Redo");
    const submit = h("button", { id: "submit", type: "button", class: "primary" }, "Submit");
    const reroll = h("button", { id: "reroll", type: "button", title: "Ask the server for new random pseudonyms (undoable)" }, "New pseudonyms");
    reroll.addEventListener("click", () => void this.reroll());
    undo.addEventListener("click", () => this.store.undo());
    redo.addEventListener("click", () => this.store.redo());
    submit.addEventListener("click", () => void this.submit());
    const source = h("section", { id: "source-pane", class: "pane text-pane", tabindex: "0", "aria-label": "Source text: arrows move, Shift+arrows extend, Enter opens the labels" });
    const spacer = h("div", { class: "graph-spacer" });
    const rows = h("div", { class: "graph-rows" });
    spacer.append(rows);
    const graph = h("section", { id: "graph-pane", class: "pane", "aria-label": "Alignment graph" },
      h("div", { class: "graph-head", "aria-hidden": "true" }, h("span", {}, "source"), h("span", {}, "labels"), h("span", {}, "target")), spacer);
    const target = h("section", { id: "target-pane", class: "pane text-pane", tabindex: "0", "aria-label": "Pseudonymized text" });
    const side = h("aside", { id: "side", class: "side", "aria-label": "Details" });
    const save = h("span", { id: "save-state", role: "status", "aria-live": "polite" });
    const banner = h("div", { id: "banner", role: "alert" });
    const status = h("span", { id: "essay-status", class: `badge status-${this.essay.status}` }, this.essay.status.replace(/_/g, " "));
    const palette = h("div", { id: "palette-host", hidden: true });
    const help = h("details", { class: "help" }, h("summary", {}, "Keys"),
      h("ul", {},
        h("li", {}, "←/→ move, Shift+←/→ extend, ↑/↓ jump 10 tokens, [ / ] previous/next label"),
        h("li", {}, "Enter: label palette; Delete: remove label; Shift+A: accept the automatic label"),
        h("li", {}, "Ctrl+Z / Ctrl+Y: undo / redo"),
        h("li", {}, Object.entries(SHORTCUTS).map(([k, l]) => `${k}: ${l}`).join(" · "))));
    this.root.replaceChildren(h("div", { class: "editor" },
      h("div", { class: "topbar" },
        h("a", { href: this.boot.essaysUrl }, "← My essays"),
        h("h1", {}, this.essay.external_id || `Essay ${this.essay.id}`),
        status,
        h("span", { class: "meta" }, [this.essay.level, this.essay.genre, this.essay.topic].filter(Boolean).join(" · ")),
        h("span", { class: "spacer" }), undo, redo, reroll, save, submit, help),
      banner,
      h("div", { class: "panes" }, source, graph, target, side),
      palette));
    this.el = { source, graph, rows, spacer, target, side, save, undo, redo, submit, reroll, banner, status, palette };
    this.wire();
  }

  private wire(): void {
    const { source, target, graph, rows } = this.el;
    const segOf = (ev: Event): number => this.indexOfElement(ev.target as HTMLElement);
    const tokOf = (ev: Event): number => {
      const t = (ev.target as HTMLElement).closest<HTMLElement>("[data-s]");
      return t ? Number(t.dataset.s) : -1;
    };
    for (const pane of [source, target, rows]) {
      pane.addEventListener("mouseover", (ev) => this.hover(segOf(ev)));
      pane.addEventListener("mouseleave", () => this.hover(-1));
    }
    source.addEventListener("mousedown", (ev) => {
      const s = tokOf(ev);
      if (s < 0) return;
      ev.preventDefault();
      source.focus({ preventScroll: true });
      if ((ev.shiftKey || ev.ctrlKey || ev.metaKey) && this.sel) {
        // Shift/Ctrl-click extends the selection to the clicked token (spans are contiguous).
        const lo = Math.min(this.sel.anchor, this.sel.focus, s);
        const hi = Math.max(this.sel.anchor, this.sel.focus, s);
        this.select(ev.shiftKey ? { anchor: this.sel.anchor, focus: s } : { anchor: lo, focus: hi });
      } else {
        this.selectSegment(this.srcOwner[s]!);
        this.dragging = true;
      }
    });
    source.addEventListener("mouseover", (ev) => {
      if (!this.dragging || !this.sel) return;
      const s = tokOf(ev);
      if (s >= 0 && s !== this.sel.focus) this.select({ anchor: this.sel.anchor, focus: s });
    });
    window.addEventListener("mouseup", (ev) => {
      if (!this.dragging) return;
      this.dragging = false;
      if (this.sel && !this.store.readOnly && (ev.target as HTMLElement).closest("#source-pane")) this.openPalette();
    });
    const clickSelect = (ev: Event): void => {
      const i = segOf(ev);
      if (i >= 0) this.selectSegment(i);
    };
    target.addEventListener("click", clickSelect);
    rows.addEventListener("click", clickSelect);
    source.addEventListener("keydown", (ev) => this.sourceKey(ev));
    document.addEventListener("keydown", (ev) => this.globalKey(ev));
    graph.addEventListener("scroll", () => {
      this.renderRows();
      this.onScroll("graph", graph);
    });
    source.addEventListener("scroll", () => this.onScroll("source", source));
    target.addEventListener("scroll", () => this.onScroll("target", target));
    document.addEventListener("mousedown", (ev) => {
      if (!this.el.palette.hidden && !(ev.target as HTMLElement).closest("#palette-host, #source-pane")) this.closePalette(false);
    });
  }

  // ---------------------------------------------------------------- state helpers

  get segments(): Segment[] {
    return this.store.state.segments;
  }

  private range(): [number, number] | null {
    if (!this.sel) return null;
    return [Math.min(this.sel.anchor, this.sel.focus), Math.max(this.sel.anchor, this.sel.focus)];
  }

  /** The segment exactly covered by the selection, if any. */
  selectedSegment(): number {
    const r = this.range();
    if (!r) return -1;
    const i = this.srcOwner[r[0]];
    if (i === undefined || this.srcOwner[r[1]] !== i) return -1;
    const s = this.segments[i]!;
    return this.srcStart[i] === r[0] && r[1] - r[0] + 1 === s.source.length ? i : -1;
  }

  selectSegment(i: number): void {
    const s = this.segments[i];
    if (!s || !s.source.length) return;
    const start = this.srcStart[i]!;
    this.select({ anchor: start, focus: start + s.source.length - 1 });
  }

  select(r: Range | null): void {
    this.sel = r;
    this.renderSelection();
    this.renderSide(false);
  }

  /** Run an action on the store and keep the selection on the resulting span. */
  private run(fn: (segs: Segment[]) => Segment[] | { segments: Segment[]; index: number }): void {
    if (this.store.readOnly) return;
    if (this.message) {
      // A new action makes the last notice stale.
      this.message = "";
      this.renderBanner();
    }
    let index = -1;
    this.store.apply((segs) => {
      const out = fn(segs);
      if (Array.isArray(out)) return out;
      index = out.index;
      return out.segments;
    });
    if (index >= 0) this.selectSegment(index);
  }

  applyLabel(label: string): void {
    const r = this.range();
    if (!r) return;
    this.run((segs) => act.applyLabel(this.store.env, segs, r[0], r[1], label));
  }

  setNumber(n: number): void {
    const i = this.selectedSegment();
    const seg = this.segments[i];
    if (!seg || !mainLabels(this.tax, seg.labels).some((m) => isNumbered(this.tax, m))) {
      this.message = "Choose a label first: a running number never stands alone.";
      this.renderBanner();
      return;
    }
    this.run((segs) => ({ segments: act.setNumber(this.store.env, segs, i, n), index: i }));
  }

  // ---------------------------------------------------------------- keyboard

  private globalKey(ev: KeyboardEvent): void {
    const inField = (ev.target as HTMLElement).closest("input, textarea, select");
    if ((ev.ctrlKey || ev.metaKey) && !inField) {
      const k = ev.key.toLowerCase();
      if (k === "z" && !ev.shiftKey) {
        ev.preventDefault();
        this.store.undo();
      } else if (k === "y" || (k === "z" && ev.shiftKey)) {
        ev.preventDefault();
        this.store.redo();
      }
    }
  }

  private sourceKey(ev: KeyboardEvent): void {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const n = this.srcOwner.length;
    if (!n) return;
    const cur = this.sel ? this.sel.focus : -1;
    const move = (to: number): void => {
      ev.preventDefault();
      to = Math.max(0, Math.min(n - 1, to));
      if (ev.shiftKey && this.sel) this.select({ anchor: this.sel.anchor, focus: to });
      else this.select({ anchor: to, focus: to });
      this.reveal(this.srcOwner[to]!);
    };
    switch (ev.key) {
      case "ArrowRight": return move(cur + 1);
      case "ArrowLeft": return move(cur < 0 ? 0 : cur - 1);
      case "ArrowDown": return move(cur + 10);
      case "ArrowUp": return move(cur - 10);
      case "Home": return move(0);
      case "End": return move(n - 1);
      case "]":
      case "[": {
        ev.preventDefault();
        const from = cur < 0 ? -1 : this.srcOwner[cur]!;
        const step = ev.key === "]" ? 1 : -1;
        for (let i = from + step; i >= 0 && i < this.segments.length; i += step) {
          if (this.segments[i]!.labels.length) {
            this.selectSegment(i);
            this.reveal(i);
            break;
          }
        }
        return;
      }
      case "Escape":
        this.select(null);
        return;
    }
    if (!this.sel || this.store.readOnly) return;
    if (ev.key === "Enter") {
      ev.preventDefault();
      this.openPalette();
    } else if (ev.key === "Delete" || ev.key === "Backspace") {
      ev.preventDefault();
      const i = this.selectedSegment() >= 0 ? this.selectedSegment() : this.srcOwner[this.sel.focus]!;
      this.run((segs) => act.removeLabels(this.store.env, segs, i));
      this.selectSegment(i);
    } else if (ev.key === "A" && ev.shiftKey) {
      // Shift+A accepts the automatic label of the span (plain a is the age shortcut).
      ev.preventDefault();
      const i = this.selectedSegment();
      if (i >= 0) this.run((segs) => ({ segments: act.acceptDetection(segs, i), index: i }));
    } else if (ev.key.length === 1 && !ev.shiftKey && SHORTCUTS[ev.key]) {
      ev.preventDefault();
      this.applyLabel(SHORTCUTS[ev.key]!);
    }
  }

  // ---------------------------------------------------------------- palette

  openPalette(): void {
    if (!this.sel || this.store.readOnly) return;
    const i = this.selectedSegment();
    const active = new Set(i >= 0 ? this.segments[i]!.labels : []);
    const pal = buildPalette(this.tax, active, {
      apply: (label) => {
        this.applyLabel(label);
        this.closePalette(true);
      },
      setNumber: (n) => {
        this.setNumber(n);
        this.closePalette(true);
      },
      close: () => this.closePalette(true),
    });
    const host = this.el.palette;
    host.replaceChildren(pal);
    host.hidden = false;
    // Place the palette next to the selection, inside the window.
    const tok = this.el.source.querySelector<HTMLElement>(`[data-s="${Math.max(this.sel.anchor, this.sel.focus)}"]`);
    const rect = tok?.getBoundingClientRect();
    const top = Math.min((rect?.bottom ?? 120) + 6, window.innerHeight - 420);
    const left = Math.min(rect?.left ?? 40, window.innerWidth - 380);
    host.style.top = `${Math.max(8, top)}px`;
    host.style.left = `${Math.max(8, left)}px`;
    host.querySelector<HTMLInputElement>("#palette-filter")!.focus();
  }

  closePalette(refocus: boolean): void {
    this.el.palette.hidden = true;
    this.el.palette.replaceChildren();
    if (refocus) this.el.source.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- rendering

  /** Re-render everything that depends on the segments (called after every action). */
  render(): void {
    const segs = this.segments;
    this.srcOwner = [];
    this.srcStart = [];
    this.rowTop = [];
    let top = 0;
    segs.forEach((s, i) => {
      this.srcStart.push(this.srcOwner.length);
      for (let k = 0; k < s.source.length; k++) this.srcOwner.push(i);
      this.rowTop.push(top);
      top += ROW * Math.max(1, s.source.length, s.target.length);
    });
    this.rowTop.push(top);
    if (this.sel && Math.max(this.sel.anchor, this.sel.focus) >= this.srcOwner.length) this.sel = null;
    this.issues = validate(this.tax, segs);
    this.decided = decisionsBySegment(segs, this.decisionList);
    this.segIndex = new Map(segs.map((x, i) => [x, i]));
    this.updateSource();
    this.updateTarget();
    this.el.spacer.style.height = `${top}px`;
    this.renderRows();
    this.renderSelection();
    this.renderSide();
    this.el.undo.disabled = this.store.readOnly || !this.store.past.length;
    this.el.redo.disabled = this.store.readOnly || !this.store.future.length;
    this.el.submit.disabled = this.store.readOnly;
    this.el.reroll.disabled = this.store.readOnly;
    this.root.classList.toggle("read-only", this.store.readOnly);
    if (this.hovered >= 0) this.hover(this.hovered, true);
    if (this.store.conflict) this.renderBanner();
  }

  private segClass(s: Segment): string {
    if (!s.labels.length) return "";
    let c = " lab " + (s.manual ? "man" : "auto");
    if (s.labels.some((l) => l.includes("!"))) c += " obs";
    if (s.custom) c += " custom";
    const d = this.decided.get(s);
    if (d) c += ` decided d-${d.decision}`;
    return c;
  }

  /** Show the leads' review decisions on their marks (cached rows and targets are redrawn). */
  setDecisions(list: Decision[]): void {
    this.decisionList = list;
    this.rowEls = new Map();
    this.tgtEls = new Map();
    this.tgtBlockSegs = this.tgtBlocks.map(() => []);
    this.sideKeys = { checks: "", automatic: "", entities: "" };
    this.render();
  }

  /**
   * Source tokens never change, so their spans are built once, in display blocks (paragraphs,
   * or ~80-token runs ending a sentence) that the browser can lay out and skip independently.
   * Later renders only touch the class of tokens whose span changed.
   */
  private buildSource(): void {
    const segs = this.segments;
    const frag = document.createDocumentFragment();
    let block = h("div", { class: "blk" });
    let inBlock = 0;
    let si = 0;
    this.blockOf = [];
    let blockNo = 0;
    for (const seg of segs) {
      for (const t of seg.source) {
        const m = /^(\s*)(.*?)(\s*)$/s.exec(t.text)!;
        if (m[1]) block.append(m[1]);
        const span = h("span", { class: "tok", "data-s": si, "data-sid": t.id }, m[2]!);
        block.append(span);
        this.srcEls.push(span);
        this.srcCls.push("tok");
        this.blockOf.push(blockNo);
        si++;
        inBlock++;
        const para = m[3]!.includes("\n");
        const long = inBlock >= 80 && /[.!?]["')\]]*$/.test(m[2]!);
        // Paragraph breaks stay in the text; long runs are cut after a sentence end.
        block.append(para ? m[3]!.replace(/\n+$/, "") : m[3]!);
        if (para || long || inBlock >= 160) {
          frag.append(block);
          block = h("div", { class: para ? "blk para" : "blk" });
          inBlock = 0;
          blockNo++;
        }
      }
    }
    frag.append(block);
    this.blockCount = blockNo + 1;
    this.el.source.replaceChildren(frag);
    this.tgtBlocks = Array.from({ length: this.blockCount }, (_, k) => h("div", { class: k > 0 && this.el.source.children[k]?.classList.contains("para") ? "blk para" : "blk" }));
    this.tgtBlockSegs = this.tgtBlocks.map(() => []);
    this.el.target.replaceChildren(...this.tgtBlocks);
  }

  private updateSource(): void {
    if (!this.srcEls.length && this.srcOwner.length) this.buildSource();
    this.segments.forEach((seg, i) => {
      const cls = this.segClass(seg);
      const d = this.decided.get(seg);
      const title = seg.labels.join(" ") + (d ? ` · ${describeDecision(d)}` : "");
      const start = this.srcStart[i]!;
      for (let k = 0; k < seg.source.length; k++) {
        const c = `tok${cls}${k === 0 ? " first" : ""}`;
        const s = start + k;
        if (this.srcCls[s] !== c) {
          this.srcCls[s] = c;
          const el = this.srcEls[s]!;
          el.className = c;
          if (title) el.title = title;
          else el.removeAttribute("title");
        } else if (title && this.srcEls[s]!.title !== title) {
          this.srcEls[s]!.title = title;
        }
      }
    });
  }

  /** The target pane: one element per segment, reused while the segment object is the same. */
  private updateTarget(): void {
    const perBlock: Segment[][] = this.tgtBlocks.map(() => []);
    let last = 0;
    for (const seg of this.segments) {
      const b = seg.source.length ? this.blockOf[this.srcStart[this.segIndex.get(seg)!]!]! : last;
      last = b;
      perBlock[b]!.push(seg);
    }
    const keep = new Map<Segment, HTMLElement>();
    perBlock.forEach((list, b) => {
      const prev = this.tgtBlockSegs[b]!;
      const same = prev.length === list.length && prev.every((x, k) => x === list[k]);
      if (same) {
        for (const seg of list) keep.set(seg, this.tgtEls.get(seg)!);
        return;
      }
      const nodes = list.map((seg) => {
        let el = this.tgtEls.get(seg);
        if (!el) {
          const m = /^(\s*)(.*?)(\s*)$/s.exec(targetText(seg))!;
          const cls = this.segClass(seg);
          el = h("span", { class: `seg${cls ? " has" : ""}`, "data-sid": seg.source[0]?.id ?? "" },
            m[1] || null, h("span", { class: `tok${cls}` }, m[2]!), b < perBlock.length - 1 && list[list.length - 1] === seg ? m[3]!.replace(/\n+$/, "") : m[3] || null);
          this.elSeg.set(el, seg);
        }
        keep.set(seg, el);
        return el;
      });
      this.tgtBlocks[b]!.replaceChildren(...nodes);
      this.tgtBlockSegs[b] = list;
    });
    this.tgtEls = keep;
  }

  /** Index of the segment an element of any pane belongs to (-1 when none). */
  indexOfElement(el: HTMLElement | null): number {
    if (!el) return -1;
    const src = el.closest<HTMLElement>("#source-pane [data-s]");
    if (src) return this.srcOwner[Number(src.dataset.s)] ?? -1;
    const seg = el.closest<HTMLElement>("#target-pane .seg");
    if (seg) return this.segIndex.get(this.elSeg.get(seg)!) ?? -1;
    const row = el.closest<HTMLElement>("#graph-pane [data-i]");
    if (row) return Number(row.dataset.i);
    const jump = el.closest<HTMLElement>("[data-i]");
    return jump ? Number(jump.dataset.i) : -1;
  }

  /** The elements that show segment i: its source tokens, its target and its graph row. */
  private elementsOf(i: number): HTMLElement[] {
    const seg = this.segments[i];
    if (!seg) return [];
    const out: HTMLElement[] = [];
    const start = this.srcStart[i]!;
    for (let k = 0; k < seg.source.length; k++) out.push(this.srcEls[start + k]!);
    const t = this.tgtEls.get(seg);
    if (t) out.push(t);
    const row = this.el.rows.querySelector<HTMLElement>(`[data-i="${i}"]`);
    if (row) out.push(row);
    return out;
  }

  /** Only the rows in view exist in the DOM (virtualized graph). */
  private renderRows(): void {
    const pane = this.el.graph;
    const head = 24;
    const y0 = Math.max(0, pane.scrollTop - head);
    const y1 = y0 + pane.clientHeight + head;
    let lo = this.rowAt(y0) - OVERSCAN;
    let hi = this.rowAt(y1) + OVERSCAN;
    lo = Math.max(0, lo);
    hi = Math.min(this.segments.length - 1, hi);
    // Rows are cached per segment object: scrolling or an action only adds the rows that are new.
    const cache = new Map<Segment, HTMLElement>();
    const nodes: HTMLElement[] = [];
    const tpl = document.createElement("template");
    for (let i = lo; i <= hi; i++) {
      const seg = this.segments[i]!;
      let row = this.rowEls.get(seg);
      if (!row) {
        tpl.innerHTML = this.rowHtml(i);
        row = tpl.content.firstElementChild as HTMLElement;
      }
      if (row.dataset.i !== String(i)) {
        row.dataset.i = String(i);
        row.id = `row-${i}`;
      }
      const top = `${this.rowTop[i]}px`;
      if (row.style.top !== top) row.style.top = top;
      cache.set(seg, row);
      nodes.push(row);
    }
    this.rowEls = cache;
    reconcile(this.el.rows, nodes);
    this.renderSelection();
    if (this.hovered >= 0) this.hover(this.hovered, true);
  }

  private rowAt(y: number): number {
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.rowTop[mid]! <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private rowHtml(i: number): string {
    const s = this.segments[i]!;
    const n = Math.max(1, s.source.length, s.target.length);
    const hgt = n * ROW;
    const y = (k: number, count: number): number => (count ? (k + 0.5) * (hgt / count) : hgt / 2);
    const mid = hgt / 2;
    const src = s.source.map((t) => `<div class="cell">${esc(t.text.trim())}</div>`).join("");
    const tgt = s.target.map((t) => `<div class="cell">${esc(t.text.trim())}</div>`).join("");
    const labelled = s.labels.length > 0;
    const lines = (count: number, left: boolean): string => {
      const ls: string[] = [];
      for (let k = 0; k < count; k++) {
        ls.push(left ? `<line x1="0" y1="${y(k, count)}" x2="28" y2="${mid}"/>` : `<line x1="0" y1="${mid}" x2="28" y2="${y(k, count)}"/>`);
      }
      return `<svg class="ln" width="28" height="${hgt}" aria-hidden="true">${ls.join("")}</svg>`;
    };
    const d = this.decided.get(s);
    const decision = d ? `<span class="chip decision d-${d.decision}" title="${esc(describeDecision(d))}">${esc(d.decision)}</span>` : "";
    // a pseudonym typed by hand (stored as the edge's `typed`): reviewers see it in the graph
    const typed = s.custom ? `<span class="chip typed" title="Pseudonym typed by hand: new pseudonyms leave it alone">typed</span>` : "";
    const chips = labelled
      ? s.labels.map((l) => `<span class="chip k-${kindOf(this.tax, l)}">${esc(l)}</span>`).join("") + typed + decision
      : `<svg class="ln through" height="${hgt}" aria-hidden="true"><line x1="0" y1="${mid}" x2="100%" y2="${mid}"/></svg>`;
    return `<div class="row${this.segClass(s)}" data-i="${i}" id="row-${i}" style="top:${this.rowTop[i]}px;height:${hgt}px">` +
      `<div class="col src">${src}</div>${lines(s.source.length, true)}` +
      `<div class="col labels">${chips}</div>${lines(s.target.length, false)}<div class="col tgt">${tgt}</div></div>`;
  }

  private renderSelection(): void {
    for (const e of this.selEls) e.classList.remove("sel");
    this.selEls = [];
    const r = this.range();
    if (!r) return;
    const segs = new Set<number>();
    for (let s = r[0]; s <= r[1]; s++) {
      segs.add(this.srcOwner[s]!);
      this.selEls.push(this.srcEls[s]!);
    }
    for (const i of segs) {
      const row = this.el.rows.querySelector<HTMLElement>(`[data-i="${i}"]`);
      if (row) this.selEls.push(row);
      const t = this.tgtEls.get(this.segments[i]!);
      if (t) this.selEls.push(t);
    }
    for (const e of this.selEls) e.classList.add("sel");
  }

  /** Highlight segment i in all three panes. */
  hover(i: number, force = false): void {
    if (i === this.hovered && !force) return;
    for (const e of this.hoverEls) e.classList.remove("hover");
    this.hovered = i;
    this.hoverEls = i >= 0 ? this.elementsOf(i) : [];
    for (const e of this.hoverEls) e.classList.add("hover");
  }

  /**
   * Scroll a pane on the program's behalf. The scroll event that follows is recognised by its
   * position and not echoed to the other panes (no feedback loop, no timing assumptions).
   */
  private scrollPane(pane: HTMLElement, top: number): void {
    const max = Math.max(0, pane.scrollHeight - pane.clientHeight);
    const want = Math.round(Math.max(0, Math.min(max, top)));
    if (Math.abs(pane.scrollTop - want) < 1) return;
    this.ownScroll.set(pane, want);
    pane.scrollTop = want;
    if (pane === this.el.graph) this.renderRows();
  }

  private onScroll(which: "graph" | "source" | "target", pane: HTMLElement): void {
    const own = this.ownScroll.get(pane);
    if (own !== undefined) {
      this.ownScroll.delete(pane);
      if (Math.abs(pane.scrollTop - own) < 2) return;
    }
    this.syncFrom(which);
  }

  /** Scroll all panes so segment i is in view. */
  reveal(i: number): void {
    const g = this.el.graph;
    const top = this.rowTop[i] ?? 0;
    if (top < g.scrollTop || top > g.scrollTop + g.clientHeight - 60) this.scrollPane(g, top - g.clientHeight / 3);
    for (const pane of [this.el.source, this.el.target]) {
      const e = this.paneElement(pane, i);
      if (e) {
        const off = e.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
        if (off < pane.scrollTop || off > pane.scrollTop + pane.clientHeight - 40) {
          this.scrollPane(pane, off - pane.clientHeight / 3);
        }
      }
    }
  }

  private paneElement(pane: HTMLElement, i: number): HTMLElement | undefined {
    const seg = this.segments[i];
    if (!seg) return undefined;
    if (pane === this.el.source) return this.srcEls[this.srcStart[i]!];
    return this.tgtEls.get(seg);
  }

  /** Keep the panes in step: the segment at the top of the scrolled pane leads. */
  syncFrom(which: "graph" | "source" | "target", retries = 3): void {
    let i: number;
    if (which === "graph") {
      i = this.rowAt(this.el.graph.scrollTop);
    } else {
      const pane = which === "source" ? this.el.source : this.el.target;
      const r = pane.getBoundingClientRect();
      // Probe a few points along the first lines: a point may fall between two words.
      i = -1;
      probe: for (const dy of [10, 22, 36, 52]) {
        for (const dx of [12, 40, 80, 130, 190]) {
          i = this.indexOfElement(document.elementFromPoint(r.left + dx, r.top + dy) as HTMLElement | null);
          if (i >= 0) break probe;
        }
      }
      if (i < 0) {
        // Blocks that just scrolled into view are laid out in the next frame (content-visibility).
        if (retries > 0) requestAnimationFrame(() => this.syncFrom(which, retries - 1));
        return;
      }
    }
    if (which !== "graph") this.scrollPane(this.el.graph, this.rowTop[i] ?? 0);
    for (const [name, pane] of [["source", this.el.source], ["target", this.el.target]] as const) {
      if (name === which) continue;
      const e = this.paneElement(pane, i);
      if (e) this.scrollPane(pane, e.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop - 4);
    }
  }

  private renderSave(): void {
    const st = this.store.saveState;
    const text: Record<string, string> = {
      saved: "✓ Saved", unsaved: "● Unsaved changes", saving: "… Saving", offline: "⚠ Offline: retrying",
      conflict: "⚠ Conflict", error: "⚠ Not saved", "read-only": "Read-only",
    };
    this.el.save.textContent = text[st] ?? st;
    this.el.save.dataset.state = st;
    this.el.save.title = this.store.saveMessage;
    this.renderBanner();
  }

  private renderBanner(): void {
    const b = this.el.banner;
    const c = this.store.conflict;
    if (c) {
      const changes = this.store.conflictChanges();
      const describe = (x: Segment): HTMLElement =>
        h("li", {}, `${sourceText(x).trim()} → ${targetText(x).trim()} ${x.labels.length ? `[${x.labels.join(" ")}]` : "(no label)"}${x.comment ? ` “${x.comment}”` : ""}`);
      const theirComment = c.theirs.comment !== this.store.state.comment ? h("p", {}, `Their document comment: “${c.theirs.comment}”`) : null;
      const merge = h("button", { id: "conflict-merge", type: "button", class: "primary" }, "Merge: my changes on top of theirs");
      const reload = h("button", { id: "conflict-reload", type: "button" }, "Load their version (undo brings mine back)");
      merge.addEventListener("click", () => {
        const both = this.store.resolveMerge();
        this.message = both
          ? `Merged. ${both} span(s) were changed on both sides: yours were kept (Undo shows the state before the merge).`
          : "Merged: your changes now sit on top of the other version.";
        this.renderBanner();
      });
      reload.addEventListener("click", () => {
        this.store.resolveReload();
        this.message = "Loaded the other version. Undo brings your edits back.";
        this.renderBanner();
      });
      b.className = "banner conflict";
      b.replaceChildren(
        h("strong", {}, "Someone else saved this essay meanwhile. "),
        `${c.version.author ?? "Another user"} saved version ${c.version.number}${c.version.created_at ? ` at ${new Date(c.version.created_at).toLocaleString("sv-SE")}` : ""}. Your edits are kept here until you choose. `,
        h("details", { id: "conflict-details", open: true },
          h("summary", {}, `Their version: ${changes.theirs.length} changed span(s); yours: ${changes.mine.length}`),
          h("div", { class: "conflict-cols" },
            h("div", {}, h("strong", {}, "Their changes"), h("ul", { id: "conflict-theirs" }, changes.theirs.slice(0, 200).map(describe))),
            h("div", {}, h("strong", {}, "Your changes"), h("ul", { id: "conflict-mine" }, changes.mine.slice(0, 200).map(describe)))),
          theirComment),
        merge, " ", reload);
      return;
    }
    if (this.store.readOnly) {
      b.className = "banner info";
      b.replaceChildren(`This essay is ${this.essay.status.replace(/_/g, " ")}: it opens read-only.`);
      return;
    }
    if (this.store.saveState === "error" || this.store.saveState === "offline") {
      b.className = "banner warn";
      b.replaceChildren(this.store.saveMessage || "Not saved yet.");
      return;
    }
    const returned = this.essay.return_message && this.essay.status === "in_annotation"
      ? `Returned for more work: ${this.essay.return_message}` : "";
    const text = this.message || returned;
    b.className = text ? "banner info" : "";
    b.replaceChildren(text);
  }

  // ---------------------------------------------------------------- side panel

  /**
   * The side panel. Sections persist; lists reuse the element of an unchanged entity or
   * detection and only move nodes that changed, so an action does not relayout the whole panel.
   */
  private renderSide(full = true): void {
    const side = this.el.side;
    if (!this.sections) {
      this.sections = {
        selection: h("section", { id: "selection", class: "panel", "aria-label": "Selection", "aria-live": "polite" }),
        decisions: h("section", { id: "decisions", class: "panel", "aria-label": "Review decisions", hidden: true }),
        checks: h("section", { id: "checks", class: "panel", "aria-label": "Checks" }),
        automatic: h("section", { id: "automatic", class: "panel", "aria-label": "Automatic detections" }),
        entities: h("section", { id: "entities", class: "panel", "aria-label": "Entities" }),
        comment: this.commentPanel(),
      };
      side.replaceChildren(...Object.values(this.sections));
    }
    const active = document.activeElement as HTMLElement | null;
    const focusId = active && side.contains(active) ? active.id : "";
    const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;
    this.sections.selection.replaceChildren(...this.selectionPanel().childNodes);
    this.renderDecisions(this.sections.decisions);
    if (full) {
      // Each list is rebuilt only when what it shows changed.
      const ro = String(this.store.readOnly);
      const checksKey = ro + this.issues.map((x) => `${x.index}${x.code}`).join();
      if (checksKey !== this.sideKeys.checks) this.renderChecks(this.sections.checks);
      const autoKey = ro + act.automaticIndices(this.tax, this.segments, null).map((i) => this.objId(this.segments[i]!)).join();
      if (autoKey !== this.sideKeys.automatic) this.renderAutomatic(this.sections.automatic);
      const entKey = ro + this.segments.filter((x) => x.labels.length).map((x) => this.objId(x)).join();
      if (entKey !== this.sideKeys.entities) this.renderEntities(this.sections.entities);
      this.sideKeys = { checks: checksKey, automatic: autoKey, entities: entKey };
      const ta = this.sections.comment.querySelector("textarea")!;
      if (document.activeElement !== ta && ta.value !== this.store.state.comment) ta.value = this.store.state.comment;
      ta.disabled = this.store.readOnly;
    }
    if (focusId && document.activeElement !== document.getElementById(focusId)) {
      const el = document.getElementById(focusId);
      if (el) {
        el.focus({ preventScroll: true });
        if (caret && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && caret[0] !== null) {
          try { el.setSelectionRange(caret[0] ?? null, caret[1] ?? null); } catch { /* number inputs have no caret */ }
        }
      }
    }
  }

  private selectionPanel(): HTMLElement {
    const box = h("div", {}, h("h2", {}, "Selection"));
    const r = this.range();
    if (!r) {
      box.append(h("p", { class: "muted" }, "Select source tokens (click, drag, Shift-click or the arrow keys), then choose a label."));
      return box;
    }
    const i = this.selectedSegment();
    const text = this.srcOwner.slice(r[0], r[1] + 1).length ? this.sourceRangeText(r[0], r[1]) : "";
    box.append(h("p", { class: "sel-text" }, `“${text}”`));
    const ro = this.store.readOnly;
    const btn = (id: string, label: string, fn: () => void, disabled = false, title = ""): HTMLButtonElement => {
      const b = h("button", { id, type: "button", disabled: ro || disabled, title }, label);
      b.addEventListener("click", fn);
      return b;
    };
    const seg = i >= 0 ? this.segments[i]! : null;
    const multi = new Set(this.srcOwner.slice(r[0], r[1] + 1)).size > 1;
    box.append(h("div", { class: "buttons" },
      btn("sel-label", "Label… (Enter)", () => this.openPalette()),
      seg && seg.labels.length ? btn("sel-remove", "Remove label", () => this.run((s) => act.removeLabels(this.store.env, s, i))) : null,
      seg && seg.source.length > 1 ? btn("sel-split", "Split span", () => this.run((s) => act.splitSpan(this.store.env, s, i))) : null,
      multi ? btn("sel-merge", "Merge into one span", () => this.run((s) => act.mergeSpans(this.store.env, s, r[0], r[1]))) : null,
      seg && seg.labels.length && !seg.manual ? btn("sel-accept", "Accept automatic label", () => this.run((s) => ({ segments: act.acceptDetection(s, i), index: i }))) : null,
    ));
    const decided = seg ? this.decided.get(seg) : undefined;
    if (decided) box.append(h("p", { id: "sel-decision", class: `decision d-${decided.decision}` }, `Review: ${describeDecision(decided)}`));
    if (!seg || !seg.labels.length) return box;
    box.append(h("div", { class: "chips" }, seg.labels.map((l) => {
      const b = h("button", { type: "button", class: `chip k-${kindOf(this.tax, l)}`, title: `${tooltip(this.tax, l)}\nClick to remove`, disabled: ro || kindOf(this.tax, l) === "number", "data-label": l }, l, kindOf(this.tax, l) === "number" ? "" : " ×");
      b.addEventListener("click", () => this.run((s) => (mainLabels(this.tax, [l]).length ? { segments: act.removeLabels(this.store.env, s, i), index: i } : act.applyLabel(this.store.env, s, r[0], r[1], l))));
      return b;
    })));
    box.append(h("div", { class: "flags", role: "group", "aria-label": "Morphology and foreign" }, FLAGS.map((f) => {
      const on = seg.labels.includes(f);
      const b = h("button", { type: "button", class: `flag${on ? " on" : ""}`, id: `flag-${f}`, "aria-pressed": on ? "true" : "false", disabled: ro, title: tooltip(this.tax, f) }, f);
      b.addEventListener("click", () => this.applyLabel(f));
      return b;
    })));
    const nums = numbersOf(seg.labels);
    if (mainLabels(this.tax, seg.labels).some((m) => isNumbered(this.tax, m))) {
      const num = h("input", { id: "sel-number", type: "number", min: "1", value: nums[0] ?? "", disabled: ro, "aria-label": "Running number" });
      num.addEventListener("change", () => {
        const n = Number(num.value);
        const now = this.segments[i];
        if (now && num.isConnected && Number.isInteger(n) && n > 0 && !now.labels.includes(String(n))) this.setNumber(n);
      });
      box.append(h("label", { for: "sel-number" }, "Running number"), num);
    }
    const pseudo = h("input", { id: "sel-pseudonym", type: "text", value: targetText(seg).trim(), disabled: ro, "aria-label": "Pseudonym" });
    const applyPseudo = (): void => {
      // Compare with the span as it is now: Enter and the later blur ("change") both land here.
      const now = this.segments[i];
      if (now && pseudo.isConnected && pseudo.value.trim() && pseudo.value.trim() !== targetText(now).trim()) {
        this.run((s) => ({ segments: act.setPseudonym(this.store.env, s, i, pseudo.value.trim()), index: i }));
      }
    };
    pseudo.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        applyPseudo();
      }
    });
    pseudo.addEventListener("change", applyPseudo);
    box.append(h("label", { for: "sel-pseudonym" }, seg.custom ? "Pseudonym (typed)" : "Pseudonym (automatic; type to override)"), pseudo);
    if (seg.custom) box.append(btn("sel-reset", "Reset to automatic pseudonym", () => this.run((s) => ({ segments: act.resetPseudonym(this.store.env, s, i), index: i }))));
    if (seg.labels.some((l) => l.includes("!"))) {
      const ta = h("textarea", { id: "sel-comment", rows: "3", disabled: ro, "aria-label": "Edge comment" });
      ta.value = seg.comment ?? "";
      ta.addEventListener("input", () => this.debounceComment(() => this.run((s) => ({ segments: act.setEdgeComment(s, i, ta.value), index: i }))));
      ta.addEventListener("change", () => this.flushComment());
      box.append(h("label", { for: "sel-comment" }, "Comment (OBS!/Com!)"), ta);
    }
    return box;
  }

  private sourceRangeText(a: number, b: number): string {
    const out: string[] = [];
    for (let s = a; s <= b; s++) {
      const i = this.srcOwner[s]!;
      const seg = this.segments[i]!;
      out.push(seg.source[s - this.srcStart[i]!]!.text);
    }
    return out.join("").trim();
  }

  private debounceComment(fn: () => void): void {
    if (this.commentTimer) clearTimeout(this.commentTimer);
    this.pendingComment = fn;
    this.commentTimer = setTimeout(() => this.flushComment(), 500);
  }

  private pendingComment: (() => void) | null = null;

  private flushComment(): void {
    if (this.commentTimer) clearTimeout(this.commentTimer);
    this.commentTimer = null;
    const fn = this.pendingComment;
    this.pendingComment = null;
    fn?.();
  }

  private jumpButton(seg: Segment, text: string, cls = "mention"): HTMLButtonElement {
    const b = h("button", { type: "button", class: cls }, text);
    b.addEventListener("mouseenter", () => this.hover(this.segIndex.get(seg) ?? -1));
    b.addEventListener("mouseleave", () => this.hover(-1));
    b.addEventListener("click", () => {
      const i = this.segIndex.get(seg);
      if (i === undefined) return;
      this.selectSegment(i);
      this.reveal(i);
    });
    return b;
  }

  private objId(seg: Segment): number {
    let id = this.objIds.get(seg);
    if (id === undefined) this.objIds.set(seg, (id = this.nextObjId++));
    return id;
  }

  private renderEntities(box: HTMLElement): void {
    const groups = new Map<string, { label: string; number: number; items: Segment[] }>();
    for (const s of this.segments) {
      const e = act.entityOf(this.tax, s);
      if (!e) continue;
      const key = `${e.number}|${e.label}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { ...e, items: [] }));
      g.items.push(s);
    }
    const sorted = [...groups.values()].sort((a, b) => a.number - b.number || a.label.localeCompare(b.label));
    const ro = this.store.readOnly;
    const cache = new Map<string, HTMLElement>();
    const nodes = sorted.map((g) => {
      const key = `${g.label}|${g.number}|${ro}|${g.items.map((x) => this.objId(x)).join(",")}`;
      let li = this.entityCache.get(key);
      if (!li) {
        // A button, not an input, until used: hundreds of form fields would slow every layout.
        const num = h("button", { type: "button", class: "entity-number", id: `entity-${g.label}-${g.number}`, title: "Change the running number of every mention", "aria-label": `Running number ${g.number} of ${g.label}: change`, disabled: ro }, String(g.number));
        num.addEventListener("click", () => {
          const input = h("input", { type: "number", min: "1", value: g.number, class: "entity-number-input", id: `entity-input-${g.label}-${g.number}`, "aria-label": `New running number for ${g.label} ${g.number}` });
          const done = (commit: boolean): void => {
            const n = Number(input.value);
            if (commit && Number.isInteger(n) && n > 0 && n !== g.number) {
              this.run((s) => act.renumberEntity(this.store.env, s, g.label, g.number, n));
            } else {
              input.replaceWith(num);
              num.focus();
            }
          };
          input.addEventListener("keydown", (e) => {
            if (e.key === "Enter") { e.preventDefault(); done(true); }
            if (e.key === "Escape") { e.preventDefault(); done(false); }
          });
          input.addEventListener("change", () => done(true));
          num.replaceWith(input);
          input.focus();
          input.select();
        });
        const pseudo = targetText(g.items[0]!).trim();
        li = h("li", { class: "entity", "data-entity": `${g.label}-${g.number}` },
          h("div", { class: "entity-head" }, num, h("span", { class: "entity-label", title: tooltip(this.tax, g.label) }, g.label), h("span", { class: "entity-pseudo" }, `→ ${pseudo}`)),
          h("div", { class: "mentions" }, g.items.map((x) => this.jumpButton(x, sourceText(x).trim()))));
      }
      cache.set(key, li);
      return li;
    });
    this.entityCache = cache;
    if (!box.firstChild) box.append(h("h2", {}), h("ul", { class: "entity-list" }));
    box.firstChild!.textContent = `Entities (${sorted.length})`;
    reconcile(box.lastChild as HTMLElement, nodes);
  }

  private renderAutomatic(box: HTMLElement): void {
    const auto = act.automaticIndices(this.tax, this.segments, null);
    const byLabel = new Map<string, Segment[]>();
    for (const i of auto) {
      const seg = this.segments[i]!;
      const l = mainLabels(this.tax, seg.labels)[0] ?? seg.labels[0]!;
      let list = byLabel.get(l);
      if (!list) byLabel.set(l, (list = []));
      list.push(seg);
    }
    const ro = this.store.readOnly;
    const cache = new Map<Segment, HTMLElement>();
    const groups = [...byLabel.entries()].map(([label, items]) => {
      const acc = h("button", { type: "button", class: "accept-all", "data-label": label, disabled: ro }, "Accept all");
      const rej = h("button", { type: "button", class: "reject-all", "data-label": label, disabled: ro }, "Reject all");
      acc.addEventListener("click", () => this.run((s) => act.decideAll(this.store.env, s, label, true)));
      rej.addEventListener("click", () => this.run((s) => act.decideAll(this.store.env, s, label, false)));
      const ul = h("ul", {});
      reconcile(ul, items.map((seg) => {
        let li = ro ? undefined : this.autoCache.get(seg);
        if (!li) {
          const text = sourceText(seg).trim();
          const ok = h("button", { type: "button", class: "accept", title: "Accept", "aria-label": `Accept ${text}`, disabled: ro }, "✓");
          const no = h("button", { type: "button", class: "reject", title: "Reject", "aria-label": `Reject ${text}`, disabled: ro }, "✗");
          ok.addEventListener("click", () => {
            const i = this.segIndex.get(seg);
            if (i !== undefined) this.run((s) => act.acceptDetection(s, i));
          });
          no.addEventListener("click", () => {
            const i = this.segIndex.get(seg);
            if (i !== undefined) this.run((s) => act.removeLabels(this.store.env, s, i));
          });
          li = h("li", {}, this.jumpButton(seg, text), ok, no);
        }
        cache.set(seg, li);
        return li;
      }));
      return h("div", { class: "auto-group", "data-label": label },
        h("div", { class: "auto-head" }, h("strong", { title: tooltip(this.tax, label) }, `${label} (${items.length})`), acc, rej), ul);
    });
    this.autoCache = cache;
    box.replaceChildren(h("h2", {}, `Automatic detections to check (${auto.length})`),
      auto.length ? "" : h("p", { class: "muted" }, "All detections are checked."), ...groups);
  }

  /** Every decided mark of the essay, with what was decided, by whom and when. */
  private renderDecisions(box: HTMLElement): void {
    const key = [...this.decided].map(([seg, d]) => `${this.objId(seg)}:${d.id}`).join();
    if (key === this.decisionsKey) return;
    this.decisionsKey = key;
    box.hidden = this.decided.size === 0;
    if (box.hidden) return;
    box.replaceChildren(
      h("h2", {}, `Review decisions: ${this.decided.size}`),
      h("ul", {}, [...this.decided].map(([seg, d]) => h("li", { class: `decision d-${d.decision}`, "data-decision": d.decision },
        this.jumpButton(seg, sourceText(seg).trim() || "(mark)"), " ", describeDecision(d)))));
  }

  private renderChecks(box: HTMLElement): void {
    const errors = this.issues.filter((x) => x.level === "error").length;
    box.replaceChildren(
      h("h2", {}, `Checks: ${errors} errors, ${this.issues.length - errors} warnings`),
      h("ul", {}, this.issues.map((x) => h("li", { class: `issue ${x.level}`, "data-code": x.code },
        x.index !== undefined ? this.jumpButton(this.segments[x.index]!, `${x.level === "error" ? "✗" : "!"} ${x.message}`, "issue-jump") : x.message))));
  }

  private commentPanel(): HTMLElement {
    const ta = h("textarea", { id: "doc-comment", rows: "3", disabled: this.store.readOnly, "aria-label": "Document comment" });
    ta.value = this.store.state.comment;
    ta.addEventListener("input", () => this.debounceComment(() => this.store.setComment(ta.value)));
    ta.addEventListener("change", () => this.flushComment());
    return h("section", { class: "panel" }, h("label", { for: "doc-comment" }, h("h2", {}, "Document comment")), ta);
  }

  // ---------------------------------------------------------------- server actions

  /** "New pseudonyms": the library re-rolls the random choices; the result is one undoable step. */
  async reroll(): Promise<void> {
    if (this.store.readOnly) return;
    try {
      const res = await this.api.pseudonyms(this.essay.id, this.store.graph(), true);
      this.store.replaceGraph(res.graph);
      this.message = "New pseudonyms drawn (Undo brings the old ones back).";
    } catch (e) {
      const msgs = e instanceof ApiError ? errorMessages(e.body) : [String(e)];
      this.message = `No new pseudonyms: ${msgs.join("; ")}`;
    }
    this.renderBanner();
  }

  async submit(): Promise<void> {
    this.flushComment();
    const errors = this.issues.filter((x) => x.level === "error");
    if (errors.length) {
      this.message = `Fix ${errors.length} error(s) before submitting (see Checks).`;
      this.renderBanner();
      this.el.side.querySelector<HTMLElement>("#checks .issue-jump")?.focus();
      return;
    }
    await this.store.flush();
    if (this.store.saveState !== "saved") {
      this.message = "Save first: the essay is not saved.";
      this.renderBanner();
      return;
    }
    try {
      const res = await this.api.submit(this.essay.id);
      this.essay.status = res.status;
      this.store.readOnly = true;
      this.store.saveState = "read-only";
      this.el.status.textContent = res.status.replace(/_/g, " ");
      this.el.status.className = `badge status-${res.status}`;
      const warnings = res.warnings ?? [];
      this.message = `Submitted${warnings.length ? ` with ${warnings.length} warning(s): ${warnings.map((w) => w.message.replace(/\.$/, "")).join("; ")}` : ""}.`;
      this.render();
      this.renderSave();
      this.el.banner.className = "banner info";
      this.el.banner.replaceChildren(this.message);
    } catch (e) {
      const msgs = e instanceof ApiError ? errorMessages(e.body) : [String(e)];
      this.message = `Not submitted: ${msgs.join("; ")}`;
      this.renderBanner();
    }
  }
}
