"""Faults for lifecycle tests: a model preparation that holds until released."""

from __future__ import annotations

import threading

import pytest

from engine.session import Session


def hold_model_preparation(
    monkeypatch: pytest.MonkeyPatch, *, limit_s: float = 30
) -> threading.Event:
    """Make every warm-up a first-run model preparation that cannot be interrupted and
    lasts until the returned event is set (at most `limit_s`)."""
    release = threading.Event()

    def preparing(self: Session, sources: object = None) -> None:
        release.wait(limit_s)

    monkeypatch.setattr(Session, "warm_up", preparing)
    monkeypatch.setattr(Session, "model_status", lambda self: "first_run")
    return release
