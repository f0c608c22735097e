"""Cue detectors: true positives, and near misses that must not fire (or fire weakly)."""

from __future__ import annotations

import pytest

from engine.contradict.cues import (
    analyse,
    dates,
    decision,
    detect,
    direction,
    negation,
    numbers,
    opposition,
    overlap,
    polarity_mismatch,
)
from engine.contradict.quantities import parse_dates, parse_quantities
from engine.contradict.text import (
    listed_opposite,
    morphological_opposite,
    stem,
    strip_negation,
    tokenize,
)


def cue(detector, a: str, b: str) -> float:  # type: ignore[no-untyped-def]
    return float(detector(analyse(a), analyse(b)).score)


# -- text ----------------------------------------------------------------------------------


def test_contractions_split_and_stems_agree() -> None:
    norms = [t.norm for t in tokenize("It doesn't work and can't, won't or cannot.")]
    assert norms.count("not") == 4
    assert "will" in norms
    assert stem("supports") == stem("supported") == stem("support")
    assert stem("increased") == stem("increasing") == stem("increase")
    assert stem("chose") == stem("choose")
    assert stem("dropped") == stem("drop")
    # words ending in "ee" keep it: "trees" is "tree", "guaranteed" is "guarantee"
    assert stem("trees") == stem("tree")
    assert stem("guarantees") == stem("guaranteed") == stem("guarantee")
    assert stem("agrees") == stem("agreed") == stem("agree")
    assert stem("speeds") != stem("spee")  # "speed" is no past tense


def test_strip_negation() -> None:
    assert (
        strip_negation("The gauge does not support LoRaWAN.") == "The gauge does support LoRaWAN."
    )
    assert strip_negation("They said it is not true.") == "They said it is true."
    assert strip_negation("It isn't and never was.") == "It is and was."


# -- negation ------------------------------------------------------------------------------


def test_negation_of_the_same_predicate_fires() -> None:
    a, b = "The river gauge supports LoRaWAN.", "The river gauge does not support LoRaWAN."
    assert cue(negation, a, b) >= 0.9
    assert "does not support LoRaWAN" in negation(analyse(a), analyse(b)).explanation


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The gateway is reachable from site B.", "The gateway is never reachable from site B."),
        ("We use the Postgres backend.", "We no longer use the Postgres backend."),
        (
            "The team finished the drive test at site C.",
            "The team failed to finish the drive test at site C.",
        ),
    ],
)
def test_negation_forms(a: str, b: str) -> None:
    assert cue(negation, a, b) >= 0.5


def test_negation_is_symmetric() -> None:
    a, b = "The probe works in clay.", "The probe does not work in clay."
    assert negation(analyse(a), analyse(b)) == negation(analyse(b), analyse(a))


def test_negated_predicate_must_be_asserted_by_the_other_claim() -> None:
    # same verb, other object: much weaker than a real negation
    weak = cue(negation, "The gauge does not support WiFi.", "The gauge supports LoRaWAN.")
    strong = cue(negation, "The gauge does not support LoRaWAN.", "The gauge supports LoRaWAN.")
    assert weak < 0.6 < strong
    # unrelated predicate: nothing
    assert cue(negation, "The gauge does not need power.", "The gauge supports LoRaWAN.") == 0


def test_both_negated_agree() -> None:
    a, b = "The gauge does not support LoRaWAN.", "The gauge never supports LoRaWAN."
    assert cue(negation, a, b) == 0


def test_negation_about_another_subject_is_weaker() -> None:
    same = cue(
        negation, "The river gauge supports LoRaWAN.", "The river gauge does not support LoRaWAN."
    )
    other = cue(
        negation, "The soil node supports LoRaWAN.", "The river gauge does not support LoRaWAN."
    )
    assert other < same


def test_polarity_mismatch() -> None:
    assert polarity_mismatch(analyse("It works."), analyse("It does not work.")) == 1.0
    assert polarity_mismatch(analyse("It works."), analyse("It runs.")) == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "The archive keeps no more than 30 versions.",  # a limit
        "Plugins may or may not load on mobile.",  # a hedge
        "No, the archive keeps every version.",  # an answer
        "Nobody except the owner can open the archive.",  # an exception: only the owner
    ],
)
def test_the_cue_path_reads_negation_by_the_verdict_s_rule(text: str) -> None:
    """What is no negation for the structural verdict (`negator_at`) is none for the cues:
    the two claim views share one rule."""
    assert analyse(text).negations == ()
    assert polarity_mismatch(analyse(text), analyse("The archive keeps versions.")) == 0.0


# -- opposition ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "word"),
    [
        (
            "The HC-SM30 probe proved reliable in the field.",
            "The HC-SM30 probe proved unreliable in the field.",
            "unreliable",
        ),
        (
            "Irrigation increased the yield of the plots.",
            "Irrigation decreased the yield of the plots.",
            "decreased",
        ),
        (
            "The board accepted the proposal for site B.",
            "The board rejected the proposal for site B.",
            "rejected",
        ),
        (
            "The migration was a success for the team.",
            "The migration was a failure for the team.",
            "failure",
        ),
        (
            "The results are consistent with the model.",
            "The results are inconsistent with the model.",
            "inconsistent",
        ),
    ],
)
def test_opposites_fire(a: str, b: str, word: str) -> None:
    found = opposition(analyse(a), analyse(b))
    assert found.score >= 0.8
    assert word in found.explanation


def test_negated_opposite_agrees() -> None:
    assert cue(opposition, "The probe is not reliable.", "The probe is unreliable.") == 0


def test_false_prefixes_are_not_opposites() -> None:
    for a, b in [
        ("ease", "disease"),
        ("cover", "discover"),
        ("prove", "improve"),
        ("side", "inside"),
        ("hospital", "in-hospital"),
        ("formal", "in-formal"),
    ]:
        assert not morphological_opposite(stem(a), stem(b)), (a, b)
    assert morphological_opposite(stem("formal"), stem("informal"))
    assert morphological_opposite(stem("American"), stem("un-American"))
    assert (
        cue(opposition, "The ease of use was high for everyone.", "The disease spread quickly.")
        == 0
    )


def test_opposites_in_another_context_are_weaker() -> None:
    same = cue(
        opposition,
        "The probe proved reliable in the field.",
        "The probe proved unreliable in the field.",
    )
    other = cue(
        opposition,
        "The probe proved reliable in the field.",
        "The old gateway firmware was unreliable.",
    )
    assert other < same


def test_listed_and_morphological_opposites() -> None:
    assert listed_opposite(stem("increases"), stem("decreased")) == "opposite_verb"
    assert listed_opposite(stem("good"), stem("bad")) == "antonym"
    assert listed_opposite(stem("good"), stem("fine")) is None
    assert morphological_opposite(stem("useful"), stem("useless"))
    assert morphological_opposite(stem("valid"), stem("invalid"))


def test_direction() -> None:
    assert (
        direction(
            analyse("Dexamethasone increases bleeding."), analyse("Dexamethasone reduced bleeding.")
        )
        == 1.0
    )
    assert direction(analyse("It increases risk."), analyse("It does not decrease risk.")) == 0.0


# -- numbers and dates ---------------------------------------------------------------------


def test_units_are_normalised() -> None:
    five, fifteen = (parse_quantities(t)[0] for t in ("every 5 min", "every 15 minutes"))
    assert (five.unit, five.low) == ("time", 300.0)
    assert (fifteen.unit, fifteen.low) == ("time", 900.0)
    assert parse_quantities("about 20 % more")[0].unit == "percent"
    assert parse_quantities("It costs $1,200.")[0].low == 1200.0
    assert parse_quantities("the first ten nodes")[0].unit == "count:" + stem("nodes")


@pytest.mark.parametrize(
    ("text", "celsius"),
    [
        ("The kiln holds 100 degrees Celsius.", 100.0),
        ("The kiln holds 212 degrees Fahrenheit.", 100.0),
        ("Brine freezes below 32 °F.", 0.0),
        ("The probe reads 20°C.", 20.0),
        ("The cell sits at 373.15 kelvin.", 100.0),
        ("Keep it under 50 degrees F.", 10.0),
    ],
)
def test_temperatures_are_compared_in_one_scale(text: str, celsius: float) -> None:
    (q,) = parse_quantities(text)
    assert q.unit == "temperature"
    assert q.low == pytest.approx(celsius)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The soil-node-s3 runs for 14 months on a single battery.",
            "The soil-node-s3 runs for only 9 months on a single battery.",
        ),
        ("Soil nodes sample every 5 min.", "Soil nodes sample every 15 minutes."),
        (
            "The pilot reached 35% coverage of the valley.",
            "The pilot reached 60 percent coverage of the valley.",
        ),
        ("The gateway costs €300 per year.", "The gateway costs €450 per year."),
    ],
)
def test_conflicting_values_fire(a: str, b: str) -> None:
    assert cue(numbers, a, b) >= 0.8


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The run took 1 hour.", "The run took 60 minutes."),  # same value, other unit
        ("The cable is 10 m long.", "The test took 10 minutes."),  # same number, other units
        ("The node has ten probes.", "The node has ten minutes of backlog."),
        ("The run took more than 10 minutes.", "The run took 12 minutes."),  # bound holds
        ("The run took 5-10 minutes.", "The run took 8 minutes."),  # inside the range
    ],
)
def test_compatible_values_do_not_fire(a: str, b: str) -> None:
    assert cue(numbers, a, b) == 0


def test_values_of_different_subjects_or_conditions_fire_weakly() -> None:
    same = cue(numbers, "The gateway costs 300 euros.", "The gateway costs 40 euros.")
    other = cue(numbers, "The gateway costs 300 euros.", "The probe costs 40 euros.")
    assert other < same
    conditional = cue(
        numbers,
        "River gauges sample every 10 minutes under normal flow.",
        "The river-gauge-v2 switches to a 1-minute sampling interval when the stage rises.",
    )
    assert conditional < 0.5


def test_dates_parse() -> None:
    (d,) = parse_dates("Deployment is scheduled for 12 May 2026.")
    assert (d.year, d.month, d.day) == (2026, 5, 12)
    (iso,) = parse_dates("on 2026-06-03")
    assert (iso.year, iso.month, iso.day) == (2026, 6, 3)
    (us,) = parse_dates("on June 3, 2026 we go")
    assert (us.year, us.month, us.day) == (2026, 6, 3)
    assert parse_dates("You may want to wait.") == ()
    assert parse_dates("in 1990s") == ()
    # a season or a part of a year dates the year; "a total of 1833" counts
    (season,) = parse_dates("The ferry finally left in the autumn of 1903.")
    assert (season.year, season.month, season.text) == (1903, None, "autumn of 1903")
    (end,) = parse_dates("By the end of 1890 a total of 1833 men had signed on.")
    assert (end.year, end.text) == (1890, "end of 1890")


def test_a_hedged_limit_is_a_limit() -> None:
    """ "at most about 900 miles" is an upper limit, "about 900 miles" a value near 900."""
    assert [q.bound for q in parse_quantities("Plovers fly at most about 900 miles.")] == ["<="]
    assert [q.bound for q in parse_quantities("They carry up to roughly 40 kg.")] == ["<="]
    assert [q.bound for q in parse_quantities("at least around 3 m deep")] == [">="]
    assert [q.bound for q in parse_quantities("It weighs about 40 kg.")] == ["~"]


def test_conflicting_dates_fire() -> None:
    a = "Field deployment of the first ten nodes is scheduled for 12 May 2026."
    b = "Field deployment of the first ten nodes is scheduled for 3 June 2026."
    assert cue(dates, a, b) >= 0.9
    assert cue(dates, a, b.replace("3 June 2026", "2026-06-03")) >= 0.9


def test_compatible_or_unrelated_dates_do_not_fire_strongly() -> None:
    assert (
        cue(dates, "Deployment is planned for May 2026.", "Deployment is planned for 12 May 2026.")
        == 0
    )
    assert cue(dates, "The kickoff was on 3 March 2026.", "The review was on 9 June 2026.") < 0.5


# -- decisions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "b",
    [
        "We dropped PostgreSQL and chose SQLite for storage of all sensor readings.",
        "We replaced PostgreSQL with SQLite.",
        "PostgreSQL was replaced by SQLite last month.",
        "We no longer use PostgreSQL for the readings.",
        "We switched from PostgreSQL to SQLite.",
    ],
)
def test_changed_decisions_fire(b: str) -> None:
    a = "We chose PostgreSQL for storage of all sensor readings."
    found = decision(analyse(a), analyse(b))
    assert found.score == 1.0
    assert "PostgreSQL" in found.explanation


def test_decision_near_misses() -> None:
    a = "We dropped PostgreSQL and chose SQLite for storage of all sensor readings."
    assert cue(decision, a, "The SQLite database on the edge box is backed up every night.") == 0
    assert cue(decision, "We chose SQLite for storage.", "We chose SQLite for the edge box.") == 0


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # how a thing works, said twice in the same words: nobody decided anything
        ("Your statistics are replaced by the statistics of the beast.",
         "A target's statistics are replaced by the statistics of the chosen beast."),
        ("The enzyme replaces the old strand with a new one.",
         "The old strand is kept and the new one dropped by the enzyme."),
        # how to do something
        ("Fold a list by selecting the collapse icon.", "You can drag and drop the tab icons."),
    ],
)  # fmt: skip
def test_processes_and_instructions_record_no_decision(a: str, b: str) -> None:
    assert cue(decision, a, b) == 0


# -- overlap and the whole set -------------------------------------------------------------


def test_overlap_is_symmetric_and_bounded() -> None:
    a, b = (
        analyse("The soil node runs for a year."),
        analyse("A soil node runs on one cell for years."),
    )
    assert overlap(a, b) == overlap(b, a)
    for value in overlap(a, b).__dict__.values():
        assert 0.0 <= value <= 1.0


def test_compatible_statements_raise_no_cue() -> None:
    pairs = [
        (
            "The soil-node-s3 uses a 19 Ah lithium thionyl chloride D-cell.",
            "Each soil-node-s3 is powered by one lithium thionyl chloride D-cell rated at 19 Ah.",
        ),
        (
            "The soil-node-s3 transmits over LoRaWAN in the EU868 band.",
            "The gateway listens on all eight EU868 channels.",
        ),
        ("The gateway is on the barn roof.", "The barn roof holds the gateway and a 3 m pole."),
    ]
    for a, b in pairs:
        assert all(c.score == 0 for c in detect(analyse(a), analyse(b))), (a, b)


def test_every_detector_is_symmetric_and_bounded() -> None:
    pairs = [
        ("The soil node runs for 14 months.", "The soil node does not run for 9 months."),
        ("We chose SQLite on 3 May 2026.", "We dropped SQLite on 9 June 2026 as unreliable."),
        ("网关覆盖全部三个站点。", "网关不覆盖全部三个站点。"),
        ("", "Nothing at all here."),
    ]
    for a, b in pairs:
        ab, ba = detect(analyse(a), analyse(b)), detect(analyse(b), analyse(a))
        assert [c.score for c in ab] == [c.score for c in ba]
        assert all(0.0 <= c.score <= 1.0 for c in ab)
