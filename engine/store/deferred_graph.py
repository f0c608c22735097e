"""A link graph read from its saved file when first used, for one-shot commands.

A cold `consilience search` on an index with nothing to catch up never needs the graph: the
note directory has its own cache, and the graph source takes its link steps from it
(`engine.search.directory.LinkSteps`). Importing networkx and reading a 10,000-note graph
cost about a fifth of a second, so such a process skips both; a catch-up that changes a
note loads the graph to change it.

`DeferredGraph` stands where a `LinkGraph` stands (the same methods, by delegation). Its
revision reads 0, the revision of a graph as loaded, until something asks for more; then it
loads the graph with the decision taken when the index was opened, once, under a lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.store.graph import LinkGraph


class DeferredGraph:
    """A `LinkGraph` loaded by `load` on first use."""

    def __init__(self, load: Callable[[], LinkGraph]) -> None:
        self._load: Callable[[], LinkGraph] | None = load
        self._graph: LinkGraph | None = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._graph is not None

    @property
    def revision(self) -> int:
        """0 (a graph as loaded) until loaded, then the graph's own."""
        graph = self._graph
        return 0 if graph is None else graph.revision

    def real(self) -> LinkGraph:
        """The graph, loaded now if it is not yet."""
        graph = self._graph
        if graph is not None:
            return graph
        with self._lock:
            if self._graph is None:
                assert self._load is not None
                self._graph, self._load = self._load(), None
            return self._graph

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)

    def __contains__(self, path: object) -> bool:
        return path in self.real()
