"""Browser benchmark of the annotation editor (issue 5).

Generates a 2,000-token essay with 200 labels, opens the built editor in headless Debian
Chromium and measures, with performance.now() inside the page:

- time to interactive: from navigation start until the editor has rendered all panes and
  accepts input (the API is answered from memory, so this is the front end's own cost);
- a label action: select a token, apply a label, and force style and layout of every pane;
  also the time from the action to the next painted frame (which includes waiting for it).

No database or server is needed: Playwright answers /api/ and /static/ itself.

    python benchmarks/bench_editor.py [--tokens 2000] [--labels 200] [--actions 30]

Build the front end first (``cd frontend && npm run build``); targets: < 1 s and < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "swell_annot" / "editor" / "static" / "editor"
BASE = "http://bench.invalid"
JSON = "application/json"
FIRST_FRAME = (
    "() => new Promise(r => requestAnimationFrame(() => setTimeout(() => r(performance.now()))))"
)

WORDS = (
    "jag bor i en liten stad och går till skolan varje dag med min syster vi tycker om att "
    "läsa böcker på kvällen när det regnar ute det är roligt men ibland svårt"
).split()
LABELS = ["firstname_female", "firstname_male", "surname", "city", "country", "school", "year"]


def make_graph(tokens: int, labels: int, seed: int = 7) -> dict:
    """A SVALA graph of ``tokens`` words where ``labels`` single-token spans carry labels."""
    rnd = random.Random(seed)
    source, target, edges = [], [], {}
    labelled = set(rnd.sample(range(tokens), labels))
    for i in range(tokens):
        word = rnd.choice(WORDS) + ("." if i % 12 == 11 else "")
        text = word + ("\n\n" if i % 120 == 119 else " ")
        sid, tid = f"s{i}", f"t{i}"
        source.append({"id": sid, "text": text})
        labs: list[str] = []
        ttext = text
        if i in labelled:
            label = rnd.choice(LABELS)
            labs = [label, str(1 + i % 60)]
            ttext = "Pseudo" + text[len(word) :]
        target.append({"id": tid, "text": ttext})
        eid = f"e-{sid}-{tid}"
        edges[eid] = {"id": eid, "ids": [sid, tid], "labels": labs, "manual": i % 3 == 0}
    return {"source": source, "target": target, "edges": edges}


PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/editor/editor.css">
<script type="module" src="/static/editor/editor.js"></script></head>
<body><main><script id="editor-boot" type="application/json">{boot}</script>
<div id="app" data-view="editor"></div></main></body></html>"""


def run(tokens: int, labels: int, actions: int) -> dict:
    from playwright.sync_api import sync_playwright

    if not (STATIC / "editor.js").exists():
        sys.exit("build the front end first: cd frontend && npm run build")
    graph = make_graph(tokens, labels)
    essay = {
        "id": 1,
        "external_id": "bench",
        "project": 1,
        "status": "in_annotation",
        "level": "A",
        "genre": "narrative",
        "topic": "",
        "current_version": 1,
        "label_count": labels,
        "open_obs_count": 0,
        "assignees": ["bench"],
        "updated_at": "2026-01-01T00:00:00Z",
        "metadata": {},
        "read_only": False,
        "current": {"number": 1, "graph": graph, "origin": "auto", "author": None},
    }
    boot = {
        "view": "editor",
        "api": "/api/",
        "csrf": "x",
        "user": {"id": 1, "username": "b"},
        "essaysUrl": "/editor/",
        "editorUrl": "/editor/essays/{id}/",
        "essayId": 1,
    }

    def handle(route):
        url = route.request.url[len(BASE) :]
        if url.startswith("/static/editor/"):
            name = url.split("?")[0].rsplit("/", 1)[1]
            ctype = "text/css" if name.endswith(".css") else "application/javascript"
            route.fulfill(status=200, body=(STATIC / name).read_bytes(), content_type=ctype)
        elif url.startswith("/api/essays/1/versions/"):
            route.fulfill(status=201, body='{"number": 2}', content_type=JSON)
        elif url.startswith("/api/essays/1/"):
            route.fulfill(status=200, body=json.dumps(essay), content_type=JSON)
        elif url.startswith("/api/"):  # taxonomy, project: the editor falls back
            route.fulfill(status=404, body="{}", content_type=JSON)
        else:
            page_html = PAGE.format(boot=json.dumps(boot))
            route.fulfill(status=200, body=page_html, content_type="text/html")

    chromium = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("**/*", handle)
        opens = []
        for _ in range(3):
            page.goto(f"{BASE}/editor/essays/1/")
            page.wait_for_function("window.swellEditor !== undefined")
            # Interactive = the first frame after mounting (all panes painted, input handled).
            opens.append(page.evaluate(FIRST_FRAME))
        times = page.evaluate(
            """(n) => {
              const v = window.swellEditor;
              const out = [];
              const labels = ['city', 'surname', 'firstname_female', 'OBS!', 'gen'];
              for (let k = 0; k < n; k++) {
                const tok = 37 * k + 5;
                const t0 = performance.now();
                v.select({anchor: tok, focus: tok});
                v.applyLabel(labels[k % labels.length]);
                // Force style and layout of every pane so the cost of the update is included.
                for (const id of ['source-pane', 'graph-pane', 'target-pane', 'side']) {
                  document.getElementById(id).getBoundingClientRect();
                  void document.getElementById(id).offsetHeight;
                }
                out.push(performance.now() - t0);
              }
              return out;
            }""",
            actions,
        )
        # The same actions until the next painted frame (includes paint and the frame wait).
        frames = page.evaluate(
            """async (n) => {
              const v = window.swellEditor;
              const out = [];
              const labels = ['place', 'surname', 'Com!', 'def', 'city'];
              for (let k = 0; k < n; k++) {
                const tok = 41 * k + 3;
                await new Promise(r => requestAnimationFrame(() => setTimeout(r)));
                const t0 = performance.now();
                v.select({anchor: tok, focus: tok});
                v.applyLabel(labels[k % labels.length]);
                await new Promise(r => requestAnimationFrame(() => setTimeout(r)));
                out.push(performance.now() - t0);
              }
              return out;
            }""",
            actions,
        )
        rows = page.evaluate("document.querySelectorAll('#graph-pane .row').length")
        spans = page.evaluate("document.querySelectorAll('#source-pane .tok').length")
        browser.close()
    return {
        "tokens": tokens,
        "labels": labels,
        "source_spans": spans,
        "graph_rows_in_dom": rows,
        "open_ms_median": round(statistics.median(opens), 1),
        "open_ms_max": round(max(opens), 1),
        "action_ms_median": round(statistics.median(times), 2),
        "action_ms_p95": round(sorted(times)[int(0.95 * (len(times) - 1))], 2),
        "action_ms_max": round(max(times), 2),
        "action_to_painted_frame_ms_median": round(statistics.median(frames), 2),
        "action_to_painted_frame_ms_max": round(max(frames), 2),
        "actions": len(times),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tokens", type=int, default=2000)
    ap.add_argument("--labels", type=int, default=200)
    ap.add_argument("--actions", type=int, default=30)
    args = ap.parse_args()
    res = run(args.tokens, args.labels, args.actions)
    for k, v in res.items():
        print(f"{k:>20}: {v}")
    ok = res["open_ms_max"] < 1000 and res["action_ms_p95"] < 50
    print("targets (open < 1000 ms, action p95 < 50 ms):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
