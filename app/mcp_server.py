"""`consilience mcp`: the vault's search as an MCP server on stdio (official `mcp` SDK).

Only protocol messages go to stdout. Logging goes to stderr (configured by the CLI before
anything else runs); third-party progress bars are switched off; and while the server runs,
the SDK's stdio transport points file descriptor 1 at stderr and writes the protocol through
a private duplicate, so even a stray `print` or C-level write cannot corrupt the wire.

The tools' logic lives in `app.mcp_tools` (plain functions, unit-tested without the SDK);
this module only declares the tools (names, descriptions, input schemas) and runs the server.
"""

# No `from __future__ import annotations`: the SDK reads the tools' annotations (Annotated
# with pydantic Field bounds) from the functions, which are defined inside build_server.

import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Annotated, Any

from app.mcp_tools import (
    MAX_CONTRADICTIONS,
    MAX_RELATED,
    MAX_SEARCH_LIMIT,
    SOURCES,
    ToolInputError,
    VaultSession,
    environment_for_server,
)
from engine.api import FLAG_THRESHOLD

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from engine.api import WorkspaceConfig

log = logging.getLogger(__name__)

INSTRUCTIONS = """\
Consilience searches one Obsidian vault (a folder of markdown notes) by meaning, by exact words
and by links, and knows where the notes contradict each other. Start with `search`; read a
hit in full with `get_note`; follow links with `related`, or see everything related to one
note (by meaning, links and tags, with its near-duplicates and contradictions) with
`connections`; `contradictions` lists claims in
different notes that disagree. Paths are vault-relative, e.g. "Projects/Plan.md". Results may
carry `warnings` (for example while the first index is still being built, results are
partial): read them before relying on an empty or short answer."""

SEARCH_DESCRIPTION = """\
Search the vault's notes by meaning (semantic), exact words, phrases and identifiers (text),
and titles, aliases, tags and links (graph), merged into one ranked list.

Returns JSON: `results` (best first; each with note_path, title, composite_relevance, tier,
match_types, per-source excerpts with matched spans, and graph relations), `tiers`,
`contradictions` among the results, `warnings` (partial index, slow or failed sources, low
confidence) and `query_metadata`. Quote phrases for exact matching: '"no silent gaps"'.
Filters narrow the notes searched; dates are YYYY-MM-DD and match the note's modified or
created date."""


def build_server(session: VaultSession) -> "MCPServer[None]":
    """The MCP server with its tools, bound to `session` (opened in the lifespan)."""
    import anyio
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import CallToolResult, TextContent, ToolAnnotations
    from pydantic import Field

    # the parameter types more than one tool takes (made here, where Field is imported)
    NotePath = Annotated[
        str, Field(min_length=1, max_length=1024, description="Vault-relative note path")
    ]
    RelatedLimit = Annotated[
        int, Field(ge=1, le=MAX_RELATED, description="How many related notes to return")
    ]

    @asynccontextmanager
    async def lifespan(_server: "MCPServer[None]") -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(session.start)
        log.info("serving %s over MCP (stdio)", session.vault_root)
        try:
            yield None
        finally:
            stopped = await anyio.to_thread.run_sync(session.close)
            sys.stdout.flush()  # anything stray still goes to stderr, not the wire
            if not stopped:
                sys.stderr.flush()
                os._exit(0)  # an index batch is still running; the index is crash-safe

    server: MCPServer[None] = MCPServer(
        "consilience",
        title="Consilience vault search",
        instructions=INSTRUCTIONS,
        version=_version(),
        lifespan=lifespan,
        log_level="WARNING",
    )
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False, idempotent_hint=True)

    def answer(call: Callable[[], dict[str, Any]]) -> CallToolResult:
        """The tool's dict as structured content plus the same JSON, compact, as text (for
        clients that read only text). Built here rather than by the SDK, which would
        re-validate the dict and indent the JSON: a few ms per search. Refusals and engine
        errors reach the client as tool errors with their message."""
        from engine.api import EngineError

        try:
            data = call()
        except (ToolInputError, EngineError) as exc:
            raise ToolError(str(exc)) from None
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return CallToolResult(
            content=[TextContent(type="text", text=text)], structured_content=data
        )

    @server.tool(name="search", description=SEARCH_DESCRIPTION, annotations=read_only)
    def search(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=2000,
                description="What to look for: words, a question, an identifier, a quoted phrase",
            ),
        ],
        limit: Annotated[
            int, Field(ge=1, le=MAX_SEARCH_LIMIT, description="How many notes to return")
        ] = 10,
        folder: Annotated[
            str | None,
            Field(description="Only notes in this vault folder and below, e.g. 'Projects'"),
        ] = None,
        tag: Annotated[
            str | None,
            Field(description="Only notes with this tag (without '#'); nested tags match"),
        ] = None,
        since: Annotated[
            str | None,
            Field(
                pattern=r"^\d{4}-\d{2}-\d{2}",
                description="Only notes modified or created on/after this date (YYYY-MM-DD)",
            ),
        ] = None,
        until: Annotated[
            str | None,
            Field(
                pattern=r"^\d{4}-\d{2}-\d{2}",
                description="Only notes modified or created on/before this date (YYYY-MM-DD)",
            ),
        ] = None,
        sources: Annotated[
            list[str] | None,
            Field(
                description=f"Which search methods to use, a subset of {list(SOURCES)} "
                "(default: all three)",
                json_schema_extra={"items": {"type": "string", "enum": list(SOURCES)}},
            ),
        ] = None,
    ) -> CallToolResult:
        return answer(
            lambda: session.search(
                query,
                limit=limit,
                folder=folder,
                tag=tag,
                since=since,
                until=until,
                sources=sources,
            )
        )

    @server.tool(
        name="contradictions",
        description="List pairs of claims in different notes that likely contradict each "
        "other (conflicting numbers or dates, negations, reversed decisions), most confident "
        "first. Each pair has both claims with their note paths, titles and context, a "
        "confidence, a type, which side is newer and why it was flagged. Dismissed or resolved "
        "pairs are left out. Returns {contradictions: [...], total}.",
        annotations=read_only,
    )
    def contradictions(
        min_confidence: Annotated[
            float,
            Field(
                ge=0.0,
                le=1.0,
                description="Only pairs at least this confident (0..1). The default is the "
                "calibrated threshold; pairs down to 0.3 are weak (most are not "
                "contradictions)",
            ),
        ] = FLAG_THRESHOLD,
        limit: Annotated[
            int, Field(ge=1, le=MAX_CONTRADICTIONS, description="How many pairs to return")
        ] = 50,
    ) -> CallToolResult:
        return answer(lambda: session.contradictions(min_confidence=min_confidence, limit=limit))

    @server.tool(
        name="get_note",
        description="Read one note of the vault: its full markdown text and metadata (title, "
        "aliases, tags, created/modified dates, frontmatter, headings, outgoing links and "
        "embeds with the notes they resolve to, backlinks, and board_links: notes a line on a "
        "Canvas board joins it to). Only indexed markdown notes inside "
        "the vault are served: absolute paths, '..', files outside the vault (also through "
        "symlinks) and non-note files are refused.",
        annotations=read_only,
    )
    def get_note(
        path: Annotated[
            str,
            Field(
                min_length=1,
                max_length=1024,
                description="Vault-relative note path as returned by search, e.g. "
                "'Projects/Plan.md' (the '.md' may be left off)",
            ),
        ],
    ) -> CallToolResult:
        return answer(lambda: session.get_note(path))

    @server.tool(
        name="related",
        description="Notes related to one note through the vault's link graph: notes it links "
        "to (links_to, embeds), notes linking to it (linked_from, embedded_by), notes joined "
        "to it by a line on a Canvas board (on_board, via = the board's title), notes sharing "
        "a tag (shares_tag, via = the tag) and, with hops=2, notes two links away. Direct "
        "links come first, then shared tags (most shared first). Also lists link targets that "
        "name no note yet (unresolved_links).",
        annotations=read_only,
    )
    def related(
        path: NotePath,
        hops: Annotated[
            int, Field(ge=1, le=2, description="1: direct links only; 2: also links of links")
        ] = 1,
        limit: RelatedLimit = 50,
    ) -> CallToolResult:
        return answer(lambda: session.related(path, hops=hops, limit=limit))

    @server.tool(
        name="connections",
        description="What a person working on one note wants beside it: related notes with "
        "the reasons in words (a similar passage and its cosine, links either way, shared "
        "tags; best first), which of them are near-duplicates of it, and the open "
        "contradictions between it and other notes.",
        annotations=read_only,
    )
    def connections(
        path: NotePath,
        limit: RelatedLimit = 12,
    ) -> CallToolResult:
        return answer(lambda: session.connections(path, limit=limit))

    return server


def serve(config: "WorkspaceConfig") -> int:
    """Run the MCP server on stdio until the client disconnects."""
    environment_for_server()
    _quiet_libraries()
    session = VaultSession(config)
    server = build_server(session)
    server.run("stdio")
    return 0


def _quiet_libraries() -> None:
    """Our own progress is logged at INFO (MCP clients keep a server's stderr as its log);
    Python warnings go through logging; library loggers stay at WARNING unless -vv."""
    import warnings

    root = logging.getLogger()
    debugging = root.level <= logging.DEBUG
    if root.level > logging.INFO:
        root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    warnings.simplefilter("ignore", category=FutureWarning)
    if not debugging:
        for name in (
            "mcp",
            "httpx",
            "httpcore",
            "anyio",
            "transformers",
            "torch",
            "chromadb",
            "sentence_transformers",
            "urllib3",
            "watchdog",
            "py.warnings",
        ):
            logging.getLogger(name).setLevel(logging.WARNING)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("consilience")
    except PackageNotFoundError:
        return "0"
