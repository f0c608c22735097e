"""Claim extraction: what counts as an assertion, sentence splitting, markup, offsets."""

from __future__ import annotations

import pytest

from engine.contradict.claim import Claim, extract_claims, is_claim_text, split_sentences


def texts(markdown: str, **kwargs: tuple[str, ...]) -> list[str]:
    return [c.text for c in extract_claims(markdown, **kwargs)]


def test_plain_sentences_are_claims_in_order() -> None:
    md = "The gateway covers all three sites. Each node reports every fifteen minutes."
    assert texts(md) == [
        "The gateway covers all three sites.",
        "Each node reports every fifteen minutes.",
    ]


def test_questions_are_not_claims() -> None:
    md = "Is the probe reliable in clay soil? The probe drifts in clay soil."
    assert texts(md) == ["The probe drifts in clay soil."]


def test_headings_are_not_claims() -> None:
    md = "# The soil node is great\n\n## Power budget of the node\n\nThe node draws 12 µA in sleep."
    assert texts(md) == ["The node draws 12 µA in sleep."]


def test_setext_heading_is_not_a_claim() -> None:
    md = "The power budget of the node\n=============\n\nThe node draws 12 µA in sleep."
    assert texts(md) == ["The node draws 12 µA in sleep."]


def test_code_fences_and_indented_code_are_skipped_inline_code_text_kept() -> None:
    md = (
        "Before the code the node sleeps most of the time.\n\n"
        "```python\nthe_node = Node()  # The node runs for ten years.\n```\n\n"
        "    indented code that looks like a sentence here.\n\n"
        "The flag `adr_enabled` is on by default in every node."
    )
    assert texts(md) == [
        "Before the code the node sleeps most of the time.",
        "The flag adr_enabled is on by default in every node.",
    ]


def test_frontmatter_is_skipped() -> None:
    md = "---\ntitle: The node runs for ten years\ntags: [a, b]\n---\nThe node runs for two years."
    assert texts(md) == ["The node runs for two years."]


@pytest.mark.parametrize(
    "sentence",
    [
        "This note describes the sensor network and its parts.",
        "See also the gateway page for the details of the install.",
        "TODO: check the battery numbers again next week.",
        "References: Okafor 2023 and the vendor datasheet.",
        "Options we considered for the gateway placement:",
        "Install the plugin from the community store first.",
        "ok",
        "Too short here.",
    ],
)
def test_meta_statements_intros_instructions_and_fragments_are_not_claims(sentence: str) -> None:
    assert texts(sentence) == []
    assert not is_claim_text(sentence)


def test_abbreviations_decimals_versions_and_initials_do_not_split() -> None:
    md = (
        "Dr. Smith measured 3.5 V on the board, e.g. at the lab in v1.2 of the design. "
        "J. R. Okafor et al. report drift in clay soils. The firmware is at version 2.0 now."
    )
    assert texts(md) == [
        "Dr. Smith measured 3.5 V on the board, e.g. at the lab in v1.2 of the design.",
        "J. R. Okafor et al. report drift in clay soils.",
        "The firmware is at version 2.0 now.",
    ]


def test_cjk_sentences_split_on_full_width_punctuation_and_questions_drop() -> None:
    md = "土壤节点每五分钟采样一次。网关覆盖全部三个站点！这个数字真的对吗？"
    assert texts(md) == ["土壤节点每五分钟采样一次。", "网关覆盖全部三个站点！"]


def test_german_abbreviations() -> None:
    md = (
        "Die Sonde misst die Feuchte z.B. im Mai sehr genau. "
        "Das Gateway deckt alle drei Standorte ab."
    )
    assert texts(md) == [
        "Die Sonde misst die Feuchte z.B. im Mai sehr genau.",
        "Das Gateway deckt alle drei Standorte ab.",
    ]


def test_markup_is_stripped_and_offsets_cover_the_raw_markup() -> None:
    md = (
        "Intro line that says nothing much at all.\n\n"
        "**The gateway** covers [[Site A|the first site]] and [[Site B#Map]]."
    )
    claims = extract_claims(md)
    assert [c.text for c in claims][-1] == "The gateway covers the first site and Site B."
    last = claims[-1]
    assert md[last.start : last.end] == (
        "**The gateway** covers [[Site A|the first site]] and [[Site B#Map]]."
    )


def test_tags_embeds_comments_and_block_ids_are_removed() -> None:
    md = (
        "The probe proved reliable in clay soil. #sensor/probe ![[photo.png]] %% private %% ^abc123"
    )
    assert texts(md) == ["The probe proved reliable in clay soil."]


def test_callout_title_is_skipped_body_kept() -> None:
    md = "> [!note] Field notes from the site visit\n> The probe proved reliable in clay soils."
    assert texts(md) == ["The probe proved reliable in clay soils."]


def test_list_items_full_sentences_are_claims_noise_is_not() -> None:
    md = (
        "- The node sleeps for most of the day.\n"
        "- [[Power Budget]]\n"
        "- short item\n"
        "- [ ] Order new probes for the Alder Ford site.\n"
        "- #hardware #power\n"
        "- https://example.org/datasheet.pdf\n"
        "1. The gateway uplinks over 4G to the server."
    )
    assert texts(md) == [
        "The node sleeps for most of the day.",
        "The gateway uplinks over 4G to the server.",
    ]


def test_list_items_do_not_merge_into_one_sentence() -> None:
    md = "- The node sleeps most of the day\n- The gateway is always awake"
    assert texts(md) == ["The node sleeps most of the day", "The gateway is always awake"]


def test_a_line_of_links_is_no_part_of_the_sentence_after_it() -> None:
    md = (
        "[[Harbour Guild]], Net Mending, [Tide Charts], Salt-Works\n"
        "The [[Harbour Guild]] ferries leave at dawn.\n"
        "Oslo, Bergen, Tromsø\n"
    )
    assert texts(md) == ["The Harbour Guild ferries leave at dawn."]


def test_a_wrapped_sentence_with_a_list_of_names_stays_whole() -> None:
    md = "Oslo, Bergen, Tromsø\nand Narvik are the ports the ferry calls at."
    assert texts(md) == ["Oslo, Bergen, Tromsø and Narvik are the ports the ferry calls at."]
    md = "Ferries: Oslo, Bergen, Tromsø, and Narvik.\nThe crossing takes a day."
    assert texts(md)[-1] == "The crossing takes a day."
    assert len(texts(md)) == 2


def test_a_bold_field_name_opens_a_field_of_its_own() -> None:
    md = (
        "**Damage Immunities** poison, psychic\n"
        "**Senses** darkvision 60 ft., passive Perception 10\n"
        "**Vell Ferry** crosses the sound twice a day."
    )
    claims = extract_claims(md)
    assert [c.text for c in claims][:2] == [
        "Damage Immunities: poison, psychic",
        "Senses: darkvision 60 ft., passive Perception 10",
    ]
    # the span still covers the raw markup
    assert md[claims[0].start : claims[0].end] == "**Damage Immunities** poison, psychic"
    # a bold name followed by its verb is a sentence, not a field
    assert claims[2].text == "Vell Ferry crosses the sound twice a day."
    assert texts("**Vell Ferry** can carry forty people.") == ["Vell Ferry can carry forty people."]
    # a plural field name agrees with no "-s" verb: still a field
    assert texts("**Languages** understands Common but can't speak") == [
        "Languages: understands Common but can't speak"
    ]
    assert texts("**Languages** Auran, understands Common but doesn't speak it") == [
        "Languages: Auran, understands Common but doesn't speak it"
    ]


def test_table_rows_are_skipped() -> None:
    md = "| Field | Encoding of the value |\n|---|---|\n| VWC at 10 cm | uint16, raw counts |\n"
    assert texts(md) == []


def test_heading_path_under_see_also_yields_nothing() -> None:
    md = "The gateway page explains the install in detail."
    assert texts(md, heading_path=("Gateway", "See also")) == []
    assert texts(md, heading_path=("Gateway", "Install")) == [md]


def test_context_holds_the_neighbouring_sentences() -> None:
    md = "The node was redesigned in May. It now runs for 14 months. The old one ran for six."
    claims = extract_claims(md)
    middle = next(c for c in claims if "14 months" in c.text)
    assert middle.context == md


def test_claims_are_frozen_and_offsets_point_into_the_text() -> None:
    md = "Some text here first.\n\nThe soil node runs for 14 months on one cell."
    claim = extract_claims(md)[-1]
    assert isinstance(claim, Claim)
    assert md[claim.start : claim.end] == "The soil node runs for 14 months on one cell."
    with pytest.raises(AttributeError):
        claim.text = "changed"  # type: ignore[misc]


def test_split_sentences_spans() -> None:
    text = 'He said "it works." Then it failed! Why? 3.5 is a number.'
    assert [text[s:e] for s, e in split_sentences(text)] == [
        'He said "it works."',
        "Then it failed!",
        "Why?",
        "3.5 is a number.",
    ]


def test_empty_and_whitespace() -> None:
    assert extract_claims("") == []
    assert extract_claims("\n\n   \n") == []


def test_three_words_around_a_copula_assert() -> None:
    assert is_claim_text("Quolls are marsupials.")
    assert not is_claim_text("Quolls eat grubs.")


def test_a_clause_of_purpose_after_the_verb_is_beside_the_claim() -> None:
    from engine.contradict.claim import parse_claim

    claim = parse_claim("Vell grows its window so the retransmissions get through faster.")
    assert "retransmission" in claim.aside and "window" not in claim.aside
