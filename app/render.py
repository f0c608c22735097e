"""Readable terminal views of engine results (rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from engine.api import kind_label

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.api import Contradiction, Excerpt, SearchResponse

BADGES = {
    "semantic": ("meaning", "magenta"),
    "text": ("words", "cyan"),
    "graph": ("links", "green"),
}
TIER_STYLE = {"high": "bold green", "medium": "yellow", "low": "dim"}


def excerpt_text(excerpt: Excerpt, *, limit: int = 240) -> Text:
    """The excerpt as plain text (never markup) with matched spans highlighted."""
    raw = " ".join(excerpt.text.split())
    # Whitespace collapsing shifts offsets; rebuild spans on the collapsed text by content.
    text = Text(raw[:limit] + ("…" if len(raw) > limit else ""))
    for span in excerpt.spans:
        needle = " ".join(excerpt.text[span.start : span.end].split())
        if needle:
            text.highlight_words([needle], style="bold yellow", case_sensitive=False)
    return text


def print_search(response: SearchResponse, *, console: Console | None = None) -> None:
    console = console or Console()
    for w in response.warnings:
        console.print(Text.assemble(("! ", "bold yellow"), f"{w.message} — {w.impact}"))
    if not response.results:
        console.print(Text("No notes match this query.", style="dim"))
    for i, r in enumerate(response.results, start=1):
        kind = kind_label(r.note_path)  # a board or a PDF says so beside its title
        line = Text.assemble(
            (f"{i:>2}. ", "bold"),
            (r.title or r.note_path, "bold"),
            (f" · {kind}" if kind else "", "bold"),
            ("  ", ""),
            (r.note_path, "dim"),
        )
        console.print(line)
        badges = Text("    ")
        for s in r.sources:
            label, style = BADGES.get(s, (s, "white"))
            badges.append(f"[{label}]", style=style)
            badges.append(" ")
        badges.append(f"{r.tier} ", style=TIER_STYLE.get(r.tier, ""))
        badges.append(f"{r.composite_relevance:.2f}", style="dim")
        if r.duplicates:
            badges.append(f"  +{len(r.duplicates)} near-duplicate(s)", style="dim")
        console.print(badges)
        if r.why:
            console.print(Text("    why: " + "; ".join(r.why), style="dim"))
        for source, excerpts in r.excerpts_by_source().items():
            label, style = BADGES.get(source, (source, "white"))
            console.print(
                Text.assemble(("      " + label.ljust(8), style), excerpt_text(excerpts[0]))
            )
    meta = response.query_metadata
    per = ", ".join(f"{n} {s.count} in {s.ms:.0f} ms" for n, s in meta.per_source.items())
    console.print(
        Text(
            f"{len(response.results)} results from {meta.total_results} hits ({per}); "
            f"{meta.total_ms:.0f} ms",
            style="dim",
        )
    )


def print_contradictions(found: Sequence[Contradiction], *, console: Console | None = None) -> None:
    """Open contradictions, best first; vault text is always plain text, never markup."""
    console = console or Console()
    if not found:
        console.print(Text("No open contradictions in this vault.", style="dim"))
        return
    for i, c in enumerate(found, start=1):
        console.print(
            Text.assemble(
                (f"{i}. ", "bold"),
                (c.type.replace("_", " "), "bold red"),
                f"  confidence {c.confidence:.2f}  similarity {c.similarity:.2f}",
            )
        )
        for side_name, side in (("a", c.a), ("b", c.b)):
            newer = "  (newer)" if c.newer == side_name else ""
            when = f"  {side.timestamp[:10]}" if side.timestamp else ""
            console.print(
                Text.assemble(
                    ("   ", ""),
                    (side.title or side.path, "cyan"),
                    (f"  {side.path}{when}{newer}", "dim"),
                )
            )
            console.print(Text.assemble(("     “", "dim"), side.claim, ("”", "dim")))
        if c.explanations:
            console.print(Text("   why: " + "; ".join(c.explanations), style="dim"))
        for a, b in c.also:
            console.print(Text(f"   also between {a} and {b}", style="dim"))


def print_bench(result: dict[str, Any], *, console: Console | None = None) -> None:
    """`consilience bench` as a readable table (the same numbers as --json)."""
    from rich.table import Table

    console = console or Console()

    def num(value: Any, unit: str = "") -> str:
        return "—" if value is None else f"{value}{unit}"

    index, restart = result.get("index", {}), result.get("restart", {})
    query, sync = result.get("query_ms", {}), result.get("sync_ms", {})
    scan = result.get("contradictions", {})
    links = result.get("connections_ms", {})
    table = Table(title=f"consilience bench: {result.get('vault', '')}", show_header=False)
    table.add_column("measure", style="bold")
    table.add_column("value", justify="right")
    rows = [
        ("notes / chunks", f"{result.get('notes')} / {result.get('chunks')}"),
        ("cold index", num(index.get("seconds"), " s")),
        ("index throughput", num(index.get("chunks_per_s"), " chunks/s")),
        ("bare embedder, same chunks", num(index.get("embedder_chunks_per_s"), " chunks/s")),
        ("index / embedder", num(index.get("ratio"))),
        ("embedder backend", num(index.get("embedder"))),
        ("contradiction scan", num(scan.get("scan_seconds"), " s")),
        (
            "restart to first result (words, links)",
            num(restart.get("seconds_to_first_result"), " s"),
        ),
        ("restart to full result (with meaning)", num(restart.get("seconds_to_full_result"), " s")),
        ("catch-up sync done after", num(restart.get("catch_up_sync_done_s"), " s")),
        ("re-embedded on restart", num(restart.get("reembedded"))),
        ("query p50 / p95", f"{num(query.get('p50'))} / {num(query.get('p95'))} ms"),
        (
            "connections of one note p50 / p95",
            f"{num(links.get('p50'))} / {num(links.get('p95'))} ms",
        ),
        ("save-to-searchable p50 / p95", f"{num(sync.get('p50'))} / {num(sync.get('p95'))} ms"),
        ("peak RSS", num(result.get("peak_rss_mb"), " MB")),
        *(
            (f"  peak RSS, {phase} phase", num(mb, " MB"))
            for phase, mb in (result.get("peak_rss_by_phase_mb") or {}).items()
        ),
        (
            "peak RSS of the largest helper (scan, Chroma)",
            num(result.get("helper_peak_rss_mb"), " MB"),
        ),
        ("index on disk", num(result.get("disk_mb"), " MB")),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
    if restart.get("error"):
        console.print(f"[red]restart probe failed:[/red] {restart['error']}")


def print_vault_contradiction_eval(
    result: dict[str, Any], *, console: Console | None = None
) -> None:
    """`eval contradictions --vault`: what the user would see, scored against the truth."""
    out = console or Console()

    def pct(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.2f}"

    out.print(
        Text(
            f"{result['vault']}: {result['notes']} notes, {result['claims']} claims, "
            f"{result['candidates']} candidate pairs, scan {result['scan_seconds']:.1f} s"
        )
    )
    out.print(Text(f"flags shown: {result['flags']} (threshold {result['threshold']:.3f})"))
    if result["contradictions"] or result["agreements"]:
        out.print(
            Text(
                f"precision@10 {pct(result['precision_at_10'])}, "
                f"@20 {pct(result['precision_at_20'])}, all {pct(result['precision'])}; "
                f"recall {pct(result['recall'])} of {result['contradictions']} "
                f"(top 20: {pct(result['recall_at_20'])}, top 50: {pct(result['recall_at_50'])}); "
                f"agreements flagged {result['agreements_flagged']} of {result['agreements']}"
            )
        )
        for row in result["flagged_agreements"]:
            out.print(
                Text(f"  agreement {row['id']} ({row['kind']}) flagged at rank {row['rank']}")
            )
    for row in result["top"]:
        out.print(
            Text(
                f"{row['rank']:>3}. {row['confidence']:.2f} {row['type']} [{row['label']}]\n"
                f"     A {row['a']}\n     B {row['b']}\n     why: {'; '.join(row['why'])}"
            )
        )


def print_known_items_eval(
    result: dict[str, Any], *, details: bool = False, console: Console | None = None
) -> None:
    """`eval known-items`: hit@k and MRR per kind and source, and per query with `details`."""
    from rich.table import Table

    out = console or Console()
    out.print(
        Text(
            f"{result['vault']}: {result['notes']} notes, {result['queries']} queries; "
            f"merged search p50 {result['latency_ms']['p50']} ms, "
            f"p95 {result['latency_ms']['p95']} ms"
        )
    )
    for kind, row in result["by_kind"].items():
        if kind == "absent":
            out.print(
                Text(
                    f"absent ({row['queries']} queries): low-confidence warning on "
                    f"{row['low_confidence_rate']:.0%}, {row['mean_shown']} results shown "
                    "on average"
                )
            )
            continue
        table = Table(title=f"{kind} ({row['fused']['queries']} queries)", title_justify="left")
        table.add_column("source")
        metrics = ("hit@1", "hit@3", "hit@5", "hit@10", "mrr")
        for col in metrics:
            table.add_column(col, justify="right")
        for src in ("semantic", "text", "graph", "fused"):
            table.add_row(src, *(f"{row[src][c]:.3f}" for c in metrics))
        out.print(table)
        out.print(
            Text(
                f"  fused hit@5 minus the best single source: "
                f"{row['fused_minus_best_source_hit@5']:+.3f}; low-confidence warning on "
                f"{row['low_confidence_rate']:.0%}",
                style="dim",
            )
        )
    if not details:
        return

    def rank(value: int | None) -> str:
        return "-" if value is None else str(value)

    table = Table(title="per query (rank of the expected note; - = not in the top 10)")
    for col in ("kind", "query", "meaning", "words", "links", "fused", "shown", "weak"):
        table.add_column(col)
    for row in result["details"]:
        r = row["ranks"]
        table.add_row(
            row["kind"],
            row["query"],
            rank(r["semantic"]),
            rank(r["text"]),
            rank(r["graph"]),
            rank(r["fused"]),
            str(row["shown"]),
            "yes" if row["low_confidence"] else "",
        )
    out.print(table)
