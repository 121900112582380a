"""Violations and warnings as values: stable code, cited rule, zone, cards, English and Japanese text."""

from datetime import date

from games.base import CardRef, Violation
from games.dm.rules.legality.rules import BLOCK_RULE, Block, FormatRules
from games.dm.rules.vocabulary import DeckZone, ViolationCode, WarningCode

_ZONE_EN = {
    DeckZone.MAIN: "main deck",
    DeckZone.HYPERSPATIAL: "hyperspatial zone",
    DeckZone.GR: "super GR zone",
    DeckZone.CONSIDERING: "considering list",
    DeckZone.PARTNER: "partner zone",
}
_ZONE_JA = {
    DeckZone.MAIN: "メインデッキ",
    DeckZone.HYPERSPATIAL: "超次元ゾーン",
    DeckZone.GR: "超GRゾーン",
    DeckZone.CONSIDERING: "検討中リスト",
    DeckZone.PARTNER: "パートナーゾーン",
}


def _names(cards: tuple[CardRef, ...], sep: str = ", ") -> str:
    return sep.join(card.name for card in cards)


def _names_ja(cards: tuple[CardRef, ...]) -> str:
    return "".join(f"《{card.name}》" for card in cards)


def deck_size(*, count: int, required: int, rule: str, extra: str = "") -> Violation:
    return Violation(
        ViolationCode.DECK_SIZE,
        rule,
        DeckZone.MAIN,
        (),
        f"The main deck must have exactly {required} cards; it has {count}.{extra}",
        f"メインデッキはちょうど{required}枚でなければなりません（現在{count}枚）。",
        count,
        required,
    )


def deck_size_with_partner(*, count: int, required: int, rule: str) -> Violation:
    """Duel Party: the deck is counted with its partner (60 cards, the partner included)."""
    return Violation(
        ViolationCode.DECK_SIZE,
        rule,
        DeckZone.MAIN,
        (),
        f"The deck must have exactly {required} cards, the partner included; it has {count}.",
        f"デッキはパートナーを含めてちょうど{required}枚でなければなりません（現在{count}枚）。",
        count,
        required,
    )


def copy_limit(*, zone: DeckZone, card: CardRef, count: int, limit: int, rule: str) -> Violation:
    return Violation(
        ViolationCode.COPY_LIMIT,
        rule,
        zone,
        (card,),
        f"At most {limit} copies of {card.name} may be in the {_ZONE_EN[zone]}; it has {count}.",
        f"{_ZONE_JA[zone]}に《{card.name}》は{limit}枚までです（現在{count}枚）。",
        count,
        limit,
    )


def hyperspatial_size(*, count: int, limit: int) -> Violation:
    return Violation(
        ViolationCode.HYPERSPATIAL_SIZE,
        "100.3",
        DeckZone.HYPERSPATIAL,
        (),
        f"The hyperspatial zone may have 0 to {limit} cards; it has {count}.",
        f"超次元ゾーンは0～{limit}枚です（現在{count}枚）。",
        count,
        limit,
    )


def gr_size(*, count: int, size: int) -> Violation:
    return Violation(
        ViolationCode.GR_SIZE,
        "100.4",
        DeckZone.GR,
        (),
        f"The super GR zone must be unused or have exactly {size} cards; it has {count}.",
        f"超GRゾーンは使わないか、ちょうど{size}枚でなければなりません（現在{count}枚）。",
        count,
        size,
    )


_MISPLACED_WHY = {
    "hyperspatial_card": (
        "begins the game in the hyperspatial zone and cannot be in the main deck",
        "は超次元ゾーンから始まるカードなのでメインデッキに入れられません",
    ),
    "gr_card": (
        "is a GR card and belongs in the super GR zone, not the main deck",
        "はGRカードなので超GRゾーンに置きます（メインデッキには入れられません）",
    ),
    "rule_plus": (
        "is a Rule Plus card and begins the game in the hyperspatial zone",
        "はルール・プラスなので超次元ゾーンから始まります",
    ),
    "not_hyperspatial": (
        "is not a psychic, dragheart or Rule Plus card and cannot be in the hyperspatial zone",
        "はサイキック・ドラグハート・ルール・プラスではないので超次元ゾーンに入れられません",
    ),
    "not_gr": (
        "is not a GR card and cannot be in the super GR zone",
        "はGRカードではないので超GRゾーンに入れられません",
    ),
}


def zone_misplaced(*, zone: DeckZone, card: CardRef, reason: str, rule: str) -> Violation:
    en, ja = _MISPLACED_WHY[reason]
    return Violation(ViolationCode.ZONE_MISPLACED, rule, zone, (card,), f"{card.name} {en}.", f"《{card.name}》{ja}。")


def start_set_multiple(*, cards: tuple[CardRef, ...], sets: int, duplicated: bool) -> Violation:
    if duplicated:
        en = f"At most one start-of-game set may be used; these cards are in it more than once: {_names(cards)}."
        ja = f"ゲーム開始時にバトルゾーンに置くカードは1セットまでです（重複：{_names_ja(cards)}）。"
    else:
        en = f"At most one start-of-game set may be used; the deck has {sets}: {_names(cards)}."
        ja = f"ゲーム開始時にバトルゾーンに置くカードは1セットまでです（{sets}セット：{_names_ja(cards)}）。"
    return Violation(ViolationCode.START_SET_MULTIPLE, "100.5", DeckZone.MAIN, cards, en, ja, sets, 1)


def hall_of_fame(*, card: CardRef, count: int, limit: int) -> Violation:
    if limit == 0:
        return Violation(
            ViolationCode.PREMIUM_HALL_OF_FAME,
            "100.2",
            None,
            (card,),
            f"{card.name} is on the Premium Hall of Fame list and may not be used; the deck has {count}.",
            f"《{card.name}》はプレミアム殿堂のため使用できません（現在{count}枚）。",
            count,
            0,
        )
    return Violation(
        ViolationCode.HALL_OF_FAME,
        "100.2",
        None,
        (card,),
        f"{card.name} is on the Hall of Fame list: at most {limit} copy in the whole registration; it has {count}.",
        f"《{card.name}》は殿堂入りのため{limit}枚までです（現在{count}枚）。",
        count,
        limit,
    )


def premium_combo(*, cards: tuple[CardRef, ...], hyperspatial: bool) -> Violation:
    kind_en = "Premium Hyperspatial Combo" if hyperspatial else "Premium Combo"
    kind_ja = "プレミアム殿堂超次元コンビ" if hyperspatial else "プレミアム殿堂コンビ"
    return Violation(
        ViolationCode.PREMIUM_COMBO,
        "100.2",
        None,
        cards,
        f"{_names(cards, ' and ')} are a {kind_en} and may not both be in one registration.",
        f"{_names_ja(cards)}は{kind_ja}のため同時に使用できません。",
    )


def zone_not_in_format(
    *, zone: DeckZone, cards: tuple[CardRef, ...], format_rules: FormatRules, start_of_game: bool
) -> Violation:
    name, name_ja = format_rules.label, format_rules.label_ja
    if start_of_game:
        en = f"The format {name} does not use start-of-game battle zone cards: {_names(cards)}."
        ja = f"フォーマット「{name_ja}」ではゲーム開始時にバトルゾーンに置くカードを使えません：{_names_ja(cards)}。"
        rule = "100.5"
    else:
        en = f"The format {name} does not use the {_ZONE_EN[zone]}: {_names(cards)}."
        ja = f"フォーマット「{name_ja}」では{_ZONE_JA[zone]}を使えません：{_names_ja(cards)}。"
        rule = "format"
    return Violation(ViolationCode.ZONE_NOT_IN_FORMAT, rule, zone, cards, en, ja)


def unresolved_card(*, zone: DeckZone, written: str, ambiguous: bool, candidates: tuple[CardRef, ...]) -> Violation:
    if ambiguous:
        return Violation(
            ViolationCode.AMBIGUOUS_CARD,
            "-",
            zone,
            candidates,
            f"'{written}' matches several cards: {_names(candidates)}. Write the full name or the card id.",
            f"「{written}」は複数のカードに一致します：{_names_ja(candidates)}。正式名かカードIDで指定してください。",
        )
    hint = f" Did you mean: {_names(candidates)}?" if candidates else ""
    hint_ja = f"候補：{_names_ja(candidates)}" if candidates else ""
    return Violation(
        ViolationCode.UNKNOWN_CARD,
        "-",
        zone,
        (),
        f"No card named '{written}' is known.{hint}",
        f"「{written}」というカードは見つかりません。{hint_ja}",
    )


def start_set_incomplete(*, name: str, missing: tuple[str, ...]) -> Violation:
    return Violation(
        WarningCode.START_SET_INCOMPLETE,
        "100.5",
        DeckZone.MAIN,
        tuple(CardRef(None, member) for member in missing),
        f"The start-of-game set {name} is incomplete; missing: {', '.join(missing)}.",
        f"ゲーム開始時のセット「{name}」が揃っていません（不足：{''.join(f'《{m}》' for m in missing)}）。",
    )


def regulation_unavailable(*, format_rules: FormatRules) -> Violation:
    return Violation(
        WarningCode.REGULATION_UNAVAILABLE,
        "100.2",
        None,
        (),
        f"No Hall of Fame list is loaded for the format {format_rules.label}; only the construction rules were "
        "checked.",
        f"フォーマット「{format_rules.label_ja}」の殿堂レギュレーションが読み込まれていないため、構築ルールのみを"
        "確認しました。",
    )


def facts_unavailable(*, zone: DeckZone, card: CardRef) -> Violation:
    return Violation(
        WarningCode.FACTS_UNAVAILABLE,
        "-",
        zone,
        (card,),
        f"{card.name} is known only by name; its zone and card type could not be checked.",
        f"《{card.name}》はカード名のみ登録されているため、ゾーンとカードタイプを確認できませんでした。",
    )


def not_yet_released(*, zone: DeckZone, card: CardRef, released: date, as_of: date) -> Violation:
    return Violation(
        ViolationCode.NOT_YET_RELEASED,
        "100.2",
        zone,
        (card,),
        f"{card.name} was first released on {released.isoformat()}, after {as_of.isoformat()}: it is not in the "
        "card pool of the regulation on that date.",
        f"《{card.name}》の初収録は{released.isoformat()}で、{as_of.isoformat()}時点のカードプールにありません。",
    )


def card_pool_cutoff(*, zone: DeckZone, card: CardRef, released: date, cutoff: date, overlay_id: str) -> Violation:
    return Violation(
        ViolationCode.CARD_POOL_CUTOFF,
        "100.2",
        zone,
        (card,),
        f"{card.name} was first released on {released.isoformat()}; the event overlay '{overlay_id}' allows only "
        f"cards released by {cutoff.isoformat()}.",
        f"《{card.name}》の初収録は{released.isoformat()}です。イベント「{overlay_id}」では{cutoff.isoformat()}までに"
        "発売されたカードのみ使用できます。",
    )


def release_date_unknown(*, zone: DeckZone, card: CardRef, out_by: date | None = None) -> Violation:
    """No dated printing (`out_by` None), or a printing of no date beside dated ones from `out_by` on: it may be
    earlier (a card first given as a promo of no date, reprinted later)."""
    if out_by is None:
        en = f"No dated printing of {card.name} is known: whether it was released by the check's date was not checked."
        ja = f"《{card.name}》は発売日のわかる収録がないため、カードプールに含まれるか確認できませんでした。"
    else:
        day = out_by.isoformat()
        en = (
            f"{card.name} was out by {day} (its first dated printing), and a printing of it has no date and may be "
            "earlier: whether it was released by the check's date was not checked."
        )
        ja = (
            f"《{card.name}》の発売日のわかる最初の収録は{day}ですが、発売日のわからない収録がそれより前の可能性が"
            "あるため、カードプールに含まれるか確認できませんでした。"
        )
    return Violation(WarningCode.RELEASE_DATE_UNKNOWN, "100.2", zone, (card,), en, ja)


_PARTNER_WHY = {
    "missing": (
        "The deck has no partner: name one creature of cost {cost} or more under a Partner heading.",
        "パートナーがいません。コスト{cost}以上のクリーチャー1枚を「パートナー」の見出しの下に書いてください。",
    ),
    "several": (
        "A deck has exactly one partner; it has {count}: {names}.",
        "パートナーは1枚だけです（現在{count}枚：{names_ja}）。",
    ),
    "not_creature": (
        "The partner must be a creature of cost {cost} or more that can be in the deck; {names} is not a creature.",
        "パートナーはデッキに入れられるコスト{cost}以上のクリーチャーでなければなりません。{names_ja}はクリーチャーではありません。",
    ),
    "not_in_deck": (
        "The partner must be a creature of cost {cost} or more that can be in the deck; {names} begins the game "
        "outside the deck.",
        "パートナーはデッキに入れられるコスト{cost}以上のクリーチャーでなければなりません。{names_ja}はデッキに入れられない"
        "カードです。",
    ),
    "low_cost": (
        "The partner must be a creature of cost {cost} or more; {names} costs {card_cost}.",
        "パートナーはコスト{cost}以上のクリーチャーでなければなりません（{names_ja}はコスト{card_cost}）。",
    ),
}


def partner_invalid(
    *, reason: str, rule: str, cards: tuple[CardRef, ...], min_cost: int, count: int = 0, card_cost: int | None = None
) -> Violation:
    en, ja = _PARTNER_WHY[reason]
    values = {
        "cost": min_cost,
        "count": count,
        "names": _names(cards),
        "names_ja": _names_ja(cards),
        "card_cost": card_cost if card_cost is not None else "-",
    }
    return Violation(
        ViolationCode.PARTNER_INVALID,
        rule,
        DeckZone.PARTNER,
        cards,
        en.format(**values),
        ja.format(**values),
        count if reason == "several" else card_cost if reason == "low_cost" else None,
        1 if reason == "several" else min_cost if reason == "low_cost" else None,
    )


_CIV_JA = {"light": "光", "water": "水", "darkness": "闇", "fire": "火", "nature": "自然"}


def civilization_outside_partner(
    *, zone: DeckZone, cards: tuple[CardRef, ...], partner: CardRef, allowed: tuple[str, ...], rule: str
) -> Violation:
    allowed_en = ", ".join(allowed) if allowed else "none (zero-civilization cards only)"
    allowed_ja = "・".join(_CIV_JA.get(civ, civ) for civ in allowed) if allowed else "なし（ゼロ文明のみ）"
    return Violation(
        ViolationCode.CIVILIZATION_OUTSIDE_PARTNER,
        rule,
        zone,
        cards,
        f"Every card must have only civilizations of the partner {partner.name} ({allowed_en}) or none; these have "
        f"others: {_names(cards)}.",
        f"パートナー《{partner.name}》の文明（{allowed_ja}）以外の文明を持つカードは入れられません：{_names_ja(cards)}。",
        len(cards),
        0,
    )


def _blocks_en(blocks: tuple[Block, ...]) -> str:
    return " and ".join(f"{block.name_en} ({block.label})" if block.mark else block.name_en for block in blocks)


def _blocks_ja(blocks: tuple[Block, ...]) -> str:
    return "・".join(f"{block.name_ja}（{block.mark}）" if block.mark else block.name_ja for block in blocks)


def not_in_block(
    *, zone: DeckZone, card: CardRef, blocks: tuple[Block, ...], as_of: date, format_rules: FormatRules
) -> Violation:
    return Violation(
        ViolationCode.NOT_IN_BLOCK,
        BLOCK_RULE,
        zone,
        (card,),
        f"{card.name} is printed in no product of the blocks of {format_rules.label} on {as_of.isoformat()} "
        f"({_blocks_en(blocks)}): it does not carry their block mark and is not in the format's card pool.",
        f"《{card.name}》は{as_of.isoformat()}時点の「{format_rules.label_ja}」のブロック（{_blocks_ja(blocks)}）の"
        "商品に収録されていないため、使用できません。",
    )


def block_unknown(
    *, zone: DeckZone, card: CardRef, blocks: tuple[Block, ...], sets: tuple[str, ...], format_rules: FormatRules
) -> Violation:
    shown = ", ".join(sets[:5]) + (f" and {len(sets) - 5} more" if len(sets) > 5 else "")
    shown_ja = "、".join(sets[:5]) + (f" ほか{len(sets) - 5}" if len(sets) > 5 else "")
    if sets:
        en = (
            f"Whether {card.name} carries the block mark of {_blocks_en(blocks)} is not known: it is printed in "
            f"products whose block the data does not give ({shown}). Check the card's block mark for "
            f"{format_rules.label}."
        )
        ja = (
            f"《{card.name}》はブロックのわからない商品（{shown_ja}）にのみ収録されているため、{_blocks_ja(blocks)}の"
            f"ブロックマークを持つか確認できませんでした。「{format_rules.label_ja}」ではカードのブロックマークを確認して"
            "ください。"
        )
    else:
        en = (
            f"No printing of {card.name} is known: whether it carries the block mark of {_blocks_en(blocks)} was "
            f"not checked. Check the card's block mark for {format_rules.label}."
        )
        ja = (
            f"《{card.name}》は収録商品がわからないため、{_blocks_ja(blocks)}のブロックマークを持つか確認できませんでした。"
            f"「{format_rules.label_ja}」ではカードのブロックマークを確認してください。"
        )
    return Violation(WarningCode.BLOCK_UNKNOWN, BLOCK_RULE, zone, (card,), en, ja)


def block_unavailable(*, format_rules: FormatRules, as_of: date) -> Violation:
    return Violation(
        WarningCode.BLOCK_UNKNOWN,
        BLOCK_RULE,
        None,
        (),
        f"No block of {format_rules.label} is known to be in force on {as_of.isoformat()}: the cards' blocks were not "
        "checked.",
        f"{as_of.isoformat()}時点の「{format_rules.label_ja}」のブロックがわからないため、カードのブロックを確認していません。",
    )
