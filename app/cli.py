"""`consilience` command line: parses arguments, wires the engine, prints results.

Heavy libraries are imported inside the commands, so `--help` answers at once.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.logging_setup import configure_logging

if TYPE_CHECKING:
    from engine.api import IndexStats, Progress, SearchWarning, Session, WorkspaceConfig

log = logging.getLogger(__name__)

DEMO_VAULT = Path(__file__).resolve().parent.parent / "resources" / "demo-vault"


def _offline_environment() -> None:
    """Nothing is ever downloaded or reported: no hub models, no telemetry."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _common_options(*, defaults: bool) -> argparse.ArgumentParser:
    """The options every command takes, given before the command or after it. Only the
    program's own parser holds their defaults: a command's parser leaves a value given
    before the command alone (argparse would otherwise put its own default over it)."""

    def default(value: object) -> object:
        return value if defaults else argparse.SUPPRESS

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        type=Path,
        default=default(None),
        help="where indexes live (default: per-user)",
    )
    common.add_argument(
        "--chroma-url",
        default=default(None),
        help="use a Chroma server, e.g. http://127.0.0.1:8000",
    )
    common.add_argument(
        "--model",
        default=default(None),
        help="embedding model folder or id (default: packaged MiniLM)",
    )
    for flag, what in (
        ("--no-pdf", "do not read the vault's PDFs"),
        ("--no-canvas", "do not read the vault's Canvas boards"),
        ("--pdf-contradictions", "check PDFs for contradictions too (off by default)"),
    ):
        common.add_argument(flag, action="store_true", default=default(False), help=what)
    common.add_argument("-v", "--verbose", action="count", default=default(0), help="more logging")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common_options(defaults=False)
    parser = argparse.ArgumentParser(
        prog="consilience",
        description="Search an Obsidian vault by meaning, words and links; find contradictions.",
        parents=[_common_options(defaults=True)],
    )
    sub = parser.add_subparsers(dest="command")

    gui = sub.add_parser("gui", parents=[common], help="open the desktop app (default)")
    gui.add_argument("--vault", type=Path, help="vault folder (default: last vault or the demo)")
    gui.add_argument("--query", help="run this query at start")
    gui.add_argument(
        "--screenshot",
        type=Path,
        help="save a PNG of the window once it shows indexed results, then exit",
    )
    gui.add_argument(
        "--tab",
        choices=("search", "contradictions", "connections"),
        default="search",
        help="tab shown at start (default: search)",
    )
    gui.add_argument(
        "--note",
        help="show the connections of this note (path from the vault root) at start",
    )
    gui.add_argument(
        "--inspector",
        dest="tab",
        action="store_const",
        const="contradictions",
        help="start on the contradiction inspector (same as --tab contradictions)",
    )
    gui.add_argument(
        "--config-dir",
        type=Path,
        help="settings folder (default: $CONSILIENCE_CONFIG_DIR or the per-user config dir)",
    )
    gui.add_argument(
        "--timeout",
        type=float,
        default=300.0,
        help="--screenshot gives up after this many seconds (default 300)",
    )

    index = sub.add_parser("index", parents=[common], help="index a vault (incremental)")
    index.add_argument("path", type=Path, help="vault folder")
    index.add_argument("--rebuild", action="store_true", help="drop the index and start over")
    index.add_argument("--json", action="store_true", help="print the summary as JSON")

    sub.add_parser(
        "prepare-model",
        parents=[common],
        help="prepare the language model once (set-up; the first run then starts indexing)",
    )

    watch = sub.add_parser("watch", parents=[common], help="index, then keep the index in sync")
    watch.add_argument("path", type=Path, help="vault folder")

    search = sub.add_parser("search", parents=[common], help="search a vault (indexes first)")
    search.add_argument("path", type=Path, help="vault folder")
    search.add_argument("query", help="what to look for (quote phrases: '\"exact words\"')")
    search.add_argument("--limit", type=int, default=10, help="results to show (default 10)")
    search.add_argument("--folder", help="only notes in this folder (and below)")
    search.add_argument("--tag", help="only notes with this tag (or a nested tag under it)")
    search.add_argument(
        "--since",
        help="only notes modified or created on/after this day: YYYY-MM-DD, a month "
        '(2026-07) or "last week"',
    )
    search.add_argument(
        "--until", help="only notes modified or created on/before this day (as --since)"
    )
    search.add_argument(
        "--sources", help="comma-separated subset of semantic,text,graph (default: all)"
    )
    search.add_argument("--json", action="store_true", help="print the SearchResponse JSON")

    contra = sub.add_parser(
        "contradictions", parents=[common], help="list where the vault disagrees with itself"
    )
    contra.add_argument("path", type=Path, help="vault folder")
    contra.add_argument(
        "--min-confidence",
        type=float,
        default=None,
        help="only pairs at least this confident (default: the calibrated threshold)",
    )
    contra.add_argument(
        "--weak",
        action="store_true",
        help="also list weak pairs (below the calibrated threshold; most are not contradictions)",
    )
    contra.add_argument("--json", action="store_true", help="print the pairs as JSON")

    bench = sub.add_parser(
        "bench",
        parents=[common],
        help="speed and memory in one run: indexing, restart, queries, sync, RSS, disk",
    )
    bench.add_argument(
        "--notes", type=int, default=None, help="generate a vault of N notes (default 1000)"
    )
    bench.add_argument("--vault", type=Path, default=None, help="measure a copy of this vault")
    bench.add_argument("--seed", type=int, default=7, help="seed of the generated vault")
    bench.add_argument("--edits", type=int, default=20, help="saves timed while watching")
    bench.add_argument("--work-dir", type=Path, help="scratch folder (default: --data-dir or temp)")
    bench.add_argument("--json", action="store_true")

    mcp = sub.add_parser(
        "mcp", parents=[common], help="serve the vault's search to AI clients (MCP on stdio)"
    )
    mcp.add_argument("path", type=Path, help="vault folder")

    ev = sub.add_parser("eval", parents=[common], help="quality harnesses")
    ev_sub = ev.add_subparsers(dest="eval_command", required=True)
    ev_ret = ev_sub.add_parser("retrieval", parents=[common], help="nDCG/recall on a BEIR folder")
    ev_ret.add_argument(
        "beir_dir", type=Path, help="folder with corpus.jsonl, queries.jsonl, qrels/"
    )
    ev_ret.add_argument("--work-dir", type=Path, help="scratch folder (cached between runs)")
    ev_ret.add_argument("--max-queries", type=int, help="evaluate only the first N queries")
    ev_ret.add_argument("--json", action="store_true")
    ev_known = ev_sub.add_parser(
        "known-items",
        parents=[common],
        help="does the note a person has in mind come first? (hit@k per source and merged)",
    )
    ev_known.add_argument("vault", type=Path, help="vault folder")
    ev_known.add_argument(
        "queries",
        type=Path,
        help='JSONL: {"query", "expect": [paths], "kind": semantic|keyword|exact|absent}',
    )
    ev_known.add_argument("--work-dir", type=Path, help="scratch folder (cached between runs)")
    ev_known.add_argument("--details", action="store_true", help="list every query's ranks")
    ev_known.add_argument("--json", action="store_true")
    ev_con = ev_sub.add_parser(
        "contradictions",
        parents=[common],
        help="the pair scorer on labeled pairs, or the whole-vault scan with --vault",
    )
    ev_con.add_argument(
        "pairs",
        type=Path,
        nargs="?",
        help="JSONL with premise, hypothesis, label (contradiction = positive); with --vault, "
        "the vault's truth file (id, label, kind, a/b path and claim; optional: without it "
        "only the flags are counted)",
    )
    ev_con.add_argument(
        "--vault", type=Path, help="scan this vault as the product does and score its flags"
    )
    ev_con.add_argument("--work-dir", type=Path, help="scratch folder (cached between runs)")
    ev_con.add_argument("--top", type=int, default=20, help="flags to list (default 20)")
    ev_con.add_argument("--json", action="store_true")
    return parser


#: A one-shot search ended normally: `run` may skip the interpreter's teardown.
_ONE_SHOT_DONE = False


#: Commands that stay open (or measure one that does): they keep freed memory returnable
#: (`engine.runtime.use_returnable_memory`).
LONG_LIVED = frozenset({"gui", "watch", "mcp", "bench"})
#: Commands that serve a vault until stopped (the desktop app builds its own configuration).
SERVES = frozenset({"watch", "mcp"})


def main(argv: Sequence[str] | None = None) -> int:
    entered = time.time()  # a cold start's import time ends here (`bench/cold_search.py`)
    _offline_environment()
    from engine.api import tune_garbage_collector

    tune_garbage_collector()
    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging(verbosity=args.verbose)
    from engine.api import EngineError

    command = args.command or "gui"
    if command in LONG_LIVED:  # before NumPy is imported
        from engine.api import use_returnable_memory

        use_returnable_memory()
    try:
        if command == "index":
            return _cmd_index(args)
        if command == "watch":
            return _cmd_watch(args)
        if command == "prepare-model":
            return _cmd_prepare_model(args)
        if command == "search":
            # a one-shot process that exits in a second: the cyclic collector would only
            # walk what it reads in (a tenth of its time); the catch-up turns it back on
            with cyclic_collector(on=False):
                code = _cmd_search(args)
            _print_timings(entered)
            global _ONE_SHOT_DONE
            _ONE_SHOT_DONE = True
            return code
        if command == "contradictions":
            return _cmd_contradictions(args)
        if command == "eval":
            return _cmd_eval(args)
        if command == "bench":
            return _cmd_bench(args)
        if command == "mcp":
            return _cmd_mcp(args)
        return _cmd_gui(args)
    except EngineError as exc:
        print(f"consilience: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("consilience: interrupted", file=sys.stderr)
        return 130


# -- commands -----------------------------------------------------------------------------


def _config(args: argparse.Namespace, vault: Path) -> WorkspaceConfig:
    from engine.api import SCAN_APART_FROM, WorkspaceConfig, document_kinds

    return WorkspaceConfig(
        vault_root=vault,
        data_root=args.data_dir,
        chroma_url=args.chroma_url,
        model=args.model,
        documents=document_kinds(pdfs=not args.no_pdf, canvases=not args.no_canvas),
        contradictions_in_pdfs=args.pdf_contradictions,
        # a server's big scans run apart: their memory is gone when they end
        scan_apart_from=SCAN_APART_FROM if args.command in SERVES else None,
        chroma_apart=args.command in SERVES,  # and so does Chroma: a server idles without it
    )


def _open(
    args: argparse.Namespace,
    vault: Path,
    *,
    rebuild: bool = False,
    allow_read_only: bool = False,
) -> Session:
    from engine.api import Session

    return Session.open(
        _config(args, vault), rebuild=rebuild, allow_read_only=allow_read_only, mirror="snapshot"
    )


def _cmd_index(args: argparse.Namespace) -> int:
    from app.progress import progress_reporter

    with (
        _open(args, args.path, rebuild=args.rebuild) as session,
        progress_reporter(enabled=not args.json) as report,
    ):
        stats = session.sync(progress=report)
        session.keep_vector_snapshot()  # the next one-shot search starts without Chroma
    if args.json:
        print(json.dumps(stats.to_dict(), ensure_ascii=False, indent=2))
    else:
        _print_summary(stats, vault=args.path)
    _print_problems(stats)
    return 0


def _print_problems(stats: IndexStats) -> None:
    """Run-wide problems (the model did not load, ...): one line each on stderr."""
    for problem in stats.problems:
        print(f"consilience: warning: {problem}", file=sys.stderr, flush=True)


def _cmd_prepare_model(args: argparse.Namespace) -> int:
    """Build the model's cached export now (a no-op when it is ready)."""
    import time

    from engine.api import default_model_cache, load_embedder, model_cache_ready

    cache = default_model_cache()
    if model_cache_ready(args.model, cache_dir=cache):
        print(f"the language model is ready ({cache})")
        return 0
    print("preparing the language model (once per model)…", flush=True)
    started = time.perf_counter()
    load_embedder(args.model, cache_dir=cache)
    print(f"the language model is ready ({cache}, {time.perf_counter() - started:.0f} s)")
    return 0


def _cmd_watch(args: argparse.Namespace) -> int:
    """Index, then follow the vault until Ctrl+C: the vault's life is `engine.lifecycle`'s;
    this prints what it reports (`LogListener`), the first index as a progress bar."""
    import threading

    from app.progress import progress_reporter
    from engine.api import LifecycleOptions, LogListener, VaultLifecycle

    indexed = threading.Event()

    class Printer(LogListener):
        def progress(self, progress: Progress) -> None:
            if not indexed.is_set():
                report(progress)

        def index_finished(self, stats: IndexStats | None) -> None:
            indexed.set()
            if stats is not None:
                _print_summary(stats, vault=args.path)
                _print_problems(stats)

        def watching(self, on: bool) -> None:
            if on:
                print(f"watching {args.path} (Ctrl+C to stop)", flush=True)

    def warn(line: str) -> None:
        print(f"consilience: warning: {line}", file=sys.stderr, flush=True)

    with progress_reporter(enabled=True) as report:
        printer = Printer(say=lambda line: print(line, flush=True), warn=warn)
        life = VaultLifecycle(
            _config(args, args.path), printer, LifecycleOptions(allow_read_only=False)
        )
        life.open()  # a vault another process indexes is refused here, as by `index`
        life.run()
        while not indexed.wait(0.2) and life.status.state != "closed":
            pass
    try:
        while not life.wait_closed(1.0) and life.status.state != "failed":
            pass
    finally:
        life.close()
        life.wait_closed(10.0)
    return 0 if life.status.state != "failed" else 1


def _open_for_search(
    args: argparse.Namespace,
    vault: Path,
    *,
    contradictions: bool = True,
    warm: Callable[[Session], None] | None = None,
) -> Session:
    """Writer when possible (and catch up with the vault first; the contradiction check of
    what changed only with `contradictions`), else read-only. `warm` runs on a thread of
    its own beside the catch-up (loading the model while the vault is scanned) and has
    ended when this returns."""
    import threading

    from engine.api import timed

    with timed("open"):
        session = _open(args, vault, allow_read_only=True)
    warming = None
    if warm is not None:
        warming = threading.Thread(target=warm, args=(session,), name="consilience-warm-up")
        warming.start()
    try:
        if not session.read_only:
            _catch_up(args, session, contradictions=contradictions)
    except BaseException:
        if warming is not None:
            warming.join()
        session.close()
        raise
    if warming is not None:
        with timed("model (waited)"):
            warming.join()
    return session


def _catch_up(args: argparse.Namespace, session: Session, *, contradictions: bool) -> None:
    from app.progress import progress_reporter
    from engine.api import timed

    with (
        timed("sync"),
        progress_reporter(enabled=not getattr(args, "json", False)) as report,
        cyclic_collector(on=True),  # a catch-up may index many notes
    ):
        _print_problems(session.sync(progress=report, contradictions=contradictions))


@contextlib.contextmanager
def cyclic_collector(*, on: bool) -> Iterator[None]:
    """Run the block with the cyclic garbage collector on or off; then as it was."""
    was = gc.isenabled()
    gc.enable() if on else gc.disable()
    try:
        yield
    finally:
        gc.enable() if was else gc.disable()


def _cmd_search(args: argparse.Namespace) -> int:
    from engine.api import DATE_FORMS, EngineError, SearchFilters, parse_date

    try:
        filters = SearchFilters(
            folder=args.folder,
            tag=args.tag,
            since=parse_date(args.since) if args.since else None,
            until=parse_date(args.until, end=True) if args.until else None,
        )
    except ValueError as exc:
        raise EngineError(f"bad date ({exc}); use {DATE_FORMS}") from None
    sources = [s.strip() for s in args.sources.split(",")] if args.sources else None
    # one query: Chroma answers it (no in-memory vector mirror); the notes are caught up
    # first, their contradiction check is left to the next sync
    from engine.api import timed

    def warm(session: Session) -> None:
        with timed("model"):
            session.warm_up(sources)

    if sources is None or "semantic" in sources:  # the model loads beside the index's opening
        from engine.api import default_model_cache, load_embedder_early

        load_embedder_early(args.model, cache_dir=default_model_cache())
    session = _open_for_search(args, args.path, contradictions=False, warm=warm)
    try:
        with timed("search"):
            response = session.search(
                args.query, limit=args.limit, filters=filters, sources=sources
            )
            behind = _index_behind(session)
        if behind is not None:
            response = dataclasses.replace(response, warnings=(*response.warnings, behind))
        with timed("print"):
            if args.json:
                print(json.dumps(response.to_dict(), ensure_ascii=False, indent=2), flush=True)
            else:
                from app.render import print_search

                print_search(response)
                sys.stdout.flush()
    finally:
        with timed("close"):
            session.close()
    return 0


def _print_timings(entered: float) -> None:
    """With `CONSILIENCE_TIMINGS` (the spawn time), one JSON line on stderr: where this
    process's time went, in ms."""
    spawned = os.environ.get("CONSILIENCE_TIMINGS", "")
    from engine.api import phase_timings

    phases = phase_timings()
    if not spawned or phases is None:
        return
    try:
        phases = {"import": round((entered - float(spawned)) * 1000, 1), **phases}
    except ValueError:
        return
    print("consilience-timings " + json.dumps(phases), file=sys.stderr, flush=True)


def _index_behind(session: Session) -> SearchWarning | None:
    """What a one-shot answer may lack: notes another process has not indexed yet, or
    notes whose contradiction check is still to come."""
    from engine.api import SearchWarning

    if session.read_only:
        return SearchWarning(
            None,
            "index_behind",
            "Another Consilience process is indexing this vault",
            "answers come from the notes it has indexed so far",
        )
    unchecked = session.unchecked_notes()
    if not unchecked:
        return None
    return SearchWarning(
        None,
        "contradictions_unchecked",
        f"{unchecked} note(s) not checked for contradictions yet",
        "contradictions among these results may be missing until "
        "`consilience index PATH` or the app checks them",
    )


def _cmd_eval(args: argparse.Namespace) -> int:
    import tempfile

    if args.eval_command == "retrieval":
        from engine.api import evaluate_retrieval

        work = (
            args.work_dir or Path(tempfile.gettempdir()) / f"consilience-eval-{args.beir_dir.name}"
        )
        result = evaluate_retrieval(
            args.beir_dir,
            work_dir=work,
            max_queries=args.max_queries,
            progress=lambda m: print(m, file=sys.stderr, flush=True),
        )
        print(json.dumps(result, indent=2))
        return 0
    if args.eval_command == "known-items":
        return _eval_known_items(args)
    if args.eval_command == "contradictions" and args.vault is not None:
        return _eval_vault_contradictions(args)
    if args.eval_command == "contradictions":
        from engine.api import PairScorer, evaluate_pairs, load_embedder

        if args.pairs is None or not args.pairs.is_file():
            from engine.api import EngineError

            raise EngineError(f"no pairs file at {args.pairs}; pass a JSONL file of pairs")
        result = evaluate_pairs(
            args.pairs, scorer=PairScorer.load(), embedder=load_embedder(args.model)
        )
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            from rich.console import Console
            from rich.text import Text

            Console().print(
                Text(
                    f"{result['pairs']} pairs: precision {result['precision']:.3f}, "
                    f"recall {result['recall']:.3f}, F1 {result['f1']:.3f} "
                    f"at threshold {result['threshold']:.3f}"
                )
            )
        return 0
    return 2


def _eval_known_items(args: argparse.Namespace) -> int:
    from engine.api import EngineError, evaluate_known_items, scratch_dir

    if not args.vault.is_dir():
        raise EngineError(f"no vault folder at {args.vault}")
    vault = args.vault.resolve()
    work = args.work_dir or scratch_dir("consilience-known", vault)
    result = evaluate_known_items(
        vault,
        args.queries,
        work_dir=work,
        model=args.model,
        progress=lambda m: print(m, file=sys.stderr, flush=True),
    )
    if args.json:
        if not args.details:
            result = {k: v for k, v in result.items() if k != "details"}
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        from app.render import print_known_items_eval

        print_known_items_eval(result, details=args.details)
    return 0


def _eval_vault_contradictions(args: argparse.Namespace) -> int:
    from engine.api import EngineError, evaluate_vault_contradictions, scratch_dir

    if not args.vault.is_dir():
        raise EngineError(f"no vault folder at {args.vault}; pass --vault FOLDER")
    if args.pairs is not None and not args.pairs.is_file():
        raise EngineError(f"no truth file at {args.pairs}")
    vault = args.vault.resolve()
    work = args.work_dir or scratch_dir("consilience-eval", vault)
    result = evaluate_vault_contradictions(
        vault,
        args.pairs,
        work_dir=work,
        model=args.model,
        top=args.top,
        progress=lambda m: print(m, file=sys.stderr, flush=True),
    )
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        from app.render import print_vault_contradiction_eval

        print_vault_contradiction_eval(result)
    return 0


def _cmd_contradictions(args: argparse.Namespace) -> int:
    from engine.api import WEAK_THRESHOLD

    floor = args.min_confidence
    if args.weak:
        floor = WEAK_THRESHOLD if floor is None else min(floor, WEAK_THRESHOLD)
    with _open_for_search(args, args.path) as session:
        found = session.contradictions(min_confidence=floor)
        unchecked = session.unchecked_notes()
    if unchecked:  # never a silent gap: say which part of the vault the list does not cover
        print(
            f"consilience: warning: {unchecked} note(s) not checked for contradictions yet "
            "(the scan did not run or did not finish; see the log with -v); run "
            "`consilience index PATH` again",
            file=sys.stderr,
        )
    if args.json:
        payload = {"contradictions": [c.to_dict() for c in found]}
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        from app.render import print_contradictions

        print_contradictions(found)
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    import tempfile

    from engine.api import run_bench

    if args.notes is not None and args.vault is not None:
        print("error: give --notes (a generated vault) or --vault, not both", file=sys.stderr)
        return 2
    if args.notes is not None and args.notes < 1:
        print("error: --notes must be at least 1", file=sys.stderr)
        return 2
    notes = args.notes if args.vault is None else None
    if args.vault is None and notes is None:
        notes = 1000

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="consilience-bench-") as tmp:
        work = args.work_dir or (args.data_dir / "bench" if args.data_dir else Path(tmp))
        result = run_bench(
            work_dir=work, notes=notes, vault=args.vault, edits=args.edits, seed=args.seed, log=say
        )
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        from app.render import print_bench

        print_bench(result)
    return 0


def _cmd_mcp(args: argparse.Namespace) -> int:
    """An MCP server on stdio (stdout carries protocol only; logs go to stderr)."""
    from app.mcp_server import serve

    return serve(_config(args, args.path))


def _cmd_gui(args: argparse.Namespace) -> int:
    """The desktop app (`ui.app`); with --screenshot, a PNG of it once results are drawn."""
    from ui.app import LaunchOptions, run

    screenshot = getattr(args, "screenshot", None)
    if screenshot is not None and screenshot.suffix.lower() != ".png":
        print("consilience: error: --screenshot needs a .png file name", file=sys.stderr)
        return 2
    vault = getattr(args, "vault", None)
    if vault is not None and not vault.expanduser().is_dir():
        if screenshot is not None:  # nobody is there to read it in the window
            print(f"consilience: error: no vault folder at {vault}", file=sys.stderr)
            return 2
        # the window says so too, and offers to choose another vault
        print(f"consilience: no vault folder at {vault}", file=sys.stderr)
    options = LaunchOptions(
        vault=vault,
        query=getattr(args, "query", None),
        screenshot=screenshot,
        tab=getattr(args, "tab", None) or "search",
        note=getattr(args, "note", None),
        data_dir=args.data_dir,
        chroma_url=args.chroma_url,
        model=args.model,
        config_dir=getattr(args, "config_dir", None),
        timeout_s=getattr(args, "timeout", None) or 300.0,
    )
    return run(options)


# -- output -------------------------------------------------------------------------------


def _print_summary(stats: IndexStats, *, vault: Path) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    table = Table(title=f"Index of {vault}", show_header=False)
    data: dict[str, Any] = stats.to_dict()
    for key in ("notes", "added", "updated", "removed", "renamed", "unchanged", "chunks"):
        table.add_row(key, str(data[key]))
    table.add_row("embedded (chunks)", str(data["embedded"]))
    table.add_row("seconds", f"{stats.seconds:.2f}")
    console.print(table)
    for item in stats.skipped:
        console.print(Text.assemble(("skipped ", "yellow"), f"{item.path}: {item.reason}"))
    for item in stats.warnings:
        console.print(Text.assemble(("note ", "dim"), f"{item.path}: {item.reason}"))


def run() -> None:
    """The `consilience` command: `main`, then, after a one-shot search, an exit that leaves
    freeing the process's objects (a link graph, the vectors: a tenth of a second or more on
    a large vault) to the operating system. The stores are closed and the output flushed
    by then; nothing else is pending."""
    code = main()
    if _ONE_SHOT_DONE:
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
