"""Duel Masters' simulations, the Django side of its goldfish and odds (games.dm.rules.goldfish, games.dm.rules.odds):
a decklist resolved into engine cards (the catalogue's facts, the 100.5 start-of-game sets, the imported effects),
a run's chunks played and merged, the exact odds under a format's setup. The core's simulations app keeps the runs,
their chunks, the tasks and the API, and reaches this module only through the registry (games.dm.game)."""

from dataclasses import dataclass, replace
from typing import Any

from api.codes import ErrorCode
from games.dm.rules import goldfish, odds
from games.dm.rules.cards import CardFacts
from games.dm.rules.decklist import Decklist
from games.dm.rules.goldfish import hands
from games.dm.rules.goldfish.deck import DeckError, EngineCard, engine_card_from_facts
from games.dm.rules.goldfish.engine import SideCounts
from games.dm.rules.vocabulary import DeckZone, Zone
from games.registry import SimulationRejected

GOLDFISH = "goldfish"  # the run kinds (simulations.models.SimulationKind): goldfish games, else opening hands


# --- decks --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResolvedDeck:
    main: tuple[tuple[CardFacts, int], ...]  # distinct cards of the main deck (and start-of-game cards) with counts
    facts_unavailable: tuple[str, ...]
    outside: tuple[tuple[CardFacts, int], ...] = ()  # hyperspatial and super GR zone cards (used by effects)


@dataclass(frozen=True)
class SimulationDeck:
    """A deck as a run takes it: the resolved cards and their engine cards (with their effects)."""

    resolved: ResolvedDeck
    cards: list[EngineCard]

    @property
    def facts_unavailable(self) -> tuple[str, ...]:
        return self.resolved.facts_unavailable


def _get_resolver():
    from games.dm.resolver import get_resolver

    return get_resolver()


def deck_resolve(*, decklist: Decklist) -> ResolvedDeck:
    """The main deck as CardFacts with counts (hyperspatial / GR / considering lines never enter the library)."""
    from games.dm.legality import start_set_of

    if decklist.errors:
        raise SimulationRejected(
            ErrorCode.DECKLIST_UNREADABLE,
            "Some decklist lines could not be read.",
            {"lines": [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]},
        )
    resolver = _get_resolver()
    counts: dict[int, int] = {}
    facts: dict[int, CardFacts] = {}
    outside: dict[int, tuple[CardFacts, int]] = {}
    problems: list[dict[str, Any]] = []
    for index, line in enumerate(decklist.lines, start=1):
        if line.zone not in (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR):
            continue
        resolution = resolver.resolve(line.card)
        if resolution.status != "ok" or resolution.card is None:
            code = ErrorCode.AMBIGUOUS_CARD if resolution.status == "ambiguous" else ErrorCode.UNKNOWN_CARD
            problems.append(
                {
                    "line": line.line if line.line is not None else index,
                    "written": str(line.card),
                    "code": code,
                    "candidates": [
                        {"id": c.id, "name_ja": c.name_ja, "name_en": c.name_en} for c in resolution.candidates
                    ],
                }
            )
            continue
        card = resolution.card
        if card.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR) or line.zone != DeckZone.MAIN:
            # 100.3, 100.4: these zones are not shuffled into the deck; effects summon from them
            if card.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR):
                seen = outside.get(card.id, (card, 0))[1]
                outside[card.id] = (card, seen + line.count)
            continue
        start_set = start_set_of(card=card)
        if start_set != card.start_set:
            # 100.5, 103.3: a start-of-game card the set table knows (the data may list it as a main deck card)
            # is put into the battle zone before the shields and the hand are dealt.
            card = replace(card, start_set=start_set)
        facts[card.id] = card
        counts[card.id] = counts.get(card.id, 0) + line.count
    if problems:
        code = problems[0]["code"] if len({p["code"] for p in problems}) == 1 else ErrorCode.UNKNOWN_CARD
        raise SimulationRejected(code, "Some cards could not be identified.", {"lines": problems})
    if not counts:
        raise SimulationRejected(ErrorCode.DECK_EMPTY, "The main deck is empty.")
    main = tuple((facts[i], n) for i, n in counts.items())
    unavailable = tuple(str(f.id) for f, _ in main if not f.facts_available)
    return ResolvedDeck(main=main, facts_unavailable=unavailable, outside=tuple(outside.values()))


def engine_cards(resolved: ResolvedDeck) -> list[EngineCard]:
    """The deck's engine cards (main deck, then hyperspatial and GR zones) with their imported effects."""
    from cards.models import Card
    from games.dm.effects import card_effects_by_card

    everything = [*resolved.main, *resolved.outside]
    ids = [f.id for f, _ in everything]
    effects = card_effects_by_card(card_ids=ids)
    # A card whose text the effects data never read (a record of another facts source) is "effects unknown", not
    # "reproduced" (goldfish.effects_known); a row with no recorded source (a hand-made catalogue) is taken as read.
    sources = dict(Card.objects.filter(id__in=ids).values_list("id", "facts_source"))
    return [
        engine_card_from_facts(
            f,
            n,
            effects=effects.get(f.id, ()),
            effects_known=not sources.get(f.id)
            or goldfish.effects_known(facts_source=sources[f.id], has_entries=bool(effects.get(f.id))),
        )
        for f, n in everything
    ]


def simulation_deck(*, decklist: Decklist) -> SimulationDeck:
    resolved = deck_resolve(decklist=decklist)
    return SimulationDeck(resolved=resolved, cards=engine_cards(resolved))


def key_ids(deck: SimulationDeck, written: list) -> list[str]:
    """Key card names or ids -> card ids of the deck (a named card not in the deck is an error)."""
    resolver = _get_resolver()
    in_deck = {f.id for f, _ in deck.resolved.main}
    keys = []
    for item in written:
        resolution = resolver.resolve(item)
        if resolution.status != "ok" or resolution.card is None or resolution.card.id not in in_deck:
            raise SimulationRejected(
                ErrorCode.KEY_CARD_NOT_IN_DECK, f"{item} is not a card of the main deck.", {"card": item}
            )
        keys.append(str(resolution.card.id))
    return keys


def records(cards: list[EngineCard], deck_b: list[EngineCard] | None = None) -> tuple[list[dict], list[dict] | None]:
    """The engine cards as the run stores them; a deck too small for the setup is refused before anything is queued."""
    try:
        goldfish.compile_deck(cards)
        if deck_b:
            goldfish.compile_deck(deck_b)
    except DeckError as exc:
        raise SimulationRejected(ErrorCode.DECK_TOO_SMALL, str(exc)) from None
    return [c.to_dict() for c in cards], [c.to_dict() for c in deck_b] if deck_b else None


# --- runs ---------------------------------------------------------------------------------------------------


def chunk_counts(*, kind: str, params: dict, seed: int, going: str, index: int, first_game: int, games: int) -> dict:
    cards = [EngineCard.from_dict(c) for c in params["deck"]]
    if kind == GOLDFISH:
        decks = {"a": cards}
        if params.get("deck_b"):
            # A/B: both decks on the same shuffles, with the joint per-game outcomes for paired intervals
            deck_b = [EngineCard.from_dict(c) for c in params["deck_b"]]
            counts_a, counts_b, joint = goldfish.paired_outcomes(
                cards, deck_b, games=games, seed=seed, going=going, first_game=first_game
            )
            return {
                "a": {side: c.to_dict() for side, c in counts_a.items()},
                "b": {side: c.to_dict() for side, c in counts_b.items()},
                "joint": joint,
            }
        result = {}
        for name, deck in decks.items():
            counts = goldfish.play(
                deck,
                games=games,
                seed=seed,  # the same seed: deck B gets the same shuffles
                going=going,
                key_cards=params.get("key_cards", []),
                track_cards=params.get("track_cards", []),
                first_game=first_game,
            )
            result[name] = {side: c.to_dict() for side, c in counts.items()}
        return result
    copies = [c.copies for c in cards if c.in_library]
    return hands.sample_hands(copies, hands=games, seed=seed, stream=index).to_dict()


def merged_result(*, kind: str, params: dict, seed: int, chunks: list[dict]) -> dict:
    cards = [EngineCard.from_dict(c) for c in params["deck"]]
    if kind == GOLDFISH:
        merged: dict[str, dict[str, SideCounts]] = {}
        joint: dict[str, dict[str, int]] = {}
        for counts in chunks:
            joint = goldfish.merge_joint(joint, counts.get("joint", {}))
            for name, per_side in counts.items():
                if name == "joint":
                    continue
                into = merged.setdefault(name, {})
                for side, data in per_side.items():
                    side_counts = SideCounts.from_dict(data)
                    into[side] = into[side].merge(side_counts) if side in into else side_counts
        result = goldfish.summarise(
            merged["a"],
            cards=cards,
            key_cards=params.get("key_cards", []),
            track_cards=params.get("track_cards", []),
        )
        result["sample_game"] = {  # spec 2.6: mana and hand traces, here of game 0 (same shuffle as the counts)
            side: goldfish.trace(cards, seed=seed, game=0, going=side, key_cards=params.get("key_cards", []))
            for side in merged["a"]
        }
        if "b" in merged:
            cards_b = [EngineCard.from_dict(c) for c in params["deck_b"]]
            comparison = goldfish.compare_counts(
                merged["a"], merged["b"], cards_a=cards, cards_b=cards_b, joint=joint or None
            )
            result["compare"] = {k: comparison[k] for k in ("b", "b_minus_a", "same_shuffles")}
    else:
        total = hands.HandCounts()
        for counts in chunks:
            total = total.merge(hands.HandCounts.from_dict(counts))
        in_pool = [c for c in cards if c.in_library]
        result = hands.summarise_hands(total, [(c.key, c.name) for c in in_pool])
        exact = odds.deck_report(odds_cards_from_engine(cards))
        result["exact"] = {row["card"]: row for row in exact["cards"]}
    return result


def warm_up() -> None:
    """Load (or compile) the goldfish kernel: one game of a vanilla deck loads the machine code from numba's cache."""
    from games.dm.rules.goldfish.examples import vanilla

    goldfish.play([vanilla()], games=1, seed=0, going="first")


# --- exact odds ---------------------------------------------------------------------------------------------


def odds_cards_from_engine(cards: list[EngineCard]) -> list[odds.OddsCard]:
    return [
        odds.OddsCard(
            key=c.key,
            name=c.name,
            copies=c.copies,
            civilizations=c.mana_civilizations,
            shield_trigger=c.shield_trigger,
            starts_outside_deck=c.starts_in_battle_zone,
            seals=c.seals,
        )
        for c in cards
        if c.zone == "main"
    ]


def _odds_cards(resolved: ResolvedDeck) -> list[odds.OddsCard]:
    return odds_cards_from_engine([engine_card_from_facts(f, n) for f, n in resolved.main])


def _setup(format_code: str | None) -> odds.Setup:
    """The format's setup (UNKNOWN_FORMAT for a code no format has); the rules' 103.3 setup without a format."""
    from games.dm.legality import format_setup

    return format_setup(code=format_code) if format_code else odds.STANDARD


def odds_deck_report(*, decklist: Decklist, format_code: str | None = None) -> dict:
    """The exact deck report (per card, shield triggers, civilizations in the opening hand), for the setup of the
    format (Duel Party: 6 cards in hand, 6 shields, a draw on every first turn; its partner is not shuffled in)."""
    setup = _setup(format_code)
    resolved = deck_resolve(decklist=decklist)
    try:
        report = odds.deck_report(_odds_cards(resolved), setup=setup)
    except odds.OddsError as exc:
        raise SimulationRejected(ErrorCode.DECK_TOO_SMALL, str(exc)) from None
    report["facts_unavailable"] = list(resolved.facts_unavailable)
    return report


def odds_query(*, decklist: Decklist, queries: list[dict], format_code: str | None = None) -> list[dict]:
    """Answer exact queries: each is {"groups": [{"cards": [...], "at_least": k}], "where", "by_turn", "going"}
    (or the one-group short form {"cards", "at_least", ...}). Groups of one query must not share cards. The setup is
    the format's (`format_code`; none: rule 103.3's)."""
    setup = _setup(format_code)
    resolved = deck_resolve(decklist=decklist)
    cards = _odds_cards(resolved)
    deck_size = odds.pool_size(cards)
    seals = odds.total_seals(cards)
    copies = {c.key: c.copies for c in cards if not c.starts_outside_deck}
    resolver = _get_resolver()
    results = []
    for number, query in enumerate(queries):
        groups_in = query.get("groups") or [{"cards": query.get("cards", []), "at_least": query.get("at_least", 1)}]
        groups: list[tuple[int, int]] = []
        used: set[str] = set()
        for group in groups_in:
            ids = set()
            for written in group.get("cards", []):
                resolution = resolver.resolve(written)
                if resolution.status != "ok" or resolution.card is None:
                    raise SimulationRejected(
                        ErrorCode.UNKNOWN_CARD, f"query {number}: {written} could not be identified.", {"query": number}
                    )
                if str(resolution.card.id) not in copies:
                    # asking for a card the deck does not hold is a mistake, not a probability of 0
                    raise SimulationRejected(
                        ErrorCode.CARD_NOT_IN_DECK,
                        f"query {number}: {written} is not in the main deck.",
                        {"query": number, "card": written},
                    )
                ids.add(str(resolution.card.id))
            if ids & used:
                raise SimulationRejected(
                    ErrorCode.OVERLAPPING_GROUPS, f"query {number}: groups share a card.", {"query": number}
                )
            used |= ids
            groups.append((sum(copies.get(i, 0) for i in ids), int(group.get("at_least", 1))))
        q = odds.Query(
            groups=tuple(groups),
            where=odds.Where(query.get("where", "hand")),
            by_turn=int(query.get("by_turn", 0)),
            going=odds.Going(query.get("going", "first")),
        )
        try:
            value = odds.query_probability(deck_size=deck_size, query=q, seals=seals, setup=setup)
        except odds.OddsError as exc:
            raise SimulationRejected(ErrorCode.IMPOSSIBLE_QUERY, f"query {number}: {exc}", {"query": number}) from None
        row = odds.probability_json(value)
        drawn = odds.sample_size(where=q.where, by_turn=q.by_turn, going=q.going, setup=setup)
        row["cards_drawn"] = drawn
        row["deck_size"] = deck_size
        if len(groups) == 1:
            k = groups[0][0]
            row["expected"] = float(odds.expected_copies(deck_size=deck_size, copies=k, drawn=drawn))
            row["distribution"] = {
                str(j): float(p)
                for j, p in enumerate(odds.copies_distribution(deck_size=deck_size, copies=k, drawn=drawn))
            }
        results.append(row)
    return results
