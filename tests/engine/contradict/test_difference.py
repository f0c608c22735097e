"""The one-line explanation names the parts that differ and what both claims are about."""

from __future__ import annotations

from engine.contradict.structure import (
    about,
    difference_line,
    differing_parts,
    negation_parts,
    plain,
)


def test_values_that_differ_are_named() -> None:
    parts = differing_parts(
        "The ferry crossing takes 40 minutes in calm weather.",
        "The ferry crossing takes 75 minutes in calm weather.",
    )
    assert parts == ("40", "75")


def test_opposite_words_are_named_with_the_shared_subject() -> None:
    line = difference_line(
        "Harrowgate is the main importer of copper.", "Harrowgate is the main exporter of copper."
    )
    assert "“importer” vs “exporter”" in line
    assert "Harrowgate" in line


def test_a_lone_negator_is_shown_with_the_word_it_negates() -> None:
    a, b = differing_parts(
        "The north bridge is open in winter.", "The north bridge is not open in winter."
    ) or ("", "")
    assert a != "" and b != ""
    assert b != "not", "a negator alone is never the explanation"
    assert "open" in b


def test_wikilinks_read_as_their_alias_and_titles_name_the_subject() -> None:
    assert (
        plain("The [[Orrin Family|Orrins]] fight with **spears**.")
        == "The Orrins fight with spears."
    )
    assert (
        about("They cannot swim.", "The [[Orrin Family]] are strong swimmers.", ["Orrin Family"])
        == "Orrin Family"
    )


def test_identical_claims_have_no_difference() -> None:
    assert differing_parts("Rain fell all day.", "rain fell all day") is None
    assert "different things" in difference_line("Rain fell all day.", "Rain fell all day.")


def test_a_negated_verb_is_named_against_the_same_verb_affirmed() -> None:
    # the claims put their words in another order: the stretches that differ are not the flip
    assert negation_parts(
        "The archive cannot be opened from a phone.",
        "Staff members can also open the archive from a phone.",
    ) == ("cannot be opened", "can also open")
    assert negation_parts(
        "The ferry office is unable to refund a lost ticket.",
        "The ferry office can refund a lost ticket and reprint it.",
    ) == ("unable to refund", "can refund")


def test_a_light_verbs_object_is_named_where_the_other_claim_affirms_it() -> None:
    """ "do not feel great fear" against "fear the dark": the fear is the flipped part; a
    negator inside a result clause ("so much that no one ...") does not make both negated."""
    assert negation_parts(
        "The miners do not feel great fear of the dark tunnels.",
        "The miners fear the dark tunnels so much that no one goes below at night.",
    ) == ("do not feel great fear", "fear")


def test_the_negated_side_keeps_its_auxiliary_and_the_order_of_the_claims() -> None:
    assert negation_parts(
        "The lighthouse keeper records the tides.",
        "The lighthouse keeper does not record the tides.",
    ) == ("records", "does not record")


def test_no_verb_part_where_the_flip_is_a_word_or_a_pronoun_or_both_negate() -> None:
    # a negative adjective is the flipped part itself; the differing stretches name it
    assert negation_parts("The side door is locked.", "The side door is unlocked.") is None
    assert negation_parts("Nobody can enter the tower.", "The guards can enter the tower.") is None
    assert (
        negation_parts("The well never freezes.", "The well does not freeze in a mild winter.")
        is None
    )


def test_a_negation_line_names_the_verb_on_both_sides() -> None:
    line = difference_line(
        "The ferry office can refund a lost ticket and reprint it.",
        "The ferry office is unable to refund a lost ticket.",
        negation=True,
    )
    assert line.startswith("“can refund” vs “unable to refund”")


def test_a_negation_line_names_the_verb_said_in_other_words() -> None:
    # "shed" and "drop" say one act; the leading phrase's "lacking" is no second denial
    line = difference_line(
        "The vell lizard is unable to drop its tail.",
        "Despite lacking legs, the vell lizard can shed its tail when threatened.",
        negation=True,
    )
    assert line.startswith("“unable to drop” vs “can shed”"), line
    # "need not" is the denial, not "not" alone
    need = difference_line(
        "Total debits always equal total credits.",
        "Total debits need not match total credits.",
        negation=True,
    )
    assert need.startswith("“always equal” vs “need not match”"), need


def test_what_both_are_about_is_not_the_flipped_part_again() -> None:
    line = difference_line(
        "Archers may shoot twice per round.", "A wounded archer cannot shoot.", negation=True
    )
    assert line == "“may shoot” vs “cannot shoot”"


def test_a_chinese_negation_names_a_whole_word() -> None:
    parts = negation_parts("网关覆盖全部三个站点。", "网关不覆盖全部三个站点。")
    assert parts == ("覆盖", "不覆盖")


def test_a_negator_replacing_a_function_word_is_shown_with_what_it_negates() -> None:
    parts = differing_parts(
        "The charm protects all sailors (but not captains) from drowning.",
        "The charm protects all sailors and captains from drowning.",
        ["not"],
    )
    assert parts == ("not captains", "captains")
