"""The contradiction inspector on the real, fully indexed demo vault."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from engine.contradict import store
from engine.contradict.types import Contradiction
from engine.paths import index_paths_for
from engine.session import Session
from engine.store.catalog import Catalog, CatalogError
from engine.workspace import WorkspaceConfig
from ui import inspector as inspector_module
from ui.contradiction_model import (
    COL_A,
    COL_B,
    COL_REVIEW,
    ContradictionRole,
    ContradictionTableModel,
)
from ui.contradiction_text import emphasised_context_html, side_html, summary_html, type_label
from ui.inspector import ContradictionInspector
from ui.review_store import ReviewStore

REPO = Path(__file__).resolve().parents[2]
EXPECTED = json.loads((REPO / "resources" / "demo-vault.expected.json").read_text("utf-8"))
PLANTED: list[dict[str, str]] = EXPECTED["contradictions"]

Factory = Callable[..., ContradictionInspector]


@pytest.fixture
def catalog_path(demo_index: Any) -> Path:
    return index_paths_for(demo_index.vault, data_root=demo_index.data_dir).catalog


def _open_session(vault: Path, data_dir: Path) -> Session:
    return Session.open(WorkspaceConfig(vault_root=vault, data_root=data_dir), mirror=False)


@pytest.fixture
def session(demo_index: Any) -> Iterator[Session]:
    """The demo vault opened as the app opens it (the writer)."""
    with _open_session(demo_index.vault, demo_index.data_dir) as opened:
        yield opened


@pytest.fixture
def make_inspector(qtbot: QtBot, demo_index: Any, session: Session) -> Iterator[Factory]:
    """Builds inspectors on the demo index, waits for their first load, and shuts every one
    down (waiting for its background work) at teardown."""
    made: list[ContradictionInspector] = []

    def make(over: Session | None = None, *, show: bool = False) -> ContradictionInspector:
        widget = ContradictionInspector(ReviewStore(over or session), demo_index.vault)
        qtbot.addWidget(widget)
        made.append(widget)
        qtbot.waitUntil(lambda: widget._has_loaded and widget.is_idle(), timeout=10_000)
        if show:
            widget.resize(1000, 700)
            widget.show()
            qtbot.waitExposed(widget)
            widget.activateWindow()
            qtbot.waitUntil(widget.isActiveWindow)
            widget.table.setFocus()
        return widget

    yield make
    for widget in made:
        widget.shutdown()
        assert widget.is_idle()


def _lookup(catalog_path: Path, **kwargs: Any) -> tuple[Contradiction, ...]:
    with Catalog.open(catalog_path, read_only=True, check=False) as catalog:
        return store.lookup(catalog, **kwargs)


def _shown(widget: ContradictionInspector) -> list[Contradiction]:
    proxy = widget.proxy
    return [proxy.index(r, 0).data(ContradictionRole) for r in range(proxy.rowCount())]


def _planted(items: list[Contradiction], planted: dict[str, str]) -> Contradiction | None:
    for c in items:
        sides = {(c.a.path, c.a.claim), (c.b.path, c.b.claim)}
        if sides == {(planted["a"], planted["a_claim"]), (planted["b"], planted["b_claim"])}:
            return c
    return None


def _select(widget: ContradictionInspector, pair: Contradiction) -> None:
    assert widget.select_pair(pair.id)
    assert widget.current() == pair


def _side_of(pair: Contradiction, path: str) -> str:
    return "a" if pair.a.path == path else "b"


@pytest.mark.slow
def test_lists_every_open_pair_best_first(
    make_inspector: Factory, catalog_path: Path, qtmodeltester: Any
) -> None:
    widget = make_inspector()
    qtmodeltester.check(widget.model)
    qtmodeltester.check(widget.proxy)
    expected = _lookup(catalog_path)
    shown = _shown(widget)
    assert len(expected) >= len(PLANTED)
    assert [c.id for c in shown] == [c.id for c in expected]
    assert shown == list(expected)
    confidences = [c.confidence for c in shown]
    assert confidences == sorted(confidences, reverse=True)
    for planted in PLANTED:
        found = _planted(shown, planted)
        assert found is not None, f"planted contradiction missing: {planted['topic']}"
    assert widget.current() == shown[0]  # the best one is selected
    assert f"{len(expected)} open" in widget.count_label.text()
    assert widget.writable and not widget.banner.isVisibleTo(widget)
    assert widget.table.isColumnHidden(COL_REVIEW)


@pytest.mark.slow
def test_selecting_shows_both_claims_in_context(make_inspector: Factory) -> None:
    widget = make_inspector()
    planted = next(p for p in PLANTED if p["topic"] == "battery life of soil-node-s3")
    pair = _planted(_shown(widget), planted)
    assert pair is not None
    _select(widget, pair)
    texts = {"a": widget.side_a.toPlainText(), "b": widget.side_b.toPlainText()}
    for side in (pair.a, pair.b):
        text = texts[_side_of(pair, side.path)]
        assert side.claim in text and side.title in text and side.path in text
        assert " ".join(side.context.split()) in " ".join(text.split())
        assert len(side.context) > len(side.claim)  # the claim is shown in its surroundings
    newer_path = planted[planted["newer"]]
    assert "newer" in texts[_side_of(pair, newer_path)]
    assert "newer" not in texts["b" if _side_of(pair, newer_path) == "a" else "a"]
    summary = widget.summary.text()
    assert "Conflicting values" in summary and f"{round(pair.confidence * 100)}%" in summary
    assert all(e.replace('"', "&quot;") in summary for e in pair.explanations)
    # the claim is emphasised inside the escaped context
    assert '<span style="background-color:#fde68a' in side_html(pair, "a")


@pytest.mark.slow
def test_dismiss_persists_across_a_restart(
    make_inspector: Factory, catalog_path: Path, qtbot: QtBot
) -> None:
    widget = make_inspector(show=True)
    before = _shown(widget)
    planted = next(p for p in PLANTED if p["topic"] == "soil node sampling interval")
    pair = _planted(before, planted)
    assert pair is not None
    row = before.index(pair)
    _select(widget, pair)
    with qtbot.waitSignal(widget.changed, timeout=10_000):
        qtbot.keyClick(widget.table, Qt.Key.Key_D)
    after = _shown(widget)
    assert pair.id not in {c.id for c in after}
    assert len(after) == len(before) - 1
    assert widget.current() == before[row + 1]  # selection moved to the next pair
    assert _lookup(catalog_path, include_reviewed=False) == tuple(after)

    widget.close()
    again = make_inspector()
    assert pair.id not in {c.id for c in _shown(again)}
    again.reviewed_check.setChecked(True)
    assert not again.table.isColumnHidden(COL_REVIEW)
    reviewed = next(c for c in _shown(again) if c.id == pair.id)
    assert reviewed.review == "dismissed" and reviewed.current_side is None
    row = again.proxy.row_of(pair.id)
    assert again.proxy.index(row, COL_REVIEW).data() == "Dismissed"
    assert [c.id for c in _shown(again)] == [
        c.id for c in _lookup(catalog_path, include_reviewed=True)
    ]


@pytest.mark.parametrize(("key", "side"), [(Qt.Key.Key_A, "a"), (Qt.Key.Key_B, "b")])
@pytest.mark.slow
def test_resolve_persists_across_a_restart(
    make_inspector: Factory, catalog_path: Path, qtbot: QtBot, key: Qt.Key, side: str
) -> None:
    widget = make_inspector(show=True)
    planted = next(p for p in PLANTED if p["topic"] == "storage backend decision")
    pair = _planted(_shown(widget), planted)
    assert pair is not None
    _select(widget, pair)
    with qtbot.waitSignal(widget.changed, timeout=10_000):
        qtbot.keyClick(widget.table, key)
    assert pair.id not in {c.id for c in _shown(widget)}
    widget.close()

    with Catalog.open(catalog_path, read_only=True, check=False) as catalog:
        assert store.review_of(catalog, pair) == ("resolved", side)
    again = make_inspector()
    assert pair.id not in {c.id for c in _shown(again)}
    again.reviewed_check.setChecked(True)
    reviewed = next(c for c in _shown(again) if c.id == pair.id)
    assert (reviewed.review, reviewed.current_side) == ("resolved", side)
    _select(again, reviewed)
    current_text = (again.side_a if side == "a" else again.side_b).toPlainText()
    other_text = (again.side_b if side == "a" else again.side_a).toPlainText()
    assert "current" in current_text and "current" not in other_text
    assert f"Resolved: {side.upper()} is current" in again.summary.text()


@pytest.mark.slow
def test_buttons_decide_too(make_inspector: Factory, qtbot: QtBot) -> None:
    widget = make_inspector()
    first, second = _shown(widget)[:2]
    assert widget.current() == first
    with qtbot.waitSignal(widget.changed, timeout=10_000):
        widget.resolve_b_button.click()
    assert widget.current() == second
    with qtbot.waitSignal(widget.changed, timeout=10_000):
        widget.dismiss_button.click()
    assert {first.id, second.id}.isdisjoint(c.id for c in _shown(widget))


@pytest.mark.slow
def test_open_requested_emits_the_right_path(make_inspector: Factory, qtbot: QtBot) -> None:
    widget = make_inspector(show=True)
    pair = _shown(widget)[2]
    _select(widget, pair)
    with qtbot.waitSignal(widget.open_requested) as blocker:
        qtbot.keyClick(widget.table, Qt.Key.Key_Return)
    assert blocker.args == [pair.a.path, True]
    with qtbot.waitSignal(widget.open_requested) as blocker:
        qtbot.keyClick(widget.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert blocker.args == [pair.b.path, True]
    widget.open_in_obsidian = False
    with qtbot.waitSignal(widget.open_requested) as blocker:
        widget.open_b_button.click()
    assert blocker.args == [pair.b.path, False]
    with qtbot.waitSignal(widget.open_requested) as blocker:
        widget.open_a_button.click()
    assert blocker.args == [pair.a.path, False]


@pytest.mark.slow
def test_filters(make_inspector: Factory, qtbot: QtBot) -> None:
    widget = make_inspector()
    everything = _shown(widget)
    widget.filter_edit.setText("lorawan GAUGE")
    shown = _shown(widget)
    assert shown and len(shown) < len(everything)
    assert _planted(shown, next(p for p in PLANTED if "LoRaWAN" in p["topic"])) is not None
    for c in shown:
        blob = " ".join((c.a.title, c.a.claim, c.a.path, c.b.title, c.b.claim, c.b.path))
        assert "lorawan" in blob.lower() and "gauge" in blob.lower()
    assert widget.count_label.text() == f"{len(shown)} of {len(everything)} shown"
    widget.filter_edit.setText("no such words anywhere")
    assert widget.proxy.rowCount() == 0
    assert widget.list_stack.currentWidget() is widget.list_message
    assert widget.list_message.text() == inspector_module.FILTERED_MESSAGE
    assert widget.current() is None
    assert widget.detail_stack.currentWidget() is widget.placeholder
    assert not widget.dismiss_action.isEnabled() and not widget.open_a_action.isEnabled()
    widget.filter_edit.clear()
    assert _shown(widget) == everything
    assert widget.list_stack.currentWidget() is widget.table
    widget.confidence_spin.setValue(70)
    shown = _shown(widget)
    assert shown == [c for c in everything if c.confidence >= 0.7]
    assert 0 < len(shown) < len(everything)


def test_vault_html_is_shown_as_text(qtbot: QtBot) -> None:
    claim = 'Use <script>alert("x")</script> & <b>bold</b> here.'
    context = f"Before <img src=x onerror=alert(1)>. {claim} After </p><h1>big</h1>"
    rendered = emphasised_context_html(context, claim)
    assert "<script>" not in rendered and "<img" not in rendered and "<h1>" not in rendered
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold" in rendered
    assert rendered.count("<span") == 1  # our emphasis is the only markup
    assert "&lt;/p&gt;&lt;h1&gt;big&lt;/h1&gt;" in rendered

    side = _fake_side(claim, context, title="<i>Title</i>", path="a/<x>.md")
    pair = Contradiction(
        id="x",
        a=side,
        b=_fake_side("It is fine.", "It is fine."),
        confidence=0.9,
        similarity=0.8,
        type="negation",
        explanations=("<u>negated</u>",),
        newer="a",
    )
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    browser.setHtml(side_html(pair, "a"))
    text = browser.toPlainText()
    assert claim in text and "<i>Title</i>" in text and "a/<x>.md" in text
    assert "<img src=x onerror=alert(1)>" in text and "<h1>big</h1>" in text
    assert "&lt;u&gt;negated&lt;/u&gt;" in summary_html(pair)


def test_claim_not_found_in_context_is_still_shown_escaped() -> None:
    rendered = emphasised_context_html("Other text <b>.", "The <claim>.")
    assert "&lt;claim&gt;" in rendered and "Other text &lt;b&gt;." in rendered
    # whitespace and case differences still find the claim
    rendered = emphasised_context_html("A. the   Claim\nholds. B.", "The claim holds.")
    assert rendered.startswith("A. <span") and "the   Claim<br/>holds.</span> B." in rendered


def _fake_side(claim: str, context: str, *, title: str = "T", path: str = "t.md") -> Any:
    from engine.contradict.types import ContradictionSide

    return ContradictionSide(
        path=path,
        title=title,
        claim=claim,
        context=context,
        timestamp="2026-06-03T10:00:00+00:00",
        text_hash=claim,
    )


def test_type_labels_are_human() -> None:
    assert [type_label(t) for t in EXPECTED_TYPES] == [
        "Negation",
        "Conflicting values",
        "Opposing sentiment",
        "Semantic conflict",
    ]
    assert type_label("some_new_kind") == "Some new kind"


EXPECTED_TYPES = ("negation", "conflicting_values", "opposing_sentiment", "semantic_conflict")


@pytest.mark.slow
def test_read_only_index_disables_decisions(
    make_inspector: Factory, qtbot: QtBot, catalog_path: Path, demo_index: Any, session: Session
) -> None:
    # `session` holds the writer lock: a second opening of the vault is read-only
    with _open_session(demo_index.vault, demo_index.data_dir) as second:
        assert second.read_only and second.locked_elsewhere
        widget = make_inspector(second, show=True)
        _assert_decisions_disabled(widget, qtbot, catalog_path)
        widget.shutdown()


def _assert_decisions_disabled(
    widget: ContradictionInspector, qtbot: QtBot, catalog_path: Path
) -> None:
    assert not widget.writable
    assert widget.banner.isVisible() and "read-only" in widget.banner.text()
    assert widget.current() is not None
    assert not widget.dismiss_button.isEnabled() and not widget.resolve_a_button.isEnabled()
    assert widget.open_a_button.isEnabled()  # opening still works
    before = _shown(widget)
    qtbot.keyClick(widget.table, Qt.Key.Key_D)
    assert widget.is_idle() and _shown(widget) == before
    assert _lookup(catalog_path) == tuple(before)


@pytest.mark.slow
def test_write_failure_is_reported(
    make_inspector: Factory, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    widget = make_inspector()
    before = _shown(widget)

    def fail(*_args: Any) -> None:
        raise CatalogError("disk I/O error")

    monkeypatch.setattr("engine.contradict.store.dismiss", fail)
    widget.dismiss_action.trigger()
    qtbot.waitUntil(lambda: widget.banner.isVisibleTo(widget) and widget.is_idle())
    assert "could not be saved" in widget.banner.text() and "disk I/O error" in widget.banner.text()
    assert widget.writable and widget.dismiss_action.isEnabled()  # a passing fault: try again
    assert _shown(widget) == before


def test_a_decision_refused_as_read_only_disables_decisions(
    make_inspector: Factory, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    from engine.errors import ReadOnlyIndexError

    widget = make_inspector()

    def refuse(*_args: Any) -> None:
        raise ReadOnlyIndexError("the index is open read-only here")

    monkeypatch.setattr(Session, "decide", refuse)
    widget.dismiss_action.trigger()
    qtbot.waitUntil(lambda: widget.banner.isVisibleTo(widget) and widget.is_idle())
    assert "cannot be saved" in widget.banner.text()
    assert not widget.writable and not widget.dismiss_action.isEnabled()


@pytest.mark.slow
def test_refresh_sees_new_decisions(
    make_inspector: Factory, session: Session, qtbot: QtBot
) -> None:
    widget = make_inspector()
    first = _shown(widget)[0]
    ReviewStore(session).decide(first, "dismiss")
    with qtbot.waitSignal(widget.loaded, timeout=10_000):
        widget.refresh()
    assert first.id not in {c.id for c in _shown(widget)}
    assert widget.current() == _shown(widget)[0]


@pytest.mark.slow
def test_empty_states(make_inspector: Factory, catalog_path: Path, tmp_path: Path) -> None:
    with Catalog.open(catalog_path, check=False) as catalog:
        for c in store.lookup(catalog):
            store.dismiss(catalog, c)
    widget = make_inspector()
    assert widget.proxy.rowCount() == 0
    assert widget.list_message.text() == inspector_module.ALL_REVIEWED_MESSAGE
    assert widget.detail_stack.currentWidget() is widget.placeholder

    (tmp_path / "fresh").mkdir()  # an index with nothing in it yet: nothing was checked
    with _open_session(tmp_path / "fresh", tmp_path / "fresh-data") as fresh:
        empty = make_inspector(fresh)
        assert empty.list_message.text() == inspector_module.NOTHING_INDEXED_MESSAGE
        assert empty.list_message.text().startswith("Not checked yet")
        empty.reviewed_check.setChecked(True)
        assert empty.list_message.text() == inspector_module.NOTHING_INDEXED_MESSAGE
        empty.shutdown()


@pytest.mark.slow
def test_table_cells_are_plain_text(make_inspector: Factory) -> None:
    widget = make_inspector()
    pair = _shown(widget)[0]
    index = widget.proxy.index(0, COL_A)
    assert index.data() == pair.a.title
    assert pair.a.claim in index.data(Qt.ItemDataRole.ToolTipRole)


@pytest.mark.slow
def test_weak_pairs_are_off_until_asked_for(make_inspector: Factory, catalog_path: Path) -> None:
    from engine.contradict.types import FLAG_THRESHOLD, WEAK_THRESHOLD

    widget = make_inspector()
    stored = _lookup(catalog_path, min_confidence=WEAK_THRESHOLD)
    default = _lookup(catalog_path)
    assert not widget.weak_check.isChecked()
    assert _shown(widget) == list(default)
    assert all(c.confidence >= FLAG_THRESHOLD for c in _shown(widget))
    widget.weak_check.setChecked(True)
    assert _shown(widget) == list(stored)
    assert len(stored) >= len(default)
    widget.weak_check.setChecked(False)
    assert _shown(widget) == list(default)


def _two_notes(root: Path) -> Path:
    root.mkdir()
    (root / "Soil.md").write_text("# Soil\n\nThe soil node samples every ten minutes.\n", "utf-8")
    (root / "Trip.md").write_text("# Trip\n\nWe drove to the coast on Sunday.\n", "utf-8")
    return root


@pytest.mark.slow
def test_an_empty_list_says_agree_only_after_a_complete_check(
    make_inspector: Factory, tmp_path: Path, embedder: Any
) -> None:
    from engine.workspace import Workspace

    config = WorkspaceConfig(vault_root=_two_notes(tmp_path / "v"), data_root=tmp_path / "d")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.indexer.sync()  # indexed, not yet checked for contradictions
    with _open_session(config.vault_root, config.data_root) as opened:  # type: ignore[arg-type]
        widget = make_inspector(opened)
        assert widget.list_message.text().startswith("Not checked yet: 2 notes wait")
        assert "agree" not in widget.list_message.text()
        assert "2 not checked yet" in widget.count_label.text()
        widget.set_checking(1, 2)
        assert widget.list_message.text() == "Checking 1/2 notes for contradictions…"
        assert "checking 1/2" in widget.count_label.text()
        widget.shutdown()
    with Workspace.open(config, embedder=embedder) as ws:
        ws.scan_contradictions()
    with _open_session(config.vault_root, config.data_root) as opened:  # type: ignore[arg-type]
        widget = make_inspector(opened)
        assert widget.list_message.text() == inspector_module.EMPTY_MESSAGE
        assert widget.count_label.text() == "0 open"
        widget.shutdown()


@pytest.mark.slow
def test_a_reviewed_pair_can_be_reopened(
    make_inspector: Factory, session: Session, catalog_path: Path, qtbot: QtBot
) -> None:
    first = _shown(make_inspector())[0]
    ReviewStore(session).decide(first, "dismiss")
    widget = make_inspector()
    assert first.id not in {c.id for c in _shown(widget)}
    assert not widget.reopen_button.isVisibleTo(widget)
    widget.reviewed_check.setChecked(True)
    assert widget.reopen_button.isVisibleTo(widget)
    dismissed = next(c for c in _shown(widget) if c.id == first.id)
    _select(widget, dismissed)
    assert widget.reopen_action.isEnabled() and not widget.dismiss_action.isEnabled()
    with qtbot.waitSignal(widget.changed, timeout=10_000):
        widget.reopen_button.click()
    assert next(c for c in _shown(widget) if c.id == first.id).review == "open"
    assert first.id in {c.id for c in _lookup(catalog_path)}  # open again in the catalog
    _select(widget, next(c for c in _shown(widget) if c.id == first.id))
    assert not widget.reopen_action.isEnabled()  # an open pair has nothing to reopen


@pytest.mark.slow
def test_enter_in_min_confidence_applies_it_and_opens_nothing(
    make_inspector: Factory, qtbot: QtBot
) -> None:
    widget = make_inspector(show=True)
    assert widget.current() is not None  # a pair is selected: Open A would have a target
    spin = widget.confidence_spin
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.selectAll()
    with qtbot.assertNotEmitted(widget.open_requested):
        qtbot.keyClicks(spin, "5")
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        qtbot.keyClick(spin, Qt.Key.Key_Enter)
    assert spin.value() == 5 and widget.proxy.min_confidence == 0.05
    assert widget.current() is not None
    widget.table.setFocus()
    with qtbot.waitSignal(widget.open_requested):  # Enter in the list still opens note A
        qtbot.keyClick(widget.table, Qt.Key.Key_Return)


def _dated(newer: str | None, a_time: str, b_time: str) -> Contradiction:
    from dataclasses import replace

    a = replace(_fake_side("It is on.", "It is on.", path="a.md"), timestamp=a_time)
    b = replace(_fake_side("It is off.", "It is off.", path="b.md"), timestamp=b_time)
    return Contradiction(
        id="d",
        a=a,
        b=b,
        confidence=0.9,
        similarity=0.8,
        type="superseded",
        explanations=(),
        newer=newer,  # type: ignore[arg-type]
    )


def test_newer_is_marked_only_for_a_later_day(qtbot: QtBot) -> None:
    from ui.contradiction_text import shown_newer, side_date_label

    browser = QTextBrowser()
    qtbot.addWidget(browser)
    same_day = _dated("b", "2026-06-03T09:00:00", "2026-06-03T17:30:00")
    assert shown_newer(same_day) is None
    browser.setHtml(side_html(same_day, "b"))
    assert "newer" not in browser.toPlainText()
    assert side_date_label(same_day, "a") == "3 Jun 2026, 09:00"  # the time tells them apart
    assert side_date_label(same_day, "b") == "3 Jun 2026, 17:30"
    model = ContradictionTableModel()
    model.set_items([same_day])
    assert "(newer)" not in model.index(0, COL_B).data(Qt.ItemDataRole.ToolTipRole)

    later_day = _dated("b", "2026-06-03T09:00:00", "2026-06-04T08:00:00")
    assert shown_newer(later_day) == "b"
    browser.setHtml(side_html(later_day, "b"))
    assert "newer" in browser.toPlainText()
    assert side_date_label(later_day, "b") == "4 Jun 2026"
    model.set_items([later_day])
    assert "(newer)" in model.index(0, COL_B).data(Qt.ItemDataRole.ToolTipRole)


class _ListedStore:
    """A review store over fixed pairs (the inspector's reads without a vault)."""

    def __init__(self, items: list[Contradiction]) -> None:
        self.items = items

    def load(self) -> Any:
        from ui.review_store import Loaded

        return Loaded(items=tuple(self.items), writable=True, notes=2, unchecked=0)

    def decide(self, pair: Contradiction, decision: str) -> Contradiction:
        return pair


def _typed(i: int, confidence: float, kind: str) -> Contradiction:
    from dataclasses import replace

    return Contradiction(
        id=f"p{i}",
        a=replace(_fake_side("It is on.", "It is on.", path=f"a{i}.md"), title=f"Alder {i}"),
        b=replace(_fake_side("It is off.", "It is off.", path=f"b{i}.md"), title=f"Mill {i}"),
        confidence=confidence,
        similarity=0.8,
        type=kind,
        explanations=(),
        newer=None,
    )


def test_columns_fit_rows_that_show_weak_or_a_filter_brings_in(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The strong pairs fill the view; the weak ones, below it, are of a longer type: ticking
    "Show weak" widens the Type column to them (the header alone sizes it only at a reset)."""
    from ui.contradiction_model import COL_TYPE

    items = [_typed(i, 0.9, "negation") for i in range(40)]
    items += [_typed(i, 0.2, "opposing_sentiment") for i in range(40, 50)]
    widget = ContradictionInspector(_ListedStore(items), tmp_path)  # type: ignore[arg-type]
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget._has_loaded and widget.is_idle(), timeout=10_000)
    table = widget.table
    needed = table.fontMetrics().horizontalAdvance("Opposing sentiment")
    assert table.columnWidth(COL_TYPE) < needed  # only "Negation" so far
    widget.weak_check.setChecked(True)
    assert widget.proxy.rowCount() == 50
    assert table.columnWidth(COL_TYPE) >= needed

    widget.weak_check.setChecked(False)
    widget.filter_edit.setText("Alder 4")  # Alder 4, Alder 40…49: weak ones hidden again
    widget.weak_check.setChecked(True)
    assert table.columnWidth(COL_TYPE) >= needed
    widget.reviewed_check.setChecked(True)
    review = table.fontMetrics().horizontalAdvance(widget.proxy.index(0, COL_REVIEW).data())
    assert table.columnWidth(COL_REVIEW) >= review
    widget.shutdown()


def test_a_cell_cut_short_has_its_whole_text_in_the_tooltip() -> None:
    from ui.contradiction_model import COL_CONFIDENCE, COL_TYPE

    model = ContradictionTableModel()
    pair = _typed(1, 0.9, "opposing_sentiment")
    model.set_items([pair])
    for col in (COL_CONFIDENCE, COL_TYPE, COL_A, COL_B, COL_REVIEW):
        index = model.index(0, col)
        tip = index.data(Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith(index.data()), (col, tip)
    assert model.index(0, COL_A).data(Qt.ItemDataRole.ToolTipRole).startswith("Alder 1\na1.md")
