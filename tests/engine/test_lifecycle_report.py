"""The lifecycle told in words: what every MCP answer says about the index while it is
partial, failed or read-only."""

from __future__ import annotations

from engine.lifecycle_report import IndexReport


def test_status_warnings() -> None:
    assert IndexReport(state="ready", first_index=True).warnings() == []
    first = IndexReport(state="indexing", first_index=True, done=3, total=10).warnings()
    assert first[0]["kind"] == "index_incomplete"
    assert "first index" in first[0]["message"] and "3 of 10" in first[0]["message"]
    assert "partial" in first[0]["impact"]
    catch_up = IndexReport(state="indexing", first_index=False).warnings()
    assert "catching up" in catch_up[0]["message"]
    assert IndexReport(state="read_only", first_index=False).warnings()[0]["kind"] == "read_only"
    failed = IndexReport(state="failed", first_index=False, error="disk full").warnings()
    assert failed[0]["kind"] == "index_failed" and "disk full" in failed[0]["message"]
    warming = IndexReport(state="ready", first_index=False, model_ready=False).warnings()
    assert [w["kind"] for w in warming] == ["warming_up"]
    for w in first + catch_up + failed + warming:
        assert set(w) == {"source", "kind", "message", "impact"}


def test_the_report_reads_the_lifecycle_state() -> None:
    from engine.lifecycle import LifecycleStatus, VaultState

    embedding = LifecycleStatus(
        state=VaultState.INDEXING, first_index=True, phase="embed", done=3, total=9
    )
    report = IndexReport.of(embedding)
    assert (report.state, report.done, report.total, report.model_ready) == (
        "indexing",
        3,
        9,
        False,
    )
    checking = LifecycleStatus(
        state=VaultState.CHECKING_CONTRADICTIONS, model_ready=True, phase="contradictions"
    )
    assert IndexReport.of(checking).state == "ready"  # every note answers by now
    assert IndexReport.of(checking).warnings() == []
    # only a contradictions answer says its list is not complete yet
    (running,) = IndexReport.of(checking).contradiction_warnings()
    assert running["kind"] == "contradictions_incomplete" and "so far" in running["impact"]
    watching = LifecycleStatus(state=VaultState.WATCHING, index_done=True, model_ready=True)
    assert IndexReport.of(watching).contradiction_warnings() == []
    failed = LifecycleStatus(state=VaultState.FAILED, index_done=True, error="disk full")
    assert IndexReport.of(failed).state == "failed"
    read_only = LifecycleStatus(state=VaultState.READ_ONLY, index_done=True, model_ready=True)
    assert IndexReport.of(read_only).state == "read_only"


def test_after_a_text_first_pass_the_report_says_meaning_lags() -> None:
    from engine.lifecycle import LifecycleStatus, VaultState

    preparing = LifecycleStatus(
        state=VaultState.PREPARING_MODEL, first_index=True, text_complete=True, phase="text"
    )
    report = IndexReport.of(preparing)
    assert report.state == "ready"  # words and links hold every note
    assert [w["kind"] for w in report.warnings()] == ["warming_up"]
    embedding = LifecycleStatus(
        state=VaultState.INDEXING,
        first_index=True,
        text_complete=True,
        model_ready=True,
        phase="embed",
        done=4,
        total=9,
    )
    lagging = IndexReport.of(embedding).warnings()
    assert [w["kind"] for w in lagging] == ["meaning_incomplete"]
    assert "4 of 9 notes" in lagging[0]["message"]


def test_the_log_listener_says_news_and_warns_of_problems() -> None:
    from engine.lifecycle_report import LogListener
    from engine.model import IndexStats

    said: list[str] = []
    warned: list[str] = []
    listener = LogListener(say=said.append, warn=warned.append)
    listener.synced(IndexStats(added=2, updated=1, removed=0, embedded=4, seconds=0.25))
    listener.watching(True)
    listener.watching(False)
    listener.notice("sync_failed", "disk full")
    assert said == [
        "synced: +2 ~1 -0 >0 (4 chunks embedded, 250 ms)",
        "watching the vault for changes",
    ]
    assert warned == ["sync failed: disk full"]
