"""Which card effects (the effects data, see the data README) the goldfish engine plays, and how.

`engine_effects` turns a card's effect entries into the engine's form: a dict per modeled effect (`kind`,
`half` = the playable half it belongs to, and its numbers and filter) and the list of the kinds it does not model.
Choices (docs/simulation.md):

* Only your own turn: `when` must be on_play (a creature half), on_cast (a spell half), static, alt_cost (侵略,
  革命チェンジ) or, for a granted speed attacker, on_play / static. Opponent-turn and "other" triggers never fire.
* A conditional effect is treated as not firing (its condition is not evaluated): it is listed as not modeled.
  The exceptions are a card's own reduction while you control creatures, and the other ways to play a card
  (G・ゼロ, alternative payments) and win-the-game effects, whose conditions are evaluated when they are one of
  EVALUATED_CONDITIONS (`condition`). An optional effect ("you may") is always used: every modeled effect helps
  the goldfish (B・A・D only when the creature gives something before it is destroyed).
* Variable amounts ("per ..."), "up to" searches of several cards, drawbacks (draw then discard) and effects
  whose source is not the deck top / the hand are not modeled.
* Filters are matched against the deck's own cards when the deck is compiled (`filter_matches`); a filter key
  the engine does not know makes the filter match nothing (the effect does not fire for that card).
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from games.dm.rules.vocabulary import Civilization

if TYPE_CHECKING:  # deck.py imports this module
    from games.dm.rules.goldfish.deck import EngineCard

OWN_TURN_PLAY = ("on_play", "on_cast")
ALL = 99  # a search that takes every matching card looked at (kernel.ALL_MATCHING)
REDUCTION_LIMITS = {"all": 1, "first_each_turn": 2}
# Conditions the goldfish evaluates (free plays, other ways to pay, win-the-game): you control `n` matching
# creatures; `n` (matching) cards in your mana zone; `n` matching cards in your battle zone and mana zone together;
# your hand holds at most / at least `n` cards (this card included); `n` spells cast this turn; both players'
# shields total at most `n` (鬼タイム: yours are never broken); a player without shields (鬼エンド). Every other
# condition (graveyard counts: the graveyard is not kept; face-up shields: never in a goldfish; keyword conditions,
# the opponent's state, unparsed ones) is treated as not firing, and the card is listed as running partly vanilla.
EVALUATED_CONDITIONS = (
    "control", "mana_count", "battle_zone_and_mana_count", "hand_at_most", "hand_at_least", "hand_is_only_this_card",
    "spells_cast_this_turn", "total_shields_at_most", "some_player_has_no_shields",
)  # fmt: skip
# "a dragheart of the same civilization as a card in your mana zone" (爆龍覇 ヒビキ, 龍覇 ラブエース, ...)
SAME_AS_MANA = "same_as_a_card_in_your_mana"
BAD_KEYS = {"kind", "when", "confidence", "keyword", "line", "reduction", "destroy_self_at_end_of_turn"}
ALTERNATIVES = ("free_self", "bad", "alt_cost", "kirifuda_dash")
WIN_WHENS = {"on_play": "resolve", "on_cast": "resolve", "turn_start": "turn_start", "on_attack": "attack",
             "turn_end": "turn_end"}  # fmt: skip
FILTER_KEYS = {
    "type", "civs", "civs_mode", "races", "races_mode", "name_contains", "name_excludes", "min_cost", "max_cost",
    "cost", "evolution", "non_evolution", "non_psychic", "multicolored", "non_multicolored", "colorless",
}  # fmt: skip


def _whens(effect: dict) -> tuple[str, ...]:
    when = effect.get("when")
    return tuple(when) if isinstance(when, list) else (str(when),)


def _count(value: object, default: int = 1) -> int | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _half_for(effect: dict, halves: Sequence) -> int | None:
    """The half an effect belongs to: a spell's effect (on_cast) to the spell half, anything else to the creature
    half (twinpacts: the top half is the creature in every printed twinpact)."""
    want_spell = "on_cast" in _whens(effect)
    for index, half in enumerate(halves[:2]):
        if (half.kind == "spell") == want_spell:
            return index
    return None


def condition(effect: dict) -> dict | None:
    """The engine form of an effect's condition ({"type", "n", "filter"}; type "always" when it has none), or None
    when the goldfish cannot evaluate it (see EVALUATED_CONDITIONS; a `conditional` effect without a structured
    condition, or a `partial` one, is never guessed)."""
    wanted = effect.get("condition")
    if not wanted:
        return None if effect.get("conditional") else {"type": "always", "n": 0, "filter": {}}
    kind = wanted.get("type")
    if wanted.get("partial") or kind not in EVALUATED_CONDITIONS:
        return None
    if kind == "hand_is_only_this_card":
        return {"type": "hand_at_most", "n": 1, "filter": {}}
    if kind == "some_player_has_no_shields":
        return {"type": kind, "n": 0, "filter": {}}
    n = _count(wanted.get("min", wanted.get("n")), 0)
    if n is None or (kind == "control" and wanted.get("yours") is False):
        return None
    found = dict(wanted.get("filter") or {})
    if wanted.get("civs"):
        found["civs"] = wanted["civs"]
    return {"type": kind, "n": n, "filter": found}


def _alternative(effect: dict, halves: Sequence) -> dict | None:
    """G・ゼロ (free while the condition holds), B・A・D (a reduction; the creature is destroyed at the end of the
    turn), another way to pay (`alt_cost` alternative_payment: `cost` in `civs`, maybe destroyed at the end of the
    turn) and キリフダッシュ (after a creature of yours breaks a shield: `cost` in `civs`). They belong to the card's
    creature half (a spell-only card: its spell)."""
    kind = effect.get("kind")
    half = 0 if len(halves) == 1 else _half_for({"when": "on_play"}, halves)
    if half is None:
        return None
    if kind == "free_self":
        found = condition(effect)
        return None if found is None else {"kind": kind, "half": half, "cost": 0, "civs": [], "condition": found}
    if kind == "bad":
        extra = set(effect) - BAD_KEYS
        amount = _count(effect.get("reduction"), 0)
        if extra or not amount or not effect.get("destroy_self_at_end_of_turn") or halves[half].kind == "spell":
            return None  # B・A・D・S (a discard), マスターB・A・D (per creature summoned, destroys another creature)
        return {"kind": kind, "half": half, "reduction": amount, "dies": True}
    if kind == "alt_cost" and effect.get("mechanism") == "alternative_payment":
        found = condition(effect)
        cost = _count(effect.get("cost"), 0)
        if found is None or cost is None or effect.get("with_drawback"):
            return None
        return {"kind": kind, "mechanism": "alternative_payment", "half": half, "cost": cost,
                "civs": list(effect.get("civs") or []), "condition": found,
                "dies": bool(effect.get("destroy_self_at_end_of_turn"))}  # fmt: skip
    if kind == "alt_cost" and effect.get("mechanism") in ("attack_chance", "ddd"):
        # アタック・チャンス (free) / D・D・D (`cost` in `civs`): cast when a creature of yours matching `on` attacks
        cost = _count(effect.get("cost"), 0)
        on = effect.get("on") or {}
        spell = _half_for({"when": "on_cast"}, halves)
        if cost is None or spell is None or effect.get("conditional") or not filter_known(on):
            return None
        return {"kind": "attack_chance", "mechanism": effect["mechanism"], "half": spell, "cost": cost,
                "civs": list(effect.get("civs") or []), "filter": on}  # fmt: skip
    if kind == "alt_cost" and effect.get("mechanism") == "master_j_tornado":
        # マスターJトルネード: at the end of the opponent's turn, return your matching creatures whose costs total at
        # least `total` to your hand and put this creature into the battle zone (free)
        total = _count(effect.get("return_own_creatures_total_cost_min"), 0)
        wanted = effect.get("return_filter") or {}
        if not total or effect.get("timing") != "opponent_turn_end" or effect.get("cost") not in (0, None):
            return None
        if effect.get("conditional") or not filter_known(wanted) or halves[half].kind == "spell":
            return None
        return {"kind": kind, "mechanism": "master_j_tornado", "half": half, "total": total, "filter": wanted}
    if kind == "kirifuda_dash" and effect.get("timing", "after_your_creature_breaks_shield") == (
        "after_your_creature_breaks_shield"
    ):
        cost = _count(effect.get("cost"), 0)
        if cost is None or effect.get("conditional"):
            return None
        return {"kind": kind, "half": half, "cost": cost, "civs": list(effect.get("civs") or [])}
    return None


def _win(effect: dict, halves: Sequence) -> dict | None:
    """You win the game when the effect fires on your turn (on play / cast, at the start or the end of your turn,
    when the creature attacks) and its condition holds."""
    whens = [w for w in _whens(effect) if w in WIN_WHENS]
    found = condition(effect)
    half = _half_for(effect, halves)
    if not whens or found is None or half is None:
        return None
    return {"kind": "win_game", "half": half, "when": WIN_WHENS[whens[0]], "condition": found}


def _model(effect: dict, halves: Sequence) -> dict | None:
    """The engine form of one effect entry, or None when the engine does not model it."""
    kind = effect.get("kind")
    whens = _whens(effect)
    if kind in ALTERNATIVES:
        return _alternative(effect, halves)
    if kind == "win_game":
        return _win(effect, halves)
    if kind == "self_cost_reduction" and (effect.get("condition") or not effect.get("conditional")):
        pass  # its condition (if any) is evaluated by _self_reduction (EVALUATED_CONDITIONS)
    elif effect.get("conditional") or effect.get("variable") or effect.get("either_or"):
        return None
    modal = effect.get("modal")
    if modal and modal.get("choose") != 1:
        return None  # "choose one": the goldfish takes the first option the engine models (see engine_effects)
    half = _half_for(effect, halves)
    if half is None:
        return None
    played = any(w in OWN_TURN_PLAY for w in whens)
    if kind == "draw" and played and not effect.get("then_discard"):
        n = _count(effect.get("n"))
        return {"kind": kind, "half": half, "n": n} if n else None
    if kind == "mana_boost" and played:
        source = effect.get("source")
        if source == "self":
            return {"kind": kind, "half": half, "charger": True}
        n = _count(effect.get("n"))
        if source == "deck_top" and n:
            return {"kind": kind, "half": half, "n": n, "tapped": bool(effect.get("tapped"))}
        return None
    if kind == "cost_reduction" and "static" in whens:
        amount = _count(effect.get("amount"), 0)
        limit = REDUCTION_LIMITS.get(effect.get("limit") or "all")
        if not amount or limit is None or halves[half].kind == "spell":
            return None
        floor = _count(effect.get("floor"), 1) or 1
        return {"kind": kind, "half": half, "amount": amount, "limit": limit, "floor": floor,
                "filter": effect.get("target") or {}}  # fmt: skip
    if kind == "self_cost_reduction" and "static" in whens:
        return _self_reduction(effect, half)
    if kind == "search" and played and effect.get("source") == "deck" and not effect.get("up_to"):
        n = _count(effect.get("n"))
        return {"kind": kind, "half": half, "n": n, "filter": effect.get("filter") or {}} if n else None
    if kind == "search" and played and effect.get("source") == "deck_top" and _count(effect.get("look")):
        # look at the top `look` cards, take `n` (or every) matching one, the rest to the bottom
        n = ALL if effect.get("n") == "all_matching" else _count(effect.get("n"))
        if not n:
            return None
        return {"kind": kind, "half": half, "n": n, "look": effect["look"], "filter": effect.get("filter") or {}}
    if kind == "gr_summon" and played:
        n = _count(effect.get("n"))
        return {"kind": kind, "half": half, "n": n} if n else None
    if kind == "hyperspatial" and played:
        count = effect.get("count")
        n = 1 if count == "any" else _count(count)
        if not n or effect.get("total_max_cost") is not None:
            return None
        civs = effect.get("civs")
        same_as_mana = civs == SAME_AS_MANA
        wanted = {"card_type": effect.get("card_type"), "max_cost": effect.get("max_cost"),
                  "civs": None if same_as_mana else civs}  # fmt: skip
        engine = {"kind": kind, "half": half, "n": n, "filter": wanted}
        if same_as_mana:  # evaluated when the effect resolves: a civilization of a card in your mana zone
            engine["mana_civs"] = True
        if isinstance(effect.get("or"), dict):  # an alternative allowance, e.g. "cost 2 or less, or fire cost 4"
            engine["or_filter"] = {"card_type": effect.get("card_type"), **effect["or"]}
        return engine
    if kind == "put_into_play" and played and effect.get("from") == "hand" and not effect.get("pays_cost"):
        n = _count(effect.get("count"))
        return {"kind": kind, "half": half, "n": n, "filter": effect.get("filter") or {}} if n else None
    if kind in ("invasion", "revolution_change") and effect.get("from") in (["hand"], "hand"):
        if halves[half].kind == "spell":
            return None
        return {"kind": kind, "half": half, "filter": effect.get("on") or {}}
    target = effect.get("target")
    if kind == "grant_speed_attacker" and target == "self" and ("static" in whens or played):
        return {"kind": kind, "half": half}
    if kind == "grant_speed_attacker" and isinstance(target, dict) and "static" in whens:
        # your creatures (matching the filter) have Speed Attacker while this card is in the battle zone
        if not target.get("yours") or target.get("count") or halves[half].kind == "spell":
            return None
        wanted = {key: value for key, value in target.items() if key != "yours"}
        return {"kind": kind, "half": half, "static": True, "filter": wanted}
    if kind == "extra_turn" and played:
        return {"kind": kind, "half": half}
    return None


def _self_reduction(effect: dict, half: int) -> dict | None:
    """This card costs less: flat; while you control `min` matching creatures (condition `control`); while another
    condition the goldfish evaluates holds (EVALUATED_CONDITIONS: matching cards in your mana zone, your hand size,
    the shields (鬼タイム), ...); per matching creature in your battle zone (シンパシー; the goldfish's opponent has
    none, so owner "any" counts yours). Other counts (mana cards, graveyard, shields, the opponent's cards, tapping
    creatures, unparsed actions) and unstructured conditions are not modeled."""
    amount = _count(effect.get("amount"), 0)
    if not amount:
        return None
    floor = _count(effect.get("floor"), 1) or 1
    wanted = effect.get("condition") or {}
    per = effect.get("per")
    if wanted.get("type") == "control":
        if per or not wanted.get("yours", True) or not _count(wanted.get("min")):
            return None
        return {"kind": "self_cost_reduction", "half": half, "amount": amount, "mode": "control",
                "min": wanted["min"], "floor": floor, "filter": wanted.get("filter") or {}}  # fmt: skip
    if wanted:
        found = condition(effect)
        if per or found is None or found["type"] == "always":
            return None
        return {"kind": "self_cost_reduction", "half": half, "amount": amount, "mode": "condition",
                "condition": found, "floor": floor, "filter": found["filter"]}  # fmt: skip
    if effect.get("conditional"):
        return None  # a condition the data does not structure: never guessed
    if per is None:
        return {"kind": "self_cost_reduction", "half": half, "amount": amount, "mode": "flat", "floor": floor}
    if not isinstance(per, dict) or set(per) - {"zone", "owner", "filter"} or not filter_known(per.get("filter") or {}):
        return None
    if per.get("zone") == "battle" and per.get("owner") in ("you", "any"):
        return {"kind": "self_cost_reduction", "half": half, "amount": amount, "mode": "per_creature",
                "floor": floor, "filter": per.get("filter") or {}}  # fmt: skip
    return None


def engine_effects(effects: Sequence[dict], halves: Sequence) -> tuple[tuple[dict, ...], tuple[str, ...], list]:
    """(modeled effects, kinds not modeled, halves with granted speed attackers applied)."""
    modeled, unmodeled = [], []
    halves = list(halves)
    modal_lines: set = set()
    paid_otherwise: set = set()
    for effect in effects:
        engine = _model(effect, halves)
        if engine is not None and engine["kind"] in ALTERNATIVES[:3]:
            if engine["half"] in paid_otherwise:
                engine = None  # one other way to pay per half in the engine: the first listed
            else:
                paid_otherwise.add(engine["half"])
        if engine is None:
            if not effect.get("modal"):
                unmodeled.append(str(effect.get("kind")))
            continue
        if effect.get("modal"):
            line = (effect.get("face"), effect.get("line"))
            if line in modal_lines:
                continue  # one option of a "choose one" line
            modal_lines.add(line)
        if engine["kind"] == "grant_speed_attacker" and not engine.get("static"):
            halves[engine["half"]] = replace(halves[engine["half"]], speed_attacker=True)  # 101.2
        modeled.append(engine)
    return tuple(modeled), tuple(dict.fromkeys(unmodeled)), halves


def data_civilization(name: str) -> Civilization | None:
    """The data writes civilizations capitalised ("Fire")."""
    try:
        return Civilization(name.lower())
    except ValueError:
        return None


FILTER_TYPES = (
    None,
    "creature",
    "creature_or_tamaseed",
    "any",
    "card",
    "spell",
    "non_creature",
    "psychic",
    "dragheart",
)


def filter_known(wanted: dict) -> bool:
    """Whether the engine knows every key and the card type of a filter (an unknown one would never match)."""
    return not set(wanted) - FILTER_KEYS - {"card_type"} and (wanted.get("type") or wanted.get("card_type")) in (
        FILTER_TYPES
    )


def _name_parts(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,) if value else ()
    if isinstance(value, list | tuple):
        return tuple(part for part in value if isinstance(part, str) and part)
    return ()


def filter_matches(wanted: dict, card: "EngineCard") -> bool:
    """Whether an engine card (any of its halves) matches an effect filter of the data's vocabulary."""
    if not wanted:
        return True
    if set(wanted) - FILTER_KEYS - {"card_type"}:
        return False  # a condition the engine does not know: never guessed
    halves = card.halves or ()
    civs_all = card.mana_civilizations
    wanted_type = wanted.get("type") or wanted.get("card_type")
    if wanted_type in ("psychic", "dragheart"):
        if card.zone != "hyperspatial":
            return False
    elif wanted_type == "spell":
        if not any(h.kind == "spell" for h in halves):
            return False
    elif wanted_type in ("creature", "creature_or_tamaseed", "any", None, "card"):
        if wanted_type == "creature" and not any(h.kind != "spell" for h in halves):
            return False
    elif wanted_type == "non_creature":
        if not any(h.kind == "spell" for h in halves):
            return False
    else:
        return False
    civs = [data_civilization(c) for c in (wanted.get("civs") or []) if isinstance(c, str)]
    if wanted.get("civs") and isinstance(wanted.get("civs"), list):
        if wanted.get("civs_mode") == "all":
            if not set(civs) <= civs_all:
                return False
        elif not set(civs) & civs_all:
            return False
    elif wanted.get("civs") not in (None, []):
        return False  # e.g. "same_as_a_card_in_your_mana": not evaluated
    races = wanted.get("races") or []
    if races:
        hits = [any(r in own for own in card.races) for r in races]
        if not (all(hits) if wanted.get("races_mode") == "all" else any(hits)):
            return False
    name = card.name_ja or card.name
    # A name part, or a list of them (the data writes both): the card's name holds any of them / none of them.
    contains, excludes = _name_parts(wanted.get("name_contains")), _name_parts(wanted.get("name_excludes"))
    if contains and not any(part in name for part in contains):
        return False
    if any(part in name for part in excludes):
        return False
    costs = [h.cost for h in halves] or [0]
    for key, test in (
        ("min_cost", lambda c, v: c >= v),
        ("max_cost", lambda c, v: c <= v),
        ("cost", lambda c, v: c == v),
    ):
        value = wanted.get(key)
        if value is None:
            continue
        if not isinstance(value, int) or not any(test(c, value) for c in costs):
            return False
    if wanted.get("evolution") and not any(h.kind in ("evolution", "neo") for h in halves):
        return False
    if wanted.get("non_evolution") and any(h.kind == "evolution" for h in halves):
        return False
    if wanted.get("non_psychic") and card.zone == "hyperspatial":
        return False
    if wanted.get("multicolored") and len(civs_all) < 2:
        return False
    if wanted.get("non_multicolored") and len(civs_all) > 1:
        return False
    if wanted.get("colorless") and civs_all:
        return False
    return True
