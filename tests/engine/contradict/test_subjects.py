"""Claims about the same note: titles found in claims, hubs ignored, the judge's budget."""

from __future__ import annotations

import numpy as np

from engine.contradict.candidates import TitleIndex, judge_selection, title_words
from engine.contradict.judge import Calibration, fit_logistic, names_other_note, pair_features


def test_a_claim_is_about_its_note_and_the_notes_it_names() -> None:
    index = TitleIndex(["Families/Orrin Family.md", "Places/Keldmoor.md", "Garden.md"])
    keys = index.subjects(
        ["They cannot use fire spells.", "The Orrin Family smiths of Keldmoor use fire."],
        ["Families/Orrin Family.md", "Places/Keldmoor.md"],
    )
    assert keys[0] & keys[1], "both are about the Orrin Family"
    assert index.own("Garden.md") not in keys[0] | keys[1]


def test_titles_match_whole_words_case_and_links_aside() -> None:
    index = TitleIndex(["Marsh lily.md", "Art.md"])
    assert index.mentions("Home to [[Marsh lily|Marsh Lily]] and more") == {
        index.own("Marsh lily.md")
    }
    assert index.mentions("The marshlily party started") == frozenset()
    assert index.mentions("A party of artists") == frozenset(), "Art is not in artists"
    assert title_words("Edda’s Fate!") == ("edda's", "fate")


def test_a_title_most_claims_mention_names_no_particular_thing() -> None:
    paths = [f"n{i}.md" for i in range(100)] + ["Magic.md"]
    index = TitleIndex(paths)
    texts = [f"Magic shapes thing {i}." for i in range(100)]
    keys = index.subjects(texts, paths[:100])
    magic = index.own("Magic.md")
    assert all(magic not in k for k in keys)


def test_the_judge_reads_the_best_pairs_within_its_budget() -> None:
    a = np.array([0, 0, 0, 1, 2], dtype=np.int64)
    b = np.array([1, 2, 3, 2, 3], dtype=np.int64)
    prior = np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    # claim 0 takes its two best pairs; claim 2 is full once (1, 2) is taken
    assert judge_selection(a, b, prior, per_claim=2, budget=10).tolist() == [
        True,
        True,
        False,
        True,
        False,
    ]
    assert judge_selection(a, b, prior, per_claim=5, budget=2).tolist() == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert not judge_selection(a[:0], b[:0], prior[:0], per_claim=2, budget=5).any()


def test_names_other_note_reads_titles_as_words() -> None:
    assert names_other_note(
        "They swim.", "The Orrin Family cannot swim.", "Orrin Family.md", "W.md"
    )
    assert not names_other_note("They swim.", "Rivers run.", "Orrin Family.md", "W.md")


def test_calibration_is_monotone_in_the_judge_and_fits_separable_data() -> None:
    cal = Calibration((1.5, 0.0, 0.5, 0.0), -3.0, {})
    low = cal.confidence(pair_features(0.2, 0.6, False, 0.0))
    high = cal.confidence(pair_features(0.99, 0.6, False, 0.0))
    named = cal.confidence(pair_features(0.99, 0.6, True, 0.0))
    assert 0.0 < low < high < named < 1.0
    identity = Calibration.identity().confidence(pair_features(0.8, 0.5, True, 0.0))
    assert abs(identity - 0.8) < 1e-6
    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 2))
    y = (x[:, 0] > 0).astype(np.int64)
    w, _ = fit_logistic(x, y, l2=0.1)
    assert w[0] > 1.0 and abs(w[1]) < w[0]
