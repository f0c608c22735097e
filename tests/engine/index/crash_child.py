"""Child process for the crash test: index a vault, printing a line per progress report."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


def main() -> None:
    from engine.workspace import Workspace, WorkspaceConfig

    vault, data = Path(sys.argv[1]), Path(sys.argv[2])
    with Workspace.open(WorkspaceConfig(vault_root=vault, data_root=data)) as ws:
        print("opened", flush=True)
        ws.sync(progress=lambda p: print(f"progress {p.phase} {p.done}", flush=True))
        print("done", flush=True)


if __name__ == "__main__":
    main()
