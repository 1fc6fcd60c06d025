import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, OfflineError, type VersionInfo } from "../src/api/client";
import * as dab from "../src/dab/model";
import { type DabDoc } from "../src/dab/model";
import { DabStore, type DabSaveBackend } from "../src/dab/store";

const TEXT = "Hr. Jens Hansen bor på Nørregade 12, 8000 Aarhus. Jens ringer på 26 35 58 65.";

function at(text: string, nth = 0): [number, number] {
  let i = TEXT.indexOf(text);
  for (let k = 0; k < nth; k++) i = TEXT.indexOf(text, i + 1);
  return [i, i + text.length];
}

function pred(id: string, text: string, label: string, type = "NO_MASK", nth = 0): dab.DabMention {
  const [start, end] = at(text, nth);
  return { id, start, end, text, label, identifier_type: type, confidential: null, entity: null };
}

function doc(): DabDoc {
  return {
    scheme: "dab", id: "d1", text: TEXT, annotations: [], protected: [],
    predictions: [{
      annotator: "auto",
      mentions: [pred("p1", "Hr. Jens Hansen", "PERSON", "DIRECT"), pred("p2", "Jens", "PERSON", "DIRECT", 1),
        pred("p3", "26 35 58 65", "CODE", "DIRECT")],
      relations: [{ from_id: "p2", to_id: "p1", direction: "right" }],
    }],
    editor: { rejected: [] },
  };
}

describe("trimSpan (minimal-span help)", () => {
  it.each([
    [" Jens Hansen ", "Jens Hansen"],
    ["Aarhus.", "Aarhus"],
    ["(26 35 58 65)", "26 35 58 65"],
    ["Hr. Jens", "Hr. Jens"],
    ["«Nørregade 12»,", "Nørregade 12"],
    [", ", null],
  ])("%j → %j", (input, want) => {
    const text = `xx ${input} yy`;
    const r = dab.trimSpan(text, 3, 3 + input.length);
    expect(r ? text.slice(r.start, r.end) : null).toBe(want);
  });
  it("keeps the full stop of an abbreviation at the end", () => {
    const text = "Ring til Dr. nu";
    const r = dab.trimSpan(text, 9, 12)!;
    expect(text.slice(r.start, r.end)).toBe("Dr.");
  });
});

describe("dab actions", () => {
  it("adds a trimmed unit, keeps the category beside the identifier type", () => {
    const [s, e] = at("Nørregade 12, 8000 Aarhus");
    const r = dab.addMention(doc(), s - 1, e + 1, "LOC");
    expect(r.id).not.toBeNull();
    let d = r.doc;
    const m = dab.working(d).mentions[0]!;
    expect(m.text).toBe("Nørregade 12, 8000 Aarhus");
    d = dab.setIdentifierType(d, m.id, "QUASI");
    d = dab.setConfidential(d, m.id, "HEALTH");
    const got = dab.working(d).mentions[0]!;
    expect([got.label, got.identifier_type, got.confidential]).toEqual(["LOC", "QUASI", "HEALTH"]);
    expect(dab.working(dab.setIdentifierType(d, m.id, "QUASI")).mentions[0]!.identifier_type).toBe("NO_MASK");
    expect(dab.setLabel(d, m.id, "NAME")).toBe(d);
    expect(dab.setConfidential(d, m.id, "FOOD")).toBe(d);
    expect(dab.checkDoc(d)).toEqual([]);
  });

  it("accepts and rejects pre-annotations; relations between accepted ones come along", () => {
    let d = doc();
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
    d = dab.acceptPrediction(d, "p1").doc;
    d = dab.acceptPrediction(d, "p2").doc;
    d = dab.rejectPrediction(d, "p3");
    expect(dab.pendingPredictions(d)).toEqual([]);
    const ann = dab.working(d);
    expect(ann.mentions.map((m) => [m.text, m.label, m.identifier_type])).toEqual([
      ["Hr. Jens Hansen", "PERSON", "DIRECT"], ["Jens", "PERSON", "DIRECT"]]);
    expect(ann.relations).toHaveLength(1);
    expect(dab.entityGroups(ann)).toHaveLength(1);
    expect(dab.checkDoc(d)).toEqual([]);
  });

  it("a unit over a prediction settles it: a corrected span, or the annotator's own unit", () => {
    let d = doc();
    const r = dab.acceptPrediction(d, "p1");
    d = r.doc;
    // the span corrected to "Jens Hansen": p1 does not come back as a new proposal
    const [s, e] = at("Jens Hansen");
    d = dab.resizeMention(d, r.id!, s, e);
    expect(dab.working(d).mentions[0]!.text).toBe("Jens Hansen");
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p2", "p3"]);
    // a unit marked over part of a prediction (the phone number's first digits) replaces it
    const [ps] = at("26 35");
    d = dab.addMention(d, ps, ps + 5, "CODE").doc;
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p2"]);
    // a unit moved away from the prediction: it waits for a decision again
    const [ns, ne] = at("Nørregade 12");
    d = dab.resizeMention(d, dab.working(d).mentions.find((m) => m.text === "26 35")!.id, ns, ne);
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p2", "p3"]);
    // a unit next to a prediction does not settle it; one over it does
    const [as, ae] = at("Aarhus");
    d = dab.addMention(d, as, ae, "LOC").doc;
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p2", "p3"]);
    const [js, je] = at("Jens", 1);
    d = dab.addMention(d, js, je + 7, "PERSON").doc;
    expect(dab.pendingPredictions(d).map((p) => p.id)).toEqual(["p3"]);
  });

  it("entities are the transitive closure of relations", () => {
    let d = doc();
    const ids: string[] = [];
    for (const [t, nth] of [["Jens Hansen", 0], ["Jens", 1], ["Aarhus", 0]] as const) {
      const [s, e] = at(t, nth);
      const r = dab.addMention(d, s, e, "PERSON");
      d = r.doc;
      ids.push(r.id!);
    }
    expect(dab.entityGroups(dab.working(d))).toHaveLength(3);
    d = dab.addRelation(d, ids[1]!, ids[0]!);
    d = dab.addRelation(d, ids[2]!, ids[1]!);
    expect(dab.addRelation(d, ids[0]!, ids[1]!)).toBe(d); // no duplicate in either direction
    expect(dab.addRelation(d, ids[0]!, ids[0]!)).toBe(d);
    const ent = dab.entities(dab.working(d));
    expect(new Set(ids.map((i) => ent.get(i))).size).toBe(1);
    d = dab.removeMention(d, ids[1]!);
    expect(dab.working(d).relations).toEqual([]);
    expect(dab.entityGroups(dab.working(d))).toHaveLength(2);
  });

  it("corrects a unit's span, trimmed, and refuses an empty one", () => {
    const [s, e] = at("Nørregade 12");
    const r = dab.addMention(doc(), s, e, "LOC");
    const [s2, e2] = at("Nørregade 12, 8000 Aarhus");
    let d = dab.resizeMention(r.doc, r.id!, s2 - 1, e2 + 1);
    expect(dab.working(d).mentions[0]!.text).toBe("Nørregade 12, 8000 Aarhus");
    expect(dab.resizeMention(d, r.id!, e2, e2 + 1)).toBe(d);
    d = dab.resizeMention(d, "nope", s, e);
    expect(dab.checkDoc(d)).toEqual([]);
  });

  it("masks DIRECT and QUASI units for the final review", () => {
    const [s, e] = at("26 35 58 65");
    let r = dab.addMention(doc(), s, e, "CODE", "DIRECT");
    const [s2, e2] = at("Aarhus");
    r = dab.addMention(r.doc, s2, e2, "LOC", "NO_MASK");
    expect(dab.maskedText(r.doc)).toBe(TEXT.replace("26 35 58 65", "██ ██ ██ ██"));
  });
});

describe("keyboard marking: words, ← / → and Shift+← / Shift+→", () => {
  const slice = (s: dab.Span | null): string | null => (s ? TEXT.slice(s.start, s.end) : null);

  it("words are trimmed like a selection; an abbreviation keeps its full stop", () => {
    expect(dab.words(TEXT).map((w) => TEXT.slice(w.start, w.end)).slice(0, 8)).toEqual(
      ["Hr.", "Jens", "Hansen", "bor", "på", "Nørregade", "12", "8000"]);
    expect(dab.words("  (…)  ")).toEqual([]);
  });

  it("steps to the next and previous word from a position", () => {
    const [, end] = at("Nørregade");
    expect(slice(dab.wordAfter(TEXT, end))).toBe("12");
    expect(slice(dab.wordBefore(TEXT, at("Nørregade")[0]))).toBe("på");
    expect(dab.wordAfter(TEXT, TEXT.length)).toBeNull();
    expect(dab.wordBefore(TEXT, 0)).toBeNull();
  });

  it("grows a range word by word (trimmed) and shrinks it back, never below one word", () => {
    let r: dab.Span = { start: at("Nørregade")[0], end: at("Nørregade")[1] };
    for (let k = 0; k < 3; k++) r = dab.stretchRange(TEXT, r, 1);
    expect(slice(r)).toBe("Nørregade 12, 8000 Aarhus");
    r = dab.stretchRange(TEXT, r, -1);
    expect(slice(r)).toBe("Nørregade 12, 8000");
    r = dab.stretchRange(TEXT, dab.stretchRange(TEXT, r, -1), -1);
    expect(slice(r)).toBe("Nørregade");
    expect(slice(dab.stretchRange(TEXT, r, -1))).toBe("Nørregade");
    const last = dab.wordBefore(TEXT, TEXT.length)!;
    expect(dab.stretchRange(TEXT, last, 1)).toEqual(last);
  });

  it("C cycles through the confidential categories and back to none", () => {
    const seen: (string | null)[] = [];
    let c: string | null = null;
    for (let k = 0; k < 6; k++) seen.push((c = dab.nextConfidential(c)));
    expect(seen).toEqual(["BELIEF", "POLITICS", "SEX", "ETHNIC", "HEALTH", null]);
  });
});

describe("detachMention (take a unit out of its entity)", () => {
  const mention = (id: string, text: string, entity: string | null, nth = 0): dab.DabMention => ({ ...pred(id, text, "PERSON", "DIRECT", nth), entity });

  it("splits an imported entity held together by explicit entity ids", () => {
    const d: DabDoc = { ...doc(), predictions: [], annotations: [{ annotator: "a", relations: [], mentions: [
      mention("a", "Jens Hansen", "1"), mention("b", "Jens", "1", 1), mention("c", "Aarhus", "2")] }] };
    expect(dab.entityGroups(dab.working(d)).length).toBe(2);
    const next = dab.detachMention(d, "b");
    const ent = dab.entities(dab.working(next));
    expect(ent.get("b")).not.toBe(ent.get("a"));
    expect(dab.entityGroups(dab.working(next)).length).toBe(3);
    // the others keep their ids; a unit alone in its entity is left as it is
    expect(dab.working(next).mentions.find((m) => m.id === "a")!.entity).toBe("1");
    expect(dab.detachMention(next, "c")).toBe(next);
  });

  it("removes the relations that name the unit, not the others", () => {
    const d: DabDoc = { ...doc(), predictions: [], annotations: [{ annotator: "a", mentions: [
      mention("a", "Jens Hansen", null), mention("b", "Jens", null, 1), mention("c", "Hr. Jens Hansen", null)],
    relations: [{ from_id: "b", to_id: "a" }, { from_id: "c", to_id: "a" }] }] };
    const next = dab.detachMention(d, "b");
    expect(dab.working(next).relations).toEqual([{ from_id: "c", to_id: "a" }]);
    const ent = dab.entities(dab.working(next));
    expect(ent.get("c")).toBe(ent.get("a"));
    expect(ent.get("b")).not.toBe(ent.get("a"));
  });
});

describe("offsets: stored code points ↔ the editor's UTF-16 units", () => {
  const text = "Tak 😃 til Mads og 👍🏻 Hanne.";
  const cp = (sub: string): [number, number] => {
    const i = Array.from(text.slice(0, text.indexOf(sub))).length;
    return [i, i + Array.from(sub).length];
  };
  const stored = (): DabDoc => {
    const [ms, me] = cp("Mads");
    const [hs, he] = cp("Hanne");
    return { scheme: "dab", id: "e", text, protected: [], annotations: [{ annotator: "a", relations: [], mentions: [
      { id: "m", start: ms, end: me, text: "Mads", label: "PERSON", identifier_type: "DIRECT", confidential: null, entity: null }] }],
    predictions: [{ annotator: "auto", relations: [], mentions: [
      { id: "p", start: hs, end: he, text: "Hanne", label: "PERSON", identifier_type: "DIRECT", confidential: null, entity: null }] }] };
  };

  it("a stored document's units point at their words in JavaScript after fromStored", () => {
    const d = stored();
    expect(text.slice(d.annotations[0]!.mentions[0]!.start, d.annotations[0]!.mentions[0]!.end)).not.toBe("Mads");
    const ed = dab.fromStored(d);
    for (const m of [...ed.annotations[0]!.mentions, ...ed.predictions[0]!.mentions]) expect(text.slice(m.start, m.end)).toBe(m.text);
    expect(dab.checkDoc(ed)).toEqual([]);
  });

  it("toStored gives the stored offsets back, also for a unit added in the editor", () => {
    const ed = dab.fromStored(stored());
    expect(dab.toStored(ed)).toEqual(stored());
    const i = text.indexOf("Hanne");
    const added = dab.addMention(ed, i, i + 5, "PERSON");
    const back = dab.toStored(added.doc).annotations[0]!.mentions.find((m) => m.id === added.id)!;
    expect([back.start, back.end]).toEqual(cp("Hanne"));
  });

  it("text without characters outside the BMP is left as it is", () => {
    const d = doc();
    expect(dab.fromStored(d)).toBe(d);
    expect(dab.toStored(d)).toBe(d);
  });
});

describe("mergeDocs", () => {
  function base(): DabDoc {
    let d = doc();
    d = dab.acceptPrediction(d, "p1").doc; // m4 Hr. Jens Hansen
    d = dab.acceptPrediction(d, "p2").doc; // m5 Jens, related to m4
    return d;
  }
  it("keeps both sides' independent changes", () => {
    const b = base();
    const [id1, id2] = dab.working(b).mentions.map((m) => m.id) as [string, string];
    const mine = dab.setIdentifierType(dab.addMention(b, ...at("Aarhus"), "LOC").doc, id1, "QUASI");
    const theirs = dab.rejectPrediction(dab.addMention(b, ...at("ringer"), "MISC").doc, "p3");
    const { doc: merged, overlaps } = dab.mergeDocs(b, mine, theirs);
    expect(overlaps).toBe(0);
    const ms = dab.working(merged).mentions;
    expect(ms.map((m) => m.text)).toEqual(["Hr. Jens Hansen", "Aarhus", "Jens", "ringer"]);
    expect(ms.find((m) => m.id === id1)!.identifier_type).toBe("QUASI");
    expect(new Set(ms.map((m) => m.id)).size).toBe(4); // both added "m6": mine got a fresh id
    expect(dab.working(merged).relations).toEqual([{ from_id: id2, to_id: id1, direction: "right" }]);
    expect(merged.editor?.rejected).toEqual(["p3"]);
    expect(dab.checkDoc(merged)).toEqual([]);
    expect(dab.pendingPredictions(merged)).toEqual([]);
  });
  it("mine wins where both changed the same unit; deletions hold; same span becomes one", () => {
    const b = base();
    const [id1, id2] = dab.working(b).mentions.map((m) => m.id) as [string, string];
    const mine = dab.addMention(dab.setLabel(b, id1, "MISC"), ...at("Aarhus"), "LOC").doc;
    const theirs = dab.removeMention(dab.addMention(dab.setLabel(b, id1, "ORG"), ...at("Aarhus"), "LOC", "QUASI").doc, id2);
    const { doc: merged, overlaps } = dab.mergeDocs(b, mine, theirs);
    const ms = dab.working(merged).mentions;
    expect(ms.map((m) => [m.text, m.label, m.identifier_type])).toEqual([
      ["Hr. Jens Hansen", "MISC", "DIRECT"], ["Aarhus", "LOC", "NO_MASK"]]);
    expect(overlaps).toBe(2);
    expect(dab.working(merged).relations).toEqual([]);
    expect(dab.checkDoc(merged)).toEqual([]);
  });
});

class FakeServer implements DabSaveBackend {
  version = 1;
  doc: DabDoc = doc();
  offline = false;
  async save(base: number | null, d: DabDoc): Promise<VersionInfo> {
    if (this.offline) throw new OfflineError("down");
    if (base !== this.version) throw new ApiError(409, { detail: "x", current: { number: this.version, graph: this.doc, author: "bo" } });
    this.version++;
    this.doc = structuredClone(d);
    return { number: this.version, graph: d as never };
  }
}

describe("DabStore", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("undoes, redoes and autosaves", async () => {
    const server = new FakeServer();
    const st = new DabStore({ doc: server.doc, version: 1, backend: server, debounceMs: 100 });
    st.apply((d) => dab.acceptPrediction(d, "p1").doc);
    expect(st.saveState).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(150);
    expect(st.saveState).toBe("saved");
    expect(server.version).toBe(2);
    expect(dab.working(server.doc).mentions).toHaveLength(1);
    expect(st.undo()).toBe(true);
    expect(dab.working(st.doc).mentions).toHaveLength(0);
    expect(st.redo()).toBe(true);
    expect(dab.working(st.doc).mentions).toHaveLength(1);
  });

  it("meets a 409 with a conflict and resolves it either way", async () => {
    const server = new FakeServer();
    const st = new DabStore({ doc: server.doc, version: 1, backend: server, debounceMs: 100 });
    server.version = 2;
    server.doc = dab.rejectPrediction(doc(), "p3");
    st.apply((d) => dab.acceptPrediction(d, "p1").doc);
    await vi.advanceTimersByTimeAsync(150);
    expect(st.saveState).toBe("conflict");
    st.resolveReload();
    expect(st.doc.editor?.rejected).toEqual(["p3"]);
    st.undo();
    expect(dab.working(st.doc).mentions).toHaveLength(1);
    server.version = 3;
    await vi.advanceTimersByTimeAsync(150);
    expect(st.saveState).toBe("conflict");
    st.resolveKeepMine();
    await vi.advanceTimersByTimeAsync(150);
    expect(st.saveState).toBe("saved");
    expect(server.version).toBe(4);
    expect(dab.working(server.doc).mentions).toHaveLength(1);
  });

  it("retries when offline and refuses a broken document", async () => {
    const server = new FakeServer();
    server.offline = true;
    const st = new DabStore({ doc: server.doc, version: 1, backend: server, debounceMs: 10, retryMs: 20 });
    st.apply((d) => dab.acceptPrediction(d, "p3").doc);
    await vi.advanceTimersByTimeAsync(20);
    expect(st.saveState).toBe("offline");
    server.offline = false;
    await vi.advanceTimersByTimeAsync(50);
    expect(st.saveState).toBe("saved");
    st.apply((d) => ({ ...d, annotations: [{ ...d.annotations[0]!, relations: [{ from_id: "zz", to_id: "m1" }] }] }));
    await vi.advanceTimersByTimeAsync(50);
    expect(st.saveState).toBe("error");
    expect(server.version).toBe(2);
  });
});
