"""The catalogue over the real card data: counts from the data's build_report.json, every variant and source
spelling to its base number, every leader line to its leader, the per-card construction flags through the check,
the closest names to a misspelt one."""

from collections import Counter
from datetime import date

import pytest
from rapidfuzz import fuzz, process

from games.dbs.rules.cards import SUGGESTION_CUTOFF, NameMatcher, fold_name
from games.dbs.rules.decklist import read_decklist
from games.dbs.rules.legality import check_decklist, codes, load_banlist
from games.dbs.rules.vocabulary import LineStatus, ViolationCode, WarningCode, Zone


@pytest.mark.parametrize(
    ("written", "key"),
    [
        pytest.param("King Piccolo’s Egg, Terror is Born", "king piccolos egg terror is born", id="curly-apostrophe"),
        pytest.param("King Piccolo's Egg, Terror is Born", "king piccolos egg terror is born", id="apostrophe"),
        pytest.param(
            "King Piccolo´s Egg, Terror is Born", "king piccolos egg terror is born", id="acute-as-apostrophe"
        ),
        pytest.param(
            "King Piccolo＇s Egg, Terror is Born", "king piccolos egg terror is born", id="full-width-apostrophe"
        ),
        pytest.param("ＳＳ４ Gogeta,  the Ultimate Fusion", "ss4 gogeta the ultimate fusion", id="full-width-spaces"),
        pytest.param("Infinite Multiplication Meta-Cooler", "infinite multiplication meta cooler", id="hyphen"),
        # A real DeckPlanet list writes "SS Rose Goku Black" for the card the data names "SS Rosé Goku Black".
        pytest.param("SS Rosé Goku Black, Fearsome God", "ss rose goku black fearsome god", id="accent"),
        pytest.param("Goku Black ゴクウブラック", "goku black ゴクウブラック", id="kana-voicing-mark-kept"),
    ],
)
def test_fold_name(written, key):
    assert fold_name(written) == key


def test_catalogue_counts_match_the_build_report(real_catalogue, build_report):
    assert len(real_catalogue) == build_report["unique_card_numbers"]
    assert Counter(card.card_type.value for card in real_catalogue) == build_report["counts"]["by_card_type"]
    flags = build_report["counts"]
    assert sum(card.ultimate for card in real_catalogue) == flags["ultimate"]
    assert sum(card.super_combo for card in real_catalogue) == flags["super_combo"]
    assert sum(card.dragon_ball for card in real_catalogue) == flags["dragon_ball"]


def test_every_variant_number_folds_to_its_base(real_catalogue, real_records, build_report):
    pairs = [(variant, record["card_number"]) for record in real_records for variant in record["variant_numbers"]]
    assert len(pairs) == build_report["counts"]["variant_numbers"]
    assert [real_catalogue.lookup_number(variant).card_number for variant, _ in pairs] == [base for _, base in pairs]


def test_every_source_spelling_folds_to_its_number(real_catalogue, real_records):
    pairs = [(alt, record["card_number"]) for record in real_records for alt in record["source_numbers"]]
    assert pairs
    assert [real_catalogue.lookup_number(alt).card_number for alt, _ in pairs] == [base for _, base in pairs]


def test_every_leader_line_reads_as_its_leader(real_catalogue, real_records, build_report):
    leaders = [record for record in real_records if record["card_type"] == "Leader" and record["back_name_en"]]
    assert len(leaders) == build_report["counts"]["leaders_with_back_name"]
    text = "\n".join(f"{r['name_en']} // {r['back_name_en']} [{r['card_number']}]" for r in leaders)
    lines = read_decklist(text, real_catalogue).lines
    assert [(line.status, line.zone, line.card_number) for line in lines] == [
        (LineStatus.CARD, Zone.LEADER, record["card_number"]) for record in leaders
    ]


def test_a_leader_line_by_names_only_is_its_leader_or_ambiguous_never_another_card(real_catalogue, real_records):
    leaders = [record for record in real_records if record["card_type"] == "Leader" and record["back_name_en"]]
    pairs = Counter((fold_name(r["name_en"]), fold_name(r["back_name_en"])) for r in leaders)
    text = "\n".join(f"{r['name_en']} // {r['back_name_en']}" for r in leaders)
    for record, line in zip(leaders, read_decklist(text, real_catalogue).lines, strict=True):
        if pairs[(fold_name(record["name_en"]), fold_name(record["back_name_en"]))] == 1:
            assert (line.status, line.card_number) == (LineStatus.CARD, record["card_number"])
        else:
            assert line.status is LineStatus.AMBIGUOUS and record["card_number"] in line.candidates


def test_every_named_card_is_found_by_its_name(real_catalogue):
    missing = [card.card_number for card in real_catalogue if card not in real_catalogue.named(card.name)]
    assert missing == []


def test_each_own_copy_rule_of_the_data_is_applied_in_its_zone(real_catalogue):
    """5-1-3-2: every card whose text sets its own number of copies, eight copies in the zone its text names."""
    limited = [card for card in real_catalogue if card.copies_limit_zone is not None]
    assert limited
    for card in limited:
        zone_heading = "Z-Deck" if card.copies_limit_zone is Zone.Z else "Main Deck"
        decklist = read_decklist(f"{zone_heading}\n8 [{card.card_number}]", real_catalogue)
        report = check_decklist(decklist, real_catalogue, as_of=date(2024, 1, 1))
        over = [item for item in report.violations if item.code is ViolationCode.COPY_LIMIT]
        if card.copies_any:
            assert over == [], card.card_number
        else:
            assert [(item.count, item.limit) for item in over] == [(8, card.copies_limit)], card.card_number


def test_the_real_list_bans_and_says_it_is_unverified_without_its_sources(real_catalogue, dbs_data_dir):
    banlist = load_banlist(dbs_data_dir / "banlist.json")
    banned = next(entry for entry in banlist.entries if entry.max_copies == 0 and entry.effective is None)
    decklist = read_decklist(f"Main Deck\n1 [{banned.card_number}]", real_catalogue)
    report = check_decklist(decklist, real_catalogue, as_of=date(2024, 1, 1), banlist=banlist)
    assert ViolationCode.BANNED in codes(report.violations)
    warning = next(item for item in report.warnings if item.code is WarningCode.LIST_UNVERIFIED)
    # The sources (repository paths and commits) are the "about the data" page's, never a verdict's (issue 30).
    assert "unverified" in warning.message and not any(source in warning.message for source in banlist.sources)
    assert warning.count == banlist.undated and warning.cards[0].id == banned.card_number


# Misspelt and partial names as players write them: one word, several, a whole name and more, a repeated word in the
# query or in the names close to it (their token set ratios compare the distinct words), nothing close.
MISSPELT_NAMES = [
    "Furthering Destructoin Champa",
    "gokku",
    "vegeta prnce",
    "Supreme Kai of Time, Spacetime Unraveler",
    "SS2 Trunks strike to change the future",
    "son goku son goku",
    "goku goku",
    "Vegito Son Goku Vegito",
    "andriod 17 andriod 18",
    "Andriod 17 Android 18 Demonic Duo",
    "Andoid 13 Android 14 Android 15",
    "Frieza",
    "ss4 gogeta ultimate fuson",
    "Vegito",
    "Kamehameha",
    "Broly Dawn of the Rampage",
    "Suprme Kai of Time",
    "Cell Perfect Form",
    "xyzzy",
    "a",
]


@pytest.mark.parametrize("written", MISSPELT_NAMES)
@pytest.mark.parametrize("limit", [3, 20])
def test_the_name_matcher_answers_as_rapidfuzz_over_every_name(real_catalogue, written, limit):
    """The prefilter only skips names that cannot reach the cutoff: the same names, in the same order, as WRatio over
    the whole list."""
    names = sorted({fold_name(card.name) for card in real_catalogue})
    key = fold_name(written)
    everything = process.extract(key, names, scorer=fuzz.WRatio, limit=limit, score_cutoff=SUGGESTION_CUTOFF)
    assert NameMatcher(names).extract(key, limit=limit, cutoff=SUGGESTION_CUTOFF) == [name for name, *_ in everything]


@pytest.mark.parametrize(
    ("written", "at_most"),
    [
        pytest.param("furthering destructoin champa", 0.25, id="misspelt-name"),
        # A name close to the query repeats a word: scored by its distinct words' bound, not always.
        pytest.param("andriod 17 android 18 demonic duo", 0.25, id="close-names-repeat-a-word"),
        pytest.param("son goku son goku", 0.9, id="query-repeats-a-word"),  # every name before
        pytest.param("xyzzy", 0.0, id="nothing-close"),
    ],
)
def test_the_name_matcher_scores_fewer_names_for_a_misspelt_one(real_catalogue, written, at_most):
    names = sorted({fold_name(card.name) for card in real_catalogue})
    assert len(NameMatcher(names).candidates(written, SUGGESTION_CUTOFF)) <= at_most * len(names)


# Real misspellings of real cards' names: the card meant is the first suggestion.
@pytest.mark.parametrize(
    ("written", "number"),
    [
        pytest.param("Furthering Destructoin Champa", "BT1-005", id="letters-swapped"),
        pytest.param("Kamehamaha", "DB1-039", id="vowel"),
        pytest.param("vegeta prnce", "TB3-023", id="words-swapped-letter-missing"),
        pytest.param("ss4 gogeta ultimate fuson", "BT18-003", id="word-and-letter-missing"),
        pytest.param("Suprme Kai of Time", "BT13-121", id="letter-missing"),
        pytest.param("Cell Perfect Form", "BT31-129", id="comma-missing"),
        pytest.param("Andriod 17 Android 18 Demonic Duo", "BT13-107", id="name-repeating-a-word"),
        pytest.param("andriod 17 andriod 18", "BT13-092", id="misspelling-repeated"),
    ],
)
def test_a_misspelt_name_suggests_the_card_meant_first(real_catalogue, written, number):
    assert real_catalogue.suggestions(written)[0].card_number == number
    assert real_catalogue.suggestions(written)[0].card_number == number  # kept: the same answer again
