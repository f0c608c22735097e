"""A tiny fork server for the SIGKILL test: loads the model once, then forks one indexer child
per request, so each of the many kills costs a fork instead of a model load.

Protocol (line-based): the test writes `run <vault> <data>`; the server forks, prints
`pid <pid>`, the child prints `progress <phase> <done>` lines and `done`, and the server prints
`exit <pid> <wait status>` once the child ended (finished or killed). `quit` ends the server.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _child(vault: Path, data: Path, embedder: object) -> None:
    from engine.workspace import Workspace, WorkspaceConfig

    with Workspace.open(WorkspaceConfig(vault_root=vault, data_root=data), embedder=embedder) as ws:  # type: ignore[arg-type]
        print("opened", flush=True)
        ws.sync(progress=lambda p: print(f"progress {p.phase} {p.done}", flush=True))
    print("done", flush=True)


def main() -> None:
    import torch

    torch.set_num_threads(1)  # no thread pool to inherit half-initialised across fork()
    from engine.embed.embedder import load_embedder
    from engine.store import catalog, graph, vectors  # noqa: F401  (imported once, here)
    from engine.workspace import Workspace  # noqa: F401

    embedder = load_embedder(None, backend="torch")
    print("ready", flush=True)
    for line in sys.stdin:
        parts = line.split("\t")
        if parts[0].strip() == "quit":
            break
        vault, data = Path(parts[1].strip()), Path(parts[2].strip())
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                _child(vault, data, embedder)
            except BaseException as exc:  # report, never hang the test
                print(f"error {type(exc).__name__}: {exc}", flush=True)
                code = 1
            finally:
                sys.stdout.flush()
                os._exit(code)
        print(f"pid {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"exit {pid} {status}", flush=True)


if __name__ == "__main__":
    main()
