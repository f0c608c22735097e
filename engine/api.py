"""The engine's public surface: everything the front ends (`ui/`, `app/`) may use, and
nothing else (an import contract keeps them to it).

Names resolve lazily, on first use, so importing this module costs nothing: a window can be
shown before the search stack is loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.contradict.scorer import PairScorer as PairScorer
    from engine.contradict.types import (
        FLAG_THRESHOLD as FLAG_THRESHOLD,
    )
    from engine.contradict.types import (
        WEAK_THRESHOLD as WEAK_THRESHOLD,
    )
    from engine.contradict.types import (
        Contradiction as Contradiction,
    )
    from engine.contradict.types import (
        ContradictionSide as ContradictionSide,
    )
    from engine.contradict.types import (
        Side as Side,
    )
    from engine.embed.embedder import load_embedder as load_embedder
    from engine.embed.embedder import load_embedder_early as load_embedder_early
    from engine.embed.embedder import model_cache_ready as model_cache_ready
    from engine.errors import (
        EngineError as EngineError,
    )
    from engine.errors import (
        QueryExecutionError as QueryExecutionError,
    )
    from engine.errors import (
        ReadOnlyIndexError as ReadOnlyIndexError,
    )
    from engine.errors import (
        one_line as one_line,
    )
    from engine.evaluate.contradiction_pairs import evaluate_pairs as evaluate_pairs
    from engine.evaluate.index_bench import run_bench as run_bench
    from engine.evaluate.known_items import evaluate_known_items as evaluate_known_items
    from engine.evaluate.retrieval import evaluate_retrieval as evaluate_retrieval
    from engine.evaluate.scratch import scratch_dir as scratch_dir
    from engine.evaluate.vault_contradictions import (
        evaluate_vault_contradictions as evaluate_vault_contradictions,
    )
    from engine.lifecycle import (
        LifecycleListener as LifecycleListener,
    )
    from engine.lifecycle import (
        LifecycleOptions as LifecycleOptions,
    )
    from engine.lifecycle import (
        LifecycleStatus as LifecycleStatus,
    )
    from engine.lifecycle import (
        VaultLifecycle as VaultLifecycle,
    )
    from engine.lifecycle import (
        VaultState as VaultState,
    )
    from engine.lifecycle_report import IndexReport as IndexReport
    from engine.lifecycle_report import LogListener as LogListener
    from engine.model import IndexStats as IndexStats
    from engine.model import Progress as Progress
    from engine.paths import default_model_cache as default_model_cache
    from engine.runtime import phase_timings as phase_timings
    from engine.runtime import timed as timed
    from engine.runtime import tune_garbage_collector as tune_garbage_collector
    from engine.runtime import use_returnable_memory as use_returnable_memory
    from engine.search.config import AI_TOKEN_BUDGET as AI_TOKEN_BUDGET
    from engine.search.connections import Connections as Connections
    from engine.search.query import DATE_FORMS as DATE_FORMS
    from engine.search.query import parse_date as parse_date
    from engine.search.service import SearchFilters as SearchFilters
    from engine.search.types import (
        TIERS as TIERS,
    )
    from engine.search.types import (
        Excerpt as Excerpt,
    )
    from engine.search.types import (
        MergedResult as MergedResult,
    )
    from engine.search.types import (
        Relation as Relation,
    )
    from engine.search.types import (
        SearchResponse as SearchResponse,
    )
    from engine.search.types import (
        SearchWarning as SearchWarning,
    )
    from engine.search.types import (
        Span as Span,
    )
    from engine.session import ReviewDecision as ReviewDecision
    from engine.session import Session as Session
    from engine.vault.documents import kind_label as kind_label
    from engine.vault.documents import open_target as open_target
    from engine.vault.documents import page_of as page_of
    from engine.vault.ignore import document_kinds as document_kinds
    from engine.vault.obsidian_state import (
        read_active_note as read_active_note,
    )
    from engine.vault.obsidian_state import (
        workspace_file as workspace_file,
    )
    from engine.vault.obsidian_vaults import (
        OpenOutcome as OpenOutcome,
    )
    from engine.vault.obsidian_vaults import (
        VaultLookup as VaultLookup,
    )
    from engine.vault.obsidian_vaults import (
        config_files as config_files,
    )
    from engine.vault.obsidian_vaults import (
        find_known_vault as find_known_vault,
    )
    from engine.vault.obsidian_vaults import (
        plan_open as plan_open,
    )
    from engine.workspace import SCAN_APART_FROM as SCAN_APART_FROM
    from engine.workspace import WorkspaceConfig as WorkspaceConfig

_WHERE: dict[str, str] = {
    "DATE_FORMS": "engine.search.query",
    "AI_TOKEN_BUDGET": "engine.search.config",
    "Connections": "engine.search.connections",
    "Contradiction": "engine.contradict.types",
    "ContradictionSide": "engine.contradict.types",
    "ReviewDecision": "engine.session",
    "EngineError": "engine.errors",
    "Excerpt": "engine.search.types",
    "FLAG_THRESHOLD": "engine.contradict.types",
    "IndexReport": "engine.lifecycle_report",
    "IndexStats": "engine.model",
    "document_kinds": "engine.vault.ignore",
    "kind_label": "engine.vault.documents",
    "open_target": "engine.vault.documents",
    "page_of": "engine.vault.documents",
    "LogListener": "engine.lifecycle_report",
    "LifecycleListener": "engine.lifecycle",
    "LifecycleOptions": "engine.lifecycle",
    "LifecycleStatus": "engine.lifecycle",
    "MergedResult": "engine.search.types",
    "OpenOutcome": "engine.vault.obsidian_vaults",
    "PairScorer": "engine.contradict.scorer",
    "Progress": "engine.model",
    "QueryExecutionError": "engine.errors",
    "ReadOnlyIndexError": "engine.errors",
    "Relation": "engine.search.types",
    "SearchFilters": "engine.search.service",
    "SearchResponse": "engine.search.types",
    "Session": "engine.session",
    "Side": "engine.contradict.types",
    "Span": "engine.search.types",
    "TIERS": "engine.search.types",
    "VaultLifecycle": "engine.lifecycle",
    "VaultLookup": "engine.vault.obsidian_vaults",
    "VaultState": "engine.lifecycle",
    "WEAK_THRESHOLD": "engine.contradict.types",
    "SearchWarning": "engine.search.types",
    "SCAN_APART_FROM": "engine.workspace",
    "WorkspaceConfig": "engine.workspace",
    "config_files": "engine.vault.obsidian_vaults",
    "evaluate_known_items": "engine.evaluate.known_items",
    "evaluate_pairs": "engine.evaluate.contradiction_pairs",
    "evaluate_retrieval": "engine.evaluate.retrieval",
    "evaluate_vault_contradictions": "engine.evaluate.vault_contradictions",
    "find_known_vault": "engine.vault.obsidian_vaults",
    "load_embedder": "engine.embed.embedder",
    "load_embedder_early": "engine.embed.embedder",
    "model_cache_ready": "engine.embed.embedder",
    "default_model_cache": "engine.paths",
    "one_line": "engine.errors",
    "parse_date": "engine.search.query",
    "plan_open": "engine.vault.obsidian_vaults",
    "read_active_note": "engine.vault.obsidian_state",
    "run_bench": "engine.evaluate.index_bench",
    "scratch_dir": "engine.evaluate.scratch",
    "phase_timings": "engine.runtime",
    "timed": "engine.runtime",
    "use_returnable_memory": "engine.runtime",
    "tune_garbage_collector": "engine.runtime",
    "workspace_file": "engine.vault.obsidian_state",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"engine.api has no {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once found, a plain attribute
    return value
