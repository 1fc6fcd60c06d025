/**
 * The editor mode of scheme `dab`, following the four steps of the Danish guide:
 *   0 read the text (read-only);
 *   1 mark and correct units: pre-annotations are shown dashed and are accepted, rejected or
 *     edited; new units are marked by selecting text (trimmed automatically) and keys 1–8;
 *   2 decide DIRECT / QUASI (keys D / Q, N for no masking) and a confidential category per unit;
 *     new units can still be marked;
 *   3 final review: units that are not identifiers are hidden, masked units are black (DIRECT)
 *     or grey (QUASI), as a reader of the anonymized text would see them.
 * Relations: select a unit, then Shift+click a second one (or press L, then click it, or pick
 * it with ] / [ and press Enter). The entities panel lists each entity (closure of relations)
 * with its mentions; U takes a unit out of its entity.
 * Everything works without a mouse: ← / → select the previous / next word, Shift+→ / Shift+←
 * grow or shrink the selection by a word, then 1–8 mark it (or E makes it the span of the unit
 * selected before); C cycles the confidential category.
 */
import { ApiError, type Api, type EssayDetail, errorMessages } from "../api/client";
import { esc, h } from "../views/dom";
import * as dab from "./model";
import { type DabDoc, type DabMention } from "./model";
import { DabStore } from "./store";
import { warnBeforeLeaving } from "../editor/versioned";
import "./dab.css";

export interface DabBoot {
  essayId: number;
  essaysUrl: string;
  apiBase: string;
}

export const STEPS = ["0 Read", "1 Mark units", "2 Decide masking", "3 Final review"] as const;
/** Keys 1–8 pick the categories in this order. */
export const CATEGORY_KEYS: Record<string, string> = Object.fromEntries(dab.CATEGORIES.map((c, i) => [String(i + 1), c]));
export const TYPE_KEYS: Record<string, string> = { d: "DIRECT", q: "QUASI", n: "NO_MASK" };

/** The step of a document is a view setting, not annotation data: it is not part of the
 * versioned document, so changing steps makes no new version. It is stored on the server per
 * document and user (GET/PUT /api/essays/{id}/dab/step/), so it follows the user to another
 * browser; this browser keeps a copy, used when the server has none or cannot be reached. */
export function initialStep(server: number | null | undefined, local: number | null, first: number): number {
  const ok = (x: number | null | undefined): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 3;
  if (ok(server)) return server;
  if (ok(local)) return local;
  return first;
}

/** Where the step of a document is remembered in this browser (the fallback copy). */
export const stepKey = (essayId: number): string => `swell-annot:dab-step:${essayId}`;

/** The step last shown for a document in this browser, or null (none, or storage refused). */
export function rememberedStep(essayId: number, storage: Pick<Storage, "getItem"> | null = safeStorage()): number | null {
  const raw = storage?.getItem(stepKey(essayId));
  if (raw === null || raw === undefined || !/^[0-3]$/.test(raw)) return null;
  return Number(raw);
}

/** Remember the step of a document (ignored when the browser refuses storage). */
export function rememberStep(essayId: number, step: number, storage: Pick<Storage, "setItem"> | null = safeStorage()): void {
  try {
    storage?.setItem(stepKey(essayId), String(step));
  } catch {
    /* storage full or disabled: the step is simply not remembered */
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null; // a sandboxed page may throw on access
  }
}

type Selection =
  | { kind: "mention"; id: string }
  | { kind: "prediction"; id: string }
  | { kind: "range"; start: number; end: number; previous?: string }
  | null;

interface Piece {
  start: number;
  end: number;
  mention: DabMention | null;
  prediction: DabMention | null;
  last: boolean;
}

/** Split the text at every unit boundary; each piece names its innermost unit (and prediction). */
export function pieces(text: string, mentions: DabMention[], predictions: DabMention[]): Piece[] {
  const cuts = new Set<number>([0, text.length]);
  for (const m of [...mentions, ...predictions]) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const points = [...cuts].filter((x) => x >= 0 && x <= text.length).sort((a, b) => a - b);
  const innermost = (list: DabMention[], s: number, e: number): DabMention | null => {
    let best: DabMention | null = null;
    for (const m of list) if (m.start <= s && m.end >= e && (!best || m.end - m.start < best.end - best.start)) best = m;
    return best;
  };
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const s = points[i]!;
    const e = points[i + 1]!;
    const mention = innermost(mentions, s, e);
    const prediction = mention ? null : innermost(predictions, s, e);
    const unit = mention ?? prediction;
    out.push({ start: s, end: e, mention, prediction, last: !!unit && unit.end === e });
  }
  return out;
}

export async function mountDabEditor(root: HTMLElement, api: Api, boot: DabBoot): Promise<DabEditorView | null> {
  let essay: EssayDetail;
  // The remembered step comes from the server; without an answer the browser's copy is used.
  const step = api.dabStep(boot.essayId).then((r) => r.step, () => null);
  try {
    essay = await api.essay(boot.essayId);
  } catch (e) {
    const msg = e instanceof ApiError && e.status === 404 ? "This document does not exist or is not assigned to you." : `Could not load the document: ${String(e)}`;
    root.replaceChildren(h("p", { class: "error", role: "alert" }, msg), h("a", { href: boot.essaysUrl }, "← My essays"));
    return null;
  }
  const graph: unknown = essay.current?.graph;
  if (!essay.current || !dab.isDabDoc(graph)) {
    root.replaceChildren(h("p", { class: "error", role: "alert" }, "This document has no DAB annotation yet (it is still being imported)."));
    return null;
  }
  const store = new DabStore({
    doc: dab.fromStored(graph),
    version: essay.current.number,
    readOnly: essay.read_only,
    backend: { save: (base, doc) => api.saveVersion(essay.id, base, doc as never) },
  });
  const view = new DabEditorView(root, api, essay, store, boot, await step);
  (window as unknown as { dabEditor: DabEditorView }).dabEditor = view;
  return view;
}

export class DabEditorView {
  step = 1;
  sel: Selection = null;
  linking = false;
  /** While linking: the unit picked with ] / [ that Enter links to the selected one. */
  linkTarget: string | null = null;
  private message: { text: string; cls: string } | null = null;
  /** The last request storing the step on the server (settled: never rejects). */
  stepSaved: Promise<void> = Promise.resolve();
  private el!: {
    text: HTMLElement; side: HTMLElement; save: HTMLElement; banner: HTMLElement;
    steps: HTMLButtonElement[]; undo: HTMLButtonElement; redo: HTMLButtonElement; submit: HTMLButtonElement;
  };

  constructor(
    private root: HTMLElement,
    private api: Api,
    private essay: EssayDetail,
    readonly store: DabStore,
    private boot: DabBoot,
    serverStep: number | null = null,
  ) {
    // The step last shown for this document (the server's, else this browser's); the first
    // time: the final view for a read-only document, step 1 when there is something to mark or
    // check, else step 0 (read first).
    this.step = initialStep(serverStep, rememberedStep(essay.id),
      store.readOnly ? 3 : dab.working(store.doc).mentions.length || dab.pendingPredictions(store.doc).length ? 1 : 0);
    this.build();
    store.subscribe((what) => {
      if (what === "save") return this.renderSave();
      this.message = null; // a notice is about the state it was shown for
      this.render();
    });
    this.render();
    this.renderSave();
    warnBeforeLeaving(store);
  }

  get doc(): DabDoc {
    return this.store.doc;
  }

  // ------------------------------------------------------------------ layout

  private build(): void {
    const steps = STEPS.map((label, i) => {
      const b = h("button", { type: "button", class: "dab-step", "data-step": String(i), title: `Step ${label} (Alt+${i})` }, label);
      b.addEventListener("click", () => this.setStep(i));
      return b;
    });
    const undo = h("button", { id: "undo", type: "button", title: "Undo (Ctrl+Z)" }, "↶ Undo");
    const redo = h("button", { id: "redo", type: "button", title: "Redo (Ctrl+Y)" }, "↷ Redo");
    const submit = h("button", { id: "submit", type: "button", class: "primary" }, "Submit");
    undo.addEventListener("click", () => this.store.undo());
    redo.addEventListener("click", () => this.store.redo());
    submit.addEventListener("click", () => void this.submit());
    const save = h("span", { id: "save-state", role: "status", "aria-live": "polite" });
    const banner = h("div", { id: "banner", role: "alert" });
    const text = h("section", { id: "dab-text", class: "pane dab-text", tabindex: "0", "aria-label": "Document text: select words to mark a unit" });
    const side = h("aside", { id: "dab-side", class: "side dab-side", "aria-label": "Details" });
    const exportUrl = (as: string): string => `${this.boot.apiBase}essays/${this.essay.id}/dab/export/?as=${as}`;
    const keys = h("details", { class: "help" }, h("summary", {}, "Keys"),
      h("ul", {},
        h("li", {}, "Select words, then 1–8: " + dab.CATEGORIES.map((c, i) => `${i + 1} ${c}`).join(" · ")),
        h("li", {}, "On a unit: 1–8 change the category, D DIRECT, Q QUASI, N no masking, Delete removes"),
        h("li", {}, "Correct a span: click the unit, select the right words, press E"),
        h("li", {}, "On a pre-annotation: A or Enter accepts, R or Delete rejects, 1–8 accepts with that category"),
        h("li", {}, "Without a mouse: ← / → previous / next word, Shift+→ / Shift+← grow / shrink by a word, then 1–8 (or E)"),
        h("li", {}, "Relation: select a unit, then Shift+click another (or L, then click it, or ] / [ and Enter)"),
        h("li", {}, "U: take the unit out of its entity · C: next confidential category (step 2)"),
        h("li", {}, "] / [: next / previous unit or pre-annotation"),
        h("li", {}, "Alt+0…3: steps · Ctrl+Z / Ctrl+Y: undo / redo · Esc: clear the selection")));
    this.root.replaceChildren(h("div", { class: "editor dab-editor", "data-scheme": "dab" },
      h("div", { class: "topbar" },
        h("a", { href: this.boot.essaysUrl }, "← My essays"),
        h("h1", {}, this.essay.external_id || `Document ${this.essay.id}`),
        h("span", { id: "essay-status", class: `badge status-${this.essay.status}` }, this.essay.status.replace(/_/g, " ")),
        h("nav", { class: "dab-steps", "aria-label": "Steps of the guide" }, steps),
        h("span", { class: "spacer" }),
        h("a", { href: exportUrl("labelstudio"), download: "" }, "Label Studio JSON"),
        h("a", { href: exportUrl("tab"), download: "" }, "TAB JSON"),
        undo, redo, save, submit, keys),
      banner,
      h("div", { class: "dab-panes" }, text, side)));
    this.el = { text, side, save, banner, steps, undo, redo, submit };
    text.addEventListener("mouseup", (ev) => this.onMouseUp(ev));
    text.addEventListener("click", (ev) => this.onClick(ev));
    document.addEventListener("keydown", (ev) => this.onKey(ev));
  }

  setStep(i: number): void {
    const step = Math.max(0, Math.min(3, i));
    if (step !== this.step) {
      // one request after the other, so the server keeps the last step; on failure the
      // browser's copy stands in
      this.stepSaved = this.stepSaved.then(() => this.api.setDabStep(this.essay.id, step)).then(() => undefined, () => undefined);
    }
    this.step = step;
    rememberStep(this.essay.id, this.step);
    this.sel = null;
    this.stopLinking();
    this.render();
  }

  private stopLinking(): void {
    this.linking = false;
    this.linkTarget = null;
  }

  /** Link the selected unit with `target` (the later mention points to the earlier one). */
  private link(target: string): void {
    if (this.sel?.kind !== "mention" || this.sel.id === target) return;
    const from = this.sel.id;
    this.stopLinking();
    this.store.apply((d) => dab.addRelation(d, target, from));
    this.sel = { kind: "mention", id: target };
    this.render();
  }

  /** ← / →: select the previous / next word as a new range (remembering a unit selected before,
   * so that E can make the range its span). Shift: grow / shrink the range by a word instead. */
  private moveWord(dir: 1 | -1, stretch: boolean): void {
    const text = this.doc.text;
    const sel = this.sel;
    let unit: { start: number; end: number; id?: string } | null = null;
    if (sel?.kind === "range") unit = sel;
    else if (sel?.kind === "mention") unit = dab.working(this.doc).mentions.find((m) => m.id === sel.id) ?? null;
    else if (sel?.kind === "prediction") unit = dab.pendingPredictions(this.doc).find((m) => m.id === sel.id) ?? null;
    const previous = sel?.kind === "mention" ? sel.id : sel?.kind === "range" ? sel.previous : undefined;
    let span: { start: number; end: number } | null;
    if (stretch && unit) span = dab.stretchRange(text, unit, dir);
    else if (unit) span = dir > 0 ? dab.wordAfter(text, unit.end) : dab.wordBefore(text, unit.start);
    else span = dir > 0 ? dab.wordAfter(text, 0) : dab.wordBefore(text, text.length);
    if (!span) return;
    this.sel = previous ? { kind: "range", start: span.start, end: span.end, previous } : { kind: "range", start: span.start, end: span.end };
    this.render();
    this.el.text.querySelector(".in-range")?.scrollIntoView({ block: "nearest" });
  }

  // ------------------------------------------------------------------ input

  /** Character offset of a DOM point inside the text pane (null outside any piece). */
  private offsetOf(node: Node | null, offset: number): number | null {
    if (!node) return null;
    const el = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element)) as HTMLElement | null;
    const piece = el?.closest<HTMLElement>("[data-s]");
    if (!piece || !this.el.text.contains(piece)) return null;
    const base = Number(piece.dataset.s);
    return node.nodeType === Node.TEXT_NODE ? base + offset : base + (offset > 0 ? (piece.textContent ?? "").length : 0);
  }

  private onMouseUp(ev: MouseEvent): void {
    if (this.step === 0 || this.step === 3 || this.store.readOnly) return;
    const s = window.getSelection();
    if (!s || s.isCollapsed || s.rangeCount === 0) return;
    const onUnit = (ev.target as HTMLElement).closest?.("[data-id]");
    if (onUnit && this.sel?.kind === "mention" && (ev.shiftKey || this.linking)) {
      // Shift+click extends the browser's text selection: here it means "link", not "mark".
      s.removeAllRanges();
      return;
    }
    const r = s.getRangeAt(0);
    const a = this.offsetOf(r.startContainer, r.startOffset);
    const b = this.offsetOf(r.endContainer, r.endOffset);
    if (a === null || b === null || a === b) return;
    const span = dab.trimSpan(this.doc.text, a, b);
    s.removeAllRanges();
    if (!span) return;
    ev.stopPropagation();
    // Remember the unit selected before: the new range can become its corrected span.
    const previous = this.sel?.kind === "mention" ? this.sel.id : this.sel?.kind === "range" ? this.sel.previous : undefined;
    this.sel = previous ? { kind: "range", ...span, previous } : { kind: "range", ...span };
    this.suppressClick = true;
    this.render();
  }

  private suppressClick = false;

  private onClick(ev: MouseEvent): void {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const target = (ev.target as HTMLElement).closest<HTMLElement>("[data-id],[data-pid]");
    if (!target) {
      if (!this.linking) this.select(null);
      return;
    }
    const id = target.dataset.id;
    const pid = target.dataset.pid;
    if (id && (ev.shiftKey || this.linking) && this.sel?.kind === "mention" && this.sel.id !== id) {
      this.link(id);
      return;
    }
    this.stopLinking();
    this.select(id ? { kind: "mention", id } : pid ? { kind: "prediction", id: pid } : null);
  }

  select(sel: Selection): void {
    this.sel = sel;
    this.render();
  }

  private onKey(ev: KeyboardEvent): void {
    const t = ev.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    const key = ev.key.toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && (key === "z" || key === "y")) {
      ev.preventDefault();
      if (key === "y" || ev.shiftKey) this.store.redo();
      else this.store.undo();
      return;
    }
    if (ev.altKey && /^[0-3]$/.test(ev.key)) {
      ev.preventDefault();
      this.setStep(Number(ev.key));
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (key === "escape") {
      this.stopLinking();
      this.select(null);
      return;
    }
    if (this.step === 0) return;
    if (ev.key === "]" || ev.key === "[") {
      ev.preventDefault();
      if (this.linking) this.pickLinkTarget(ev.key === "]" ? 1 : -1);
      else this.jump(ev.key === "]" ? 1 : -1);
      return;
    }
    if (this.store.readOnly) return;
    if ((key === "arrowright" || key === "arrowleft") && (this.step === 1 || this.step === 2)) {
      ev.preventDefault();
      this.stopLinking();
      this.moveWord(key === "arrowright" ? 1 : -1, ev.shiftKey);
      return;
    }
    if (this.linking && this.linkTarget && (key === "enter" || key === "l")) {
      ev.preventDefault();
      this.link(this.linkTarget);
      return;
    }
    const sel = this.sel;
    if (!sel) return;
    const cat = CATEGORY_KEYS[ev.key];
    if (this.step === 3 && (cat || sel.kind !== "mention")) return;
    if (cat) {
      ev.preventDefault();
      this.categorize(cat);
      return;
    }
    if (sel.kind === "range" && key === "e" && sel.previous) {
      ev.preventDefault();
      this.moveTo(sel.previous, sel.start, sel.end);
      return;
    }
    if (sel.kind === "prediction") {
      if (key === "a" || key === "enter") this.accept(sel.id);
      else if (key === "r" || key === "delete" || key === "backspace") this.reject(sel.id);
      return;
    }
    if (sel.kind !== "mention") return;
    if (TYPE_KEYS[key] && this.step >= 2) {
      ev.preventDefault();
      const type = TYPE_KEYS[key]!;
      this.store.apply((d) => dab.setIdentifierType(d, sel.id, type));
    } else if (key === "delete" || key === "backspace") {
      ev.preventDefault();
      this.store.apply((d) => dab.removeMention(d, sel.id));
      this.sel = null;
      this.render();
    } else if (key === "l" && this.step <= 2) {
      this.linking = true;
      this.linkTarget = null;
      this.render();
    } else if (key === "u" && this.step <= 2) {
      ev.preventDefault();
      this.store.apply((d) => dab.detachMention(d, sel.id));
    } else if (key === "c" && this.step >= 2) {
      ev.preventDefault();
      const m = dab.working(this.doc).mentions.find((x) => x.id === sel.id);
      if (m) this.store.apply((d) => dab.setConfidential(d, sel.id, dab.nextConfidential(m.confidential)));
    }
  }

  /** While linking: ] / [ pick the next / previous other unit as the one Enter links to. */
  private pickLinkTarget(dir: 1 | -1): void {
    if (this.sel?.kind !== "mention") return;
    const from = this.sel.id;
    const units = dab.working(this.doc).mentions.filter((m) => m.id !== from).sort((a, b) => a.start - b.start || a.end - b.end);
    if (!units.length) return;
    const cur = units.findIndex((m) => m.id === this.linkTarget);
    const next = units[cur < 0 ? (dir > 0 ? 0 : units.length - 1) : (cur + dir + units.length) % units.length]!;
    this.linkTarget = next.id;
    this.render();
    this.el.text.querySelector(".link-target")?.scrollIntoView({ block: "nearest" });
  }

  /** Keys 1–8: mark the selected range, change a unit's category, or accept a prediction as it. */
  categorize(label: string): void {
    const sel = this.sel;
    if (!sel) return;
    if (sel.kind === "range") {
      const r = dab.addMention(this.doc, sel.start, sel.end, label);
      if (r.id) {
        this.sel = { kind: "mention", id: r.id };
        this.store.apply(() => r.doc);
      }
    } else if (sel.kind === "mention") {
      this.store.apply((d) => dab.setLabel(d, sel.id, label));
    } else {
      const r = dab.acceptPrediction(this.doc, sel.id);
      if (r.id) {
        const id = r.id;
        this.sel = { kind: "mention", id };
        this.store.apply(() => dab.setLabel(r.doc, id, label));
      }
    }
  }

  /** ] / [: select the next / previous unit or pending pre-annotation in text order. */
  jump(dir: 1 | -1): void {
    const ann = dab.working(this.doc);
    const masked = (m: DabMention): boolean => m.identifier_type !== "NO_MASK";
    const units = (this.step === 3 ? ann.mentions.filter(masked) : ann.mentions).map((m) => ({ kind: "mention" as const, m }));
    const preds = this.step === 3 ? [] : dab.pendingPredictions(this.doc).map((m) => ({ kind: "prediction" as const, m }));
    const all = [...units, ...preds].sort((a, b) => a.m.start - b.m.start || a.m.end - b.m.end);
    if (!all.length) return;
    const cur = this.sel && this.sel.kind !== "range" ? all.findIndex((x) => x.kind === this.sel!.kind && x.m.id === (this.sel as { id: string }).id) : -1;
    const next = all[cur < 0 ? (dir > 0 ? 0 : all.length - 1) : (cur + dir + all.length) % all.length]!;
    this.select({ kind: next.kind, id: next.m.id });
    this.el.text.querySelector(".selected")?.scrollIntoView({ block: "nearest" });
  }

  /** Correct a unit's boundaries to the selected range (trimmed like a new unit). */
  moveTo(id: string, start: number, end: number): void {
    this.sel = { kind: "mention", id };
    this.store.apply((d) => dab.resizeMention(d, id, start, end));
    this.render();
  }

  accept(pid: string): void {
    const r = dab.acceptPrediction(this.doc, pid);
    if (!r.id) return;
    this.sel = { kind: "mention", id: r.id };
    this.store.apply(() => r.doc);
  }

  reject(pid: string): void {
    this.sel = null;
    this.store.apply((d) => dab.rejectPrediction(d, pid));
  }

  private async submit(): Promise<void> {
    await this.store.flush();
    if (this.store.dirty) {
      this.flash("Save first: " + this.store.saveMessage, "warn");
      return;
    }
    try {
      const r = await this.api.submit(this.essay.id);
      this.essay.status = r.status;
      this.store.readOnly = true;
      this.flash(`Submitted.${r.warnings.length ? " Warnings: " + r.warnings.map((w) => w.message).join("; ") : ""}`, "info");
    } catch (e) {
      this.flash("Not submitted: " + (e instanceof ApiError ? errorMessages(e.body).join("; ") : String(e)), "warn");
    }
  }

  private flash(text: string, cls: string): void {
    this.message = { text, cls };
    this.renderBanner();
  }

  // ------------------------------------------------------------------ render

  render(): void {
    const ann = dab.working(this.doc);
    const ids = new Set(ann.mentions.map((m) => m.id));
    if (this.sel?.kind === "mention" && !ids.has(this.sel.id)) this.sel = null;
    if (this.sel?.kind === "prediction" && !dab.pendingPredictions(this.doc).some((p) => p.id === (this.sel as { id: string }).id)) this.sel = null;
    this.el.steps.forEach((b, i) => b.setAttribute("aria-pressed", String(i === this.step)));
    this.el.undo.disabled = this.store.readOnly || this.store.past.length === 0;
    this.el.redo.disabled = this.store.readOnly || this.store.future.length === 0;
    this.el.submit.disabled = this.store.readOnly;
    this.el.text.dataset.step = String(this.step);
    this.el.text.innerHTML = this.textHtml();
    this.renderSide();
    this.renderBanner();
  }

  private textHtml(): string {
    const text = this.doc.text;
    if (this.step === 0) return esc(text);
    const ann = dab.working(this.doc);
    const masked = (m: DabMention): boolean => m.identifier_type === "DIRECT" || m.identifier_type === "QUASI";
    const mentions = this.step === 3 ? ann.mentions.filter(masked) : ann.mentions;
    const preds = this.step === 3 ? [] : dab.pendingPredictions(this.doc);
    const selId = this.sel && this.sel.kind !== "range" ? this.sel.id : null;
    const range = this.sel?.kind === "range" ? this.sel : null;
    const entity = dab.entities(ann);
    const selEntity = this.sel?.kind === "mention" ? entity.get(this.sel.id) : undefined;
    let html = "";
    for (const p of pieces(text, mentions, preds)) {
      const body = esc(text.slice(p.start, p.end));
      const inRange = range && p.start >= range.start && p.end <= range.end ? " in-range" : "";
      if (p.mention) {
        const m = p.mention;
        if (this.step === 3) {
          const cls = m.identifier_type === "DIRECT" ? "mask-direct" : "mask-quasi";
          html += `<mark class="unit ${cls}${m.id === selId ? " selected" : ""}" data-id="${esc(m.id)}" data-s="${p.start}" title="${esc(m.label)} · ${esc(m.identifier_type)}">${body}</mark>`;
          continue;
        }
        const cls = [`unit`, `cat-${m.label}`, this.step >= 2 ? `idt-${m.identifier_type}` : "", m.id === selId ? "selected" : "",
          this.linking && m.id === this.linkTarget ? "link-target" : "",
          selEntity && entity.get(m.id) === selEntity && m.id !== selId ? "same-entity" : "", m.confidential ? "confidential" : ""].filter(Boolean).join(" ");
        const tag = this.step >= 2 ? `${m.label}${m.identifier_type !== "NO_MASK" ? " · " + m.identifier_type : ""}${m.confidential ? " · " + m.confidential : ""}` : m.label;
        html += `<mark class="${cls}${inRange}" data-id="${esc(m.id)}" data-s="${p.start}"${p.last ? ` data-tag="${esc(tag)}"` : ""}>${body}</mark>`;
      } else if (p.prediction) {
        const m = p.prediction;
        const tag = `${m.label}?${this.step >= 2 && m.identifier_type !== "NO_MASK" ? " " + m.identifier_type : ""}`;
        html += `<mark class="pred cat-${esc(m.label)}${m.id === selId ? " selected" : ""}${inRange}" data-pid="${esc(m.id)}" data-s="${p.start}"${p.last ? ` data-tag="${esc(tag)}"` : ""}>${body}</mark>`;
      } else {
        html += `<span class="${inRange.trim()}" data-s="${p.start}">${body}</span>`;
      }
    }
    return html;
  }

  private renderSide(): void {
    const side = this.el.side;
    const parts: HTMLElement[] = [];
    parts.push(this.selectionSection());
    if (this.step === 1 || this.step === 2) parts.push(this.predictionSection());
    if (this.step >= 1) parts.push(this.entitiesSection());
    parts.push(this.protectedSection());
    if (this.step === 3) parts.push(this.reviewSection());
    side.replaceChildren(...parts);
  }

  private selectionSection(): HTMLElement {
    const sec = h("section", { id: "dab-selection" }, h("h2", {}, "Selection"));
    const sel = this.sel;
    const ro = this.store.readOnly;
    const catButtons = (onPick: (c: string) => void, current?: string): HTMLElement =>
      h("div", { class: "dab-cats" }, dab.CATEGORIES.map((c, i) => {
        const b = h("button", { type: "button", class: `cat-${c}`, "data-cat": c, "aria-pressed": String(c === current), title: dab.CATEGORY_HELP[c], disabled: ro || this.step === 3 }, `${i + 1} ${c}`);
        b.addEventListener("click", () => onPick(c));
        return b;
      }));
    if (this.step === 0) {
      sec.append(h("p", { class: "muted" }, "Step 0: read the whole text first. Who is it about? Which details could identify them? Go on with step 1 (Alt+1)."));
      return sec;
    }
    if (!sel) {
      sec.append(h("p", { class: "muted" }, this.step === 3 ? "Masked units are black (DIRECT) or grey (QUASI); click one to check it." : "Select words in the text to mark a unit, or click a unit."));
      return sec;
    }
    if (sel.kind === "range") {
      sec.append(h("p", {}, "New unit: ", h("q", { id: "dab-range" }, this.doc.text.slice(sel.start, sel.end))),
        h("p", { class: "muted" }, "Pick its category (keys 1–8)."), catButtons((c) => this.categorize(c)));
      const prev = sel.previous ? dab.working(this.doc).mentions.find((m) => m.id === sel.previous) : undefined;
      if (prev) {
        const move = h("button", { type: "button", id: "dab-move", disabled: this.store.readOnly }, `E: make this the span of «${prev.text}»`);
        move.addEventListener("click", () => this.moveTo(prev.id, sel.start, sel.end));
        sec.append(h("p", { class: "muted" }, "Or correct the unit selected before:"), move);
      }
      return sec;
    }
    if (sel.kind === "prediction") {
      const p = dab.pendingPredictions(this.doc).find((x) => x.id === sel.id);
      if (!p) return sec;
      const accept = h("button", { type: "button", id: "dab-accept", class: "primary", disabled: ro }, "Accept (A)");
      const reject = h("button", { type: "button", id: "dab-reject", disabled: ro }, "Reject (R)");
      accept.addEventListener("click", () => this.accept(p.id));
      reject.addEventListener("click", () => this.reject(p.id));
      sec.append(h("p", {}, "Pre-annotation: ", h("q", {}, p.text), ` ${p.label}`, p.identifier_type !== "NO_MASK" ? ` · proposed ${p.identifier_type}` : ""),
        h("div", { class: "toolbar" }, accept, reject), h("p", { class: "muted" }, "Or accept with another category:"), catButtons((c) => this.categorize(c), p.label));
      return sec;
    }
    const m = dab.working(this.doc).mentions.find((x) => x.id === sel.id);
    if (!m) return sec;
    sec.append(h("p", {}, h("q", { id: "dab-sel-text" }, m.text), ` ${m.start}–${m.end}`));
    if (this.step <= 2) sec.append(catButtons((c) => this.categorize(c), m.label));
    if (this.step >= 2) {
      const types = h("div", { class: "dab-types" }, (["DIRECT", "QUASI", "NO_MASK"] as const).map((t) => {
        const b = h("button", { type: "button", "data-type": t, "aria-pressed": String(m.identifier_type === t), disabled: ro }, `${t === "NO_MASK" ? "N no masking" : t[0] + " " + t}`);
        b.addEventListener("click", () => this.store.apply((d) => dab.setIdentifierType(d, m.id, t === m.identifier_type ? "NO_MASK" : t)));
        return b;
      }));
      const conf = h("select", { id: "dab-confidential", disabled: ro, "aria-label": "Confidential category" },
        h("option", { value: "" }, "not confidential"),
        dab.CONFIDENTIAL.map((c) => h("option", { value: c, selected: m.confidential === c }, c)));
      conf.addEventListener("change", () => this.store.apply((d) => dab.setConfidential(d, m.id, conf.value || null)));
      sec.append(h("p", {}, "Identifier type:"), types, h("p", {}, "Confidential: ", conf));
    }
    const target = this.linking && this.linkTarget ? dab.working(this.doc).mentions.find((x) => x.id === this.linkTarget) : undefined;
    const link = h("button", { type: "button", id: "dab-link", disabled: ro, "aria-pressed": String(this.linking) },
      target ? `Enter: link to «${target.text}»` : this.linking ? "Click the other unit (or ] / [ then Enter)…" : "Link to… (L)");
    link.addEventListener("click", () => {
      if (target) return this.link(target.id);
      this.linking = !this.linking;
      this.linkTarget = null;
      this.render();
    });
    const del = h("button", { type: "button", id: "dab-delete", disabled: ro }, "Remove (Delete)");
    del.addEventListener("click", () => {
      this.store.apply((d) => dab.removeMention(d, m.id));
      this.select(null);
    });
    const ann = dab.working(this.doc);
    const ent = dab.entities(ann);
    const shared = ann.mentions.some((x) => x.id !== m.id && ent.get(x.id) === ent.get(m.id));
    const detach = h("button", { type: "button", id: "dab-detach", disabled: ro, title: "Take this unit out of its entity (its relations go)" }, "Own entity (U)");
    detach.addEventListener("click", () => this.store.apply((d) => dab.detachMention(d, m.id)));
    if (this.step <= 2) sec.append(h("div", { class: "toolbar" }, link, ...(shared ? [detach] : []), del));
    return sec;
  }

  private predictionSection(): HTMLElement {
    const pending = dab.pendingPredictions(this.doc);
    const all = h("button", { type: "button", id: "dab-accept-all", disabled: this.store.readOnly || pending.length === 0 }, "Accept all");
    all.addEventListener("click", () => this.store.apply((d) => dab.acceptAll(d)));
    return h("section", { id: "dab-predictions" }, h("h2", {}, "Pre-annotations"),
      h("p", {}, h("span", { id: "dab-pending" }, String(pending.length)), " waiting for a decision (dashed in the text). ", all));
  }

  private entitiesSection(): HTMLElement {
    const ann = dab.working(this.doc);
    const groups = dab.entityGroups(ann);
    const list = h("ol", { id: "dab-entities" }, groups.map((g) => h("li", { "data-entity": g.id },
      h("strong", {}, `${g.mentions[0]!.label} `), g.mentions.map((m) => {
        const b = h("button", { type: "button", class: `linkish cat-${m.label}`, "data-mention": m.id }, m.text);
        b.addEventListener("click", () => this.select({ kind: "mention", id: m.id }));
        return b;
      }))));
    const rels = h("ul", { id: "dab-relations" }, ann.relations.map((r) => {
      const name = (id: string): string => ann.mentions.find((m) => m.id === id)?.text ?? id;
      const x = h("button", { type: "button", title: "Remove the relation", disabled: this.store.readOnly }, "×");
      x.addEventListener("click", () => this.store.apply((d) => dab.removeRelation(d, r.from_id, r.to_id)));
      return h("li", {}, `${name(r.from_id)} → ${name(r.to_id)} `, x);
    }));
    return h("section", { id: "dab-entities-panel" }, h("h2", {}, `Entities (${groups.length})`), list,
      h("h3", {}, `Relations (${ann.relations.length})`), rels);
  }

  private protectedSection(): HTMLElement {
    const input = h("input", { id: "dab-protected", type: "text", value: this.doc.protected.join("; "), disabled: this.store.readOnly || this.step === 0, placeholder: "names, separated by ;" });
    input.addEventListener("change", () => this.store.apply((d) => {
      const next = input.value.split(";").map((x) => x.trim()).filter(Boolean);
      return next.join(";") === d.protected.join(";") ? d : dab.setProtected(d, next);
    }));
    return h("section", {}, h("h2", {}, "Person(s) to protect"), input);
  }

  private reviewSection(): HTMLElement {
    const ms = dab.working(this.doc).mentions;
    const n = (t: string): number => ms.filter((m) => m.identifier_type === t).length;
    return h("section", { id: "dab-review" }, h("h2", {}, "Final review"),
      h("p", {}, `${n("DIRECT")} DIRECT (black), ${n("QUASI")} QUASI (grey), ${n("NO_MASK")} not masked (hidden).`),
      h("p", { class: "muted" }, "Read the text as its anonymized reader would: can the person still be recognised?"));
  }

  private renderSave(): void {
    const s = this.store;
    const labels: Record<string, string> = { saved: "Saved", unsaved: "Unsaved changes", saving: "Saving…", offline: "Offline", conflict: "Conflict", error: "Not saved", "read-only": "Read-only" };
    this.el.save.dataset.state = s.saveState;
    this.el.save.textContent = labels[s.saveState] ?? s.saveState;
    this.el.save.title = s.saveMessage;
    this.renderBanner();
  }

  private renderBanner(): void {
    const b = this.el.banner;
    const c = this.store.conflict;
    if (c) {
      const merge = h("button", { type: "button", id: "merge", class: "primary" }, "Merge (mine win where both changed)");
      merge.addEventListener("click", () => {
        const overlaps = this.store.resolveMerge();
        this.flash(overlaps ? `Merged; ${overlaps} unit(s) were changed on both sides: check them (Ctrl+Z undoes the merge).` : "Merged.", "info");
      });
      const mine = h("button", { type: "button", id: "keep-mine" }, "Keep mine (save over theirs)");
      const theirs = h("button", { type: "button", id: "take-theirs" }, "Take theirs (mine stays in undo)");
      mine.addEventListener("click", () => this.store.resolveKeepMine());
      theirs.addEventListener("click", () => this.store.resolveReload());
      b.className = "banner conflict";
      b.replaceChildren(h("span", {}, this.store.saveMessage + ". "), merge, " ", mine, " ", theirs);
    } else if (this.store.saveState === "error" || this.store.saveState === "offline") {
      b.className = "banner warn";
      b.replaceChildren(this.store.saveMessage);
    } else if (this.message) {
      b.className = `banner ${this.message.cls}`;
      b.replaceChildren(this.message.text);
    } else if (this.essay.return_message) {
      b.className = "banner info";
      b.replaceChildren(`Returned by the lead: ${this.essay.return_message}`);
    } else {
      b.className = "";
      b.replaceChildren();
    }
  }
}
