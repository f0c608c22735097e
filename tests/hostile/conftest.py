"""Shared set-up of the abuse suite (issue 8): a derandomized Hypothesis profile and a
search-service factory over an opened workspace."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

try:
    settings.get_profile("ci")
except Exception:  # not registered by tests/conftest.py: register it here
    settings.register_profile(
        "ci",
        derandomize=True,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
