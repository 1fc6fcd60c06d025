"""Command line: ``python -m pseudonymizer annotate|text|evaluate`` (SPEC §4).

``annotate`` streams span JSONL: one JSON object per input line in, one per line out, in the
same order, in constant memory. A line that is not valid JSON (or not an object with a string
``text``) is reported on stderr with its line number and written as an error object
``{"line": N, "error": "..."}`` (plus ``"id"`` when known) at its place in the output; the rest
continues and the exit status is 1. Records with ``"scheme": "dab"`` or ``"lang": "da"`` go to the
Danish pre-annotator (``pseudonymizer.dab.annotate_dab``). ``--jobs N`` annotates with N worker
processes, in bounded batches written in input order: the same output bytes as one process.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Iterator
from typing import IO

from pseudonymizer.document import Options
from pseudonymizer.taxonomy import LABELS

__all__ = ["encode_line", "main"]

# One encoder for every output line, without the check for reference cycles: a result is built
# from parsed JSON and the library's own dicts and lists and never holds a cycle. Same bytes as
# json.dumps(result, ensure_ascii=False); the cycle check was a fifth of the serialization time.
_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


# Characters that str.splitlines() (and old JavaScript) take for line breaks although JSON
# leaves them unescaped: escaped, so that every output record is exactly one line.
_LINE_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}


def encode_line(result: dict) -> str:
    """One output line of ``annotate`` without the newline: the same text as
    ``json.dumps(result, ensure_ascii=False)`` (default separators, non-ASCII as it is), except
    that U+2028, U+2029 and U+0085 are written as ``\\u`` escapes (same JSON value)."""
    line = _ENCODE(result)
    for char, escaped in _LINE_BREAKS.items():
        if char in line:
            line = line.replace(char, escaped)
    return line


_DESCRIPTION = """\
Pre-pseudonymize learner essays with the SweLL labels (SVALA graphs).

commands:
  annotate   read span JSONL ({"id", "text", "lang"?, "genre"?, "seed"?, "scheme"?} per line) and
             write one result per line: {"id", "text", "spans", "target", "graph"}; spans carry
             start/end character offsets, label, flags, running number and pseudonym
  text       pseudonymize one text given on the command line and print it with the labels
             inline, for a quick look: [Anna→Maria firstname_female 1]
  evaluate   compare predictions with a gold span JSONL file (precision, recall, F1/F2, privacy
             recall, agreement); see `python -m pseudonymizer evaluate --help`

examples:
  python -m pseudonymizer annotate --input essays.jsonl --output spans.jsonl
  cat essays.jsonl | python -m pseudonymizer annotate --input - --output - > spans.jsonl
  python -m pseudonymizer text "Jag heter Anna och bor i Stokholm."
"""


def _options(args: argparse.Namespace) -> Options:
    return Options(
        geo_strategy=args.geo_strategy,
        swedish_city_strategy=args.swedish_city_strategy,
        enabled_optional_labels=frozenset(args.enable or ()),
        disabled_labels=frozenset(args.disable or ()),
        genre_profile=args.genre_profile,
    )


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--geo-strategy",
        choices=("placeholder", "real"),
        default="placeholder",
        help="countries, foreign cities, regions, areas, places and geo names: letter "
        "placeholders such as A-stad, A-plats (strategy b, default) or real names of the same "
        "kind and country, e.g. a street for a street, a lake for a lake (a)",
    )
    parser.add_argument(
        "--swedish-city-strategy",
        choices=("invented", "placeholder"),
        default="invented",
        help="Swedish cities: an invented Swedish-looking town (default) or A-stad",
    )
    parser.add_argument(
        "--enable",
        action="append",
        metavar="LABEL",
        choices=sorted(n for n, lab in LABELS.items() if lab.optional),
        help="switch on an optional newer label (repeatable)",
    )
    parser.add_argument(
        "--disable",
        action="append",
        metavar="LABEL",
        choices=sorted(n for n, lab in LABELS.items() if lab.kind == "main"),
        help="never propose this label (repeatable)",
    )
    parser.add_argument(
        "--genre-profile",
        choices=("auto", "personal", "evaluative"),
        default="auto",
        help="auto: use the genre and first-person cues; "
        "personal: label everything; evaluative: reviews and discussions",
    )


def _positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {value!r}")
    return number


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pseudonymizer",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="{annotate,text,evaluate}")
    ann = sub.add_parser(
        "annotate",
        help="span JSONL in, span JSONL out (SPEC §4)",
        description='Read one JSON object per line ({"id", "text", '
        '"lang"?, "genre"?, "seed"?, "scheme"?}) and write one result '
        "per line in the same order. Broken lines are reported on stderr and "
        'as {"line", "error"} objects; the rest continues (exit status 1).',
    )
    ann.add_argument("--input", "-i", default="-", help="input JSONL file, - for stdin")
    ann.add_argument("--output", "-o", default="-", help="output JSONL file, - for stdout")
    ann.add_argument("--no-graph", action="store_true", help="leave the SVALA graph out")
    ann.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    ann.add_argument(
        "--jobs", "-j", type=_positive_int, default=1,
        help="worker processes (default 1); the output is the same, in the same order",
    )
    _add_common(ann)
    txt = sub.add_parser(
        "text",
        help="pseudonymize one text, labels inline",
        description="Print the pseudonymized text with each span shown as "
        "[original→pseudonym label number].",
    )
    txt.add_argument("text", help="the text (quote it)")
    txt.add_argument("--seed", default=None, help="seed for the pseudonyms")
    txt.add_argument(
        "--lang",
        default="sv",
        help="language of the text (default sv); da shows the Danish DAB pre-annotation "
        "([Anders PERSON DIRECT e1]), as annotate does for Danish records",
    )
    txt.add_argument(
        "--genre",
        default=None,
        help="the essay's genre (narrative, evaluative, investigative …): in reviews and "
        "discussions famous people and places are not labelled",
    )
    _add_common(txt)
    sub.add_parser(
        "evaluate",
        help="quality against gold spans (delegated to pseudonymizer.evaluation)",
        add_help=False,
    )
    return parser


def _dab_annotate(text: str, seed: object) -> dict:
    try:
        from pseudonymizer import dab
    except ImportError as exc:
        raise RuntimeError(f"scheme 'dab' is not available: {exc}") from exc
    if not hasattr(dab, "annotate_dab"):
        raise RuntimeError("scheme 'dab' is not available: pseudonymizer.dab has no annotate_dab")
    return dab.annotate_dab(text, seed=seed)


def process_record(record: object, options: Options, *, with_graph: bool = True) -> dict:
    """Annotate one parsed input record; raises ValueError for records that are not usable."""
    head, result, tail = _process(record, options)
    if result is not None and with_graph:
        head["graph"] = result.graph
    head.update(tail)
    return head


def _process(record: object, options: Options) -> tuple[dict, object | None, dict]:
    """The output record of one input record in three parts: the fields before the graph, the
    Swedish pipeline's ``Result`` whose graph comes next (None for the Danish scheme, whose
    fields are all in the first part) and the fields after it (``lang``, ``genre`` as given)."""
    from pseudonymizer.pipeline import annotate

    if not isinstance(record, dict):
        raise ValueError("a line must be a JSON object")
    text = record.get("text")
    if not isinstance(text, str):
        raise ValueError('the object needs a string "text"')
    lang = record.get("lang") or "sv"
    genre = record.get("genre")
    if not isinstance(lang, str) or (genre is not None and not isinstance(genre, str)):
        raise ValueError('"lang" and "genre" must be strings')
    rid = record.get("id")
    seed = record.get("seed", rid if rid is not None else text)
    head: dict = {"id": rid} if rid is not None else {}
    head["text"] = text
    if record.get("scheme") == "dab" or lang == "da":
        head.update(_dab_annotate(text, seed))
        return head, None, {}
    result = annotate(text, lang=lang, genre=genre, seed=seed, options=options)
    # Result.to_json without the graph, which is written from the spans (graph_json)
    head["spans"] = [span.to_json() for span in result.spans]
    head["target"] = result.target
    tail = {key: record[key] for key in ("lang", "genre") if key in record}
    return head, result, tail


def _lines(stream: IO[bytes], progress: object | None) -> Iterator[tuple[int, bytes]]:
    for number, raw in enumerate(stream, start=1):
        if progress is not None:
            progress.update(len(raw))  # type: ignore[attr-defined]
        yield number, raw


def _same_file(a: str, b: str) -> bool:
    try:
        return a != "-" and b != "-" and os.path.samefile(a, b)
    except OSError:  # the output does not exist yet
        return False


def _annotate(args: argparse.Namespace) -> int:
    options = _options(args)
    if _same_file(args.input, args.output):
        # opening the output would empty the input before a line is read
        print(f"error: --input and --output are the same file ({args.input})", file=sys.stderr)
        return 2
    src: IO[bytes] = sys.stdin.buffer if args.input == "-" else open(args.input, "rb")  # noqa: SIM115
    if args.output == "-":
        out: IO[str] = io.TextIOWrapper(
            sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=False
        )
    else:
        out = open(args.output, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    progress = None
    if args.input != "-" and not args.no_progress:
        from tqdm import tqdm

        progress = tqdm(
            total=os.path.getsize(args.input),
            unit="B",
            unit_scale=True,
            desc="annotate",
            file=sys.stderr,
        )
    errors = 0
    try:
        if args.jobs > 1:
            errors = _annotate_parallel(_lines(src, progress), out, options, args)
        else:
            for number, raw in _lines(src, progress):
                errors += _annotate_line(number, raw, options, args.no_graph, out)
    finally:
        if progress is not None:
            progress.close()
        out.flush()
        if args.output != "-":
            out.close()
        else:
            out.detach()  # type: ignore[attr-defined]  # leave sys.stdout open
        if args.input != "-":
            src.close()
    if errors:
        print(f"{errors} line(s) could not be processed", file=sys.stderr)
    return 1 if errors else 0


def _annotate_line(
    number: int, raw: bytes, options: Options, no_graph: bool, out: IO[str]
) -> int:
    """Annotate one input line and write its output line; 1 for a line that could not be
    processed (reported on stderr and written as an error object), else 0."""
    if not raw.strip():
        return 0  # blank lines carry nothing
    rid = None
    error = 0
    try:
        # a byte-order mark (files saved by Windows tools) may open the first line
        record = json.loads(raw.decode("utf-8-sig" if number == 1 else "utf-8"))
        if isinstance(record, dict):
            rid = record.get("id")
        head, annotated, tail = _process(record, options)
    except Exception as exc:  # noqa: BLE001 (one bad record must not stop the stream)
        error = 1
        if not isinstance(exc, (UnicodeDecodeError, ValueError, RuntimeError)):
            exc = RuntimeError(f"internal error {type(exc).__name__}: {exc}")
        print(f"line {number}: {exc}", file=sys.stderr)
        head = {"line": number, "error": str(exc)}
        if rid is not None:
            head["id"] = rid
        annotated, tail = None, {}
    if annotated is None or no_graph:
        head.update(tail)
        _write_line(out, head)
    else:
        _write_with_graph(out, head, annotated, tail)
    return error


# Lines handed to the worker processes at a time, per worker: enough to keep them busy, few
# enough that memory stays bounded (the output of a batch is held until it is written in order).
_LINES_PER_JOB = 32
_WORKER: tuple[Options, bool] | None = None  # (options, no_graph) of a worker process


def _start_worker(options: Options, no_graph: bool) -> None:
    global _WORKER  # noqa: PLW0603 (one setting per worker process)
    _WORKER = (options, no_graph)


def _annotate_in_worker(line: tuple[int, bytes]) -> tuple[str, int]:
    assert _WORKER is not None
    buffer = io.StringIO()
    error = _annotate_line(line[0], line[1], _WORKER[0], _WORKER[1], buffer)
    return buffer.getvalue(), error


def _annotate_parallel(
    lines: Iterator[tuple[int, bytes]], out: IO[str], options: Options, args: argparse.Namespace
) -> int:
    """``--jobs N``: the lines are annotated by N worker processes, in batches, and written in
    input order, so the output is the same bytes as with one process. If a worker process dies
    (killed, out of memory), nothing is lost: the lines not yet written are annotated in this
    process."""
    import itertools
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from pseudonymizer.pipeline import default_gazetteer

    default_gazetteer()  # loaded once here; forked workers share it instead of loading it again
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    errors = 0
    batch_size = _LINES_PER_JOB * args.jobs
    with ProcessPoolExecutor(
        args.jobs, mp_context=context, initializer=_start_worker,
        initargs=(options, args.no_graph),
    ) as pool:
        while batch := list(itertools.islice(lines, batch_size)):
            written = 0
            try:
                for text, error in pool.map(_annotate_in_worker, batch, chunksize=4):
                    _write_safe(out, text)
                    errors += error
                    written += 1
            except BrokenProcessPool:
                print("a worker process stopped: the remaining lines are annotated in the "
                      "main process", file=sys.stderr)
                for number, raw in itertools.chain(batch[written:], lines):
                    errors += _annotate_line(number, raw, options, args.no_graph, out)
                break
    return errors


# Results of texts longer than this are written in pieces: a 1 MB essay gives a 40 MB line,
# which as one string (and once more as UTF-8 bytes) would add some 80 MB to the peak memory.
_STREAM_CHARS = 100_000
_BATCH = 2_000  # list items or dict entries encoded at a time by the C encoder


def _pieces(obj: object, depth: int) -> Iterator[str]:
    """The text of ``_ENCODE(obj)`` in pieces: dicts and lists down to ``depth`` levels are
    taken apart, long lists and dicts in batches of ``_BATCH`` items (each piece is encoded by
    the C encoder, so this is about as fast as one call)."""
    if depth > 0 and isinstance(obj, dict) and obj and all(isinstance(k, str) for k in obj):
        if len(obj) > _BATCH and depth == 1:
            items = list(obj.items())
            yield "{"
            for k in range(0, len(items), _BATCH):
                yield (", " if k else "") + _ENCODE(dict(items[k : k + _BATCH]))[1:-1]
            yield "}"
            return
        yield "{"
        for n, (key, value) in enumerate(obj.items()):
            yield (", " if n else "") + _ENCODE(key) + ": "
            yield from _pieces(value, depth - 1)
        yield "}"
    elif depth > 0 and isinstance(obj, list) and len(obj) > _BATCH:
        yield "["
        for k in range(0, len(obj), _BATCH):
            yield (", " if k else "") + _ENCODE(obj[k : k + _BATCH])[1:-1]
        yield "]"
    else:
        yield _ENCODE(obj)


def _write_line(out: IO[str], result: dict) -> None:
    """Write ``result`` as one line (the text of :func:`encode_line`).

    A text with an unpaired surrogate (JSON allows ``"\\ud800"``) cannot be written as UTF-8:
    the surrogate is written as its ``\\u`` escape (it can only stand inside a JSON string), so
    the line stays valid JSON that reads back to the same string, and the stream goes on.
    """
    text = result.get("text")
    if isinstance(text, str) and len(text) > _STREAM_CHARS:
        for piece in _pieces(result, 3):  # record → graph → source, target, edges
            for char, escaped in _LINE_BREAKS.items():
                if char in piece:
                    piece = piece.replace(char, escaped)
            _write_safe(out, piece)
    else:
        _write_safe(out, encode_line(result))
    out.write("\n")


def _write_with_graph(out: IO[str], head: dict, result: object, tail: dict) -> None:
    """Write ``{**head, "graph": result.graph, **tail}`` as one line (the text of
    :func:`encode_line`) with the graph's JSON written from the spans, without building it
    (:mod:`pseudonymizer.graph_json`); a long one in pieces."""
    from pseudonymizer.graph_json import graph_json_parts

    source, target, edges = graph_json_parts(result.text, result.spans)  # type: ignore[attr-defined]
    after = ", " + _ENCODE(tail)[1:-1] + "}" if tail else "}"
    if len(result.text) <= _STREAM_CHARS:  # type: ignore[attr-defined]
        # in three pieces, each joined at once: the graph's edges (more than half of the line)
        # are ASCII as a rule, which the writer takes as it is, without encoding it to UTF-8
        for piece in (
            "".join((
                _ENCODE(head)[:-1], ', "graph": {"source": [', ", ".join(source),
                '], "target": [', ", ".join(target), '], "edges": {',
            )),
            ", ".join(edges),
            "}}" + after,
        ):
            if not piece.isascii():
                for char, escaped in _LINE_BREAKS.items():
                    if char in piece:
                        piece = piece.replace(char, escaped)
            _write_safe(out, piece)
        out.write("\n")
        return

    def batches(entries: list[str]) -> Iterator[str]:
        for k in range(0, len(entries), _BATCH):
            yield (", " if k else "") + ", ".join(entries[k : k + _BATCH])

    for piece in (
        *list(_pieces(head, 1))[:-1],  # head without its closing brace: the graph follows
        ', "graph": {"source": [', *batches(source), '], "target": [',
        *batches(target), '], "edges": {', *batches(edges), "}}", after,
    ):
        for char, escaped in _LINE_BREAKS.items():
            if char in piece:
                piece = piece.replace(char, escaped)
        _write_safe(out, piece)
    out.write("\n")


def _write_safe(out: IO[str], piece: str) -> None:
    try:
        out.write(piece)
    except UnicodeEncodeError:  # the encoder fails before anything of the piece is written
        out.write(piece.encode("utf-8", "backslashreplace").decode("utf-8"))


def _inline(text: str, spans: list) -> str:
    parts = []
    pos = 0
    for span in spans:
        parts.append(text[pos : span.start])
        number = f" {span.number}" if span.number is not None else ""
        flags = "".join(f" {f}" for f in span.flags)
        shown = span.pseudonym or span.text
        parts.append(f"[{span.text}→{shown} {span.label}{number}{flags}]")
        pos = span.end
    parts.append(text[pos:])
    return "".join(parts)


def _inline_dab(text: str, spans: list[dict]) -> str:
    parts = []
    pos = 0
    for span in sorted(spans, key=lambda s: (s["start"], s["end"])):
        if span["start"] < pos:
            continue
        parts.append(text[pos : span["start"]])
        kind = span.get("identifier_type") or "NO_MASK"
        entity = f" {span['entity']}" if span.get("entity") else ""
        parts.append(f"[{text[span['start'] : span['end']]} {span['label']} {kind}{entity}]")
        pos = span["end"]
    parts.append(text[pos:])
    return "".join(parts)


def _text(args: argparse.Namespace) -> int:
    from pseudonymizer.pipeline import annotate

    if args.lang == "da":  # as in annotate: Danish texts go to the DAB pre-annotator
        try:
            out = _dab_annotate(args.text, args.seed if args.seed is not None else args.text)
        except RuntimeError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        _print_text(_inline_dab(args.text, out.get("spans", [])))
        return 0
    result = annotate(
        args.text, lang=args.lang, genre=args.genre, seed=args.seed, options=_options(args)
    )
    _print_text(_inline(args.text, result.spans))
    return 0


def _print_text(line: str) -> None:
    """Print ``line`` whatever it holds: bytes that were not UTF-8 on the command line come
    back as they were (surrogateescape), an unpaired surrogate is shown escaped."""
    sys.stdout.flush()
    try:
        data = line.encode("utf-8")
    except UnicodeEncodeError:
        try:
            data = line.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            data = line.encode("utf-8", "backslashreplace")
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m pseudonymizer`` and the ``pseudonymizer`` script."""
    try:
        return _dispatch(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # the reader went away (`… | head`): stop quietly, like other Unix tools
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] == "evaluate":
        try:
            from pseudonymizer import evaluation
        except ImportError as exc:
            print(f"evaluate is not available: {exc}", file=sys.stderr)
            return 2
        return int(evaluation.main(argv[1:]) or 0)
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "annotate":
        try:
            return _annotate(args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    if args.command == "text":
        return _text(args)
    parser.print_help()
    return 2
