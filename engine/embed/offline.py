"""Keep the Hugging Face libraries off the network and off the terminal.

Both backends call `force_offline` before they load anything: models are never downloaded.
"""

from __future__ import annotations

import os

#: The variables that make huggingface_hub and transformers use only the local cache.
OFFLINE_ENV = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
PROGRESS_BARS_ENV = "HF_HUB_DISABLE_PROGRESS_BARS"


def force_offline() -> None:
    """Make huggingface_hub/transformers never reach the network (unless the user said so),
    and keep their download/"Loading weights" progress bars off the terminal."""
    for var in (*OFFLINE_ENV, PROGRESS_BARS_ENV):
        os.environ.setdefault(var, "1")


def progress_bars_disabled() -> bool:
    """Has the environment (usually `force_offline`) turned the hub's progress bars off?"""
    return os.environ.get(PROGRESS_BARS_ENV) == "1"
