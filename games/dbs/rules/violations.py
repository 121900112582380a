"""Violations and warnings as values: stable code, cited rule, zone, cards, English and Japanese text.

The JSON shape (`Violation.as_dict()`) is the Duel Masters engine's (`code`, `rule`, `zone`, `cards` [{id, name}],
`message`, `message_ja`, `count`, `limit`), so the API and the pages show every game's violations alike. A card's
`id` here is its base card number.
"""

from games.base import CardRef, Violation
from games.dbs.rules.vocabulary import ViolationCode, WarningCode, Zone

ZONE_EN = {Zone.LEADER: "leader area", Zone.MAIN: "deck", Zone.Z: "Z-Deck", Zone.SIDE: "side deck"}
ZONE_JA = {Zone.LEADER: "リーダーエリア", Zone.MAIN: "デッキ", Zone.Z: "Zデッキ", Zone.SIDE: "サイドデッキ"}


def _names(cards: tuple[CardRef, ...]) -> str:
    return ", ".join(f"{card.name} [{card.id}]" if card.id else card.name for card in cards)


def _names_ja(cards: tuple[CardRef, ...]) -> str:
    return "".join(f"《{card.name}》" for card in cards)


def leader_count(*, count: int, rule: str) -> Violation:
    return Violation(
        ViolationCode.LEADER_COUNT,
        rule,
        Zone.LEADER,
        (),
        f"A deck needs exactly 1 Leader Card in the leader area; it has {count}.",
        f"リーダーカードはちょうど1枚必要です（現在{count}枚）。",
        count,
        1,
    )


def deck_size(*, count: int, minimum: int, maximum: int, rule: str, version: str) -> Violation:
    if minimum == maximum:
        en = f"The deck must have exactly {minimum} cards ({version}); it has {count}."
        ja = f"デッキはちょうど{minimum}枚でなければなりません（{version}、現在{count}枚）。"
    else:
        en = f"The deck must have {minimum} to {maximum} cards ({version}); it has {count}."
        ja = f"デッキは{minimum}～{maximum}枚でなければなりません（{version}、現在{count}枚）。"
    return Violation(
        ViolationCode.DECK_SIZE, rule, Zone.MAIN, (), en, ja, count, maximum if count > maximum else minimum
    )


def z_deck_size(*, count: int, limit: int, rule: str, version: str) -> Violation:
    if limit == 0:
        en = f"The rules in force ({version}) have no Z-Deck; it has {count} cards."
        ja = f"このルール（{version}）にはZデッキがありません（現在{count}枚）。"
    else:
        en = f"The Z-Deck may have 0 to {limit} cards; it has {count}."
        ja = f"Zデッキは0～{limit}枚です（現在{count}枚）。"
    return Violation(ViolationCode.Z_DECK_SIZE, rule, Zone.Z, (), en, ja, count, limit)


def copy_limit(*, zone: Zone, card: CardRef, count: int, limit: int, rule: str, own_text: bool) -> Violation:
    why = " (its own text)" if own_text else " with the same card number"
    return Violation(
        ViolationCode.COPY_LIMIT,
        rule,
        zone,
        (card,),
        f"At most {limit} copies of {card.name} [{card.id}]{why} may be in the {ZONE_EN[zone]}; it has {count}.",
        f"{ZONE_JA[zone]}に《{card.name}》[{card.id}]は{limit}枚までです（現在{count}枚）。",
        count,
        limit,
    )


_KEYWORD = {
    ViolationCode.ULTIMATE_LIMIT: ("[Ultimate]", "【アルティメット】"),
    ViolationCode.SUPER_COMBO_LIMIT: ("[Super Combo]", "【スーパーコンボ】"),
    ViolationCode.DRAGON_BALL_LIMIT: ("[Dragon Ball]", "【ドラゴンボール】"),
}


def keyword_limit(*, code: ViolationCode, cards: tuple[CardRef, ...], count: int, limit: int, rule: str) -> Violation:
    en_kw, ja_kw = _KEYWORD[code]
    noun = "card" if limit == 1 else "cards"
    return Violation(
        code,
        rule,
        None,
        cards,
        f"A deck may hold at most {limit} {noun} with {en_kw} in total; it has {count}: {_names(cards)}.",
        f"{ja_kw}を持つカードは合計{limit}枚までです（現在{count}枚：{_names_ja(cards)}）。",
        count,
        limit,
    )


_MISPLACED_WHY = {
    "leader_in_deck": ("is a Leader Card: it goes in the leader area, not in the {zone}", "はリーダーカードです"),
    "not_leader": ("is not a Leader Card and cannot be the leader", "はリーダーカードではありません"),
    "z_in_deck": ("is a Z-card: it goes in the Z-Deck, not in the {zone}", "はZカードなのでZデッキに入れます"),
    "not_z": ("is not a Z-card and cannot be in the Z-Deck", "はZカードではないのでZデッキに入れられません"),
}


def zone_misplaced(*, zone: Zone, card: CardRef, reason: str, rule: str) -> Violation:
    en, ja = _MISPLACED_WHY[reason]
    return Violation(
        ViolationCode.ZONE_MISPLACED,
        rule,
        zone,
        (card,),
        f"{card.name} [{card.id}] {en.format(zone=ZONE_EN[zone])}.",
        f"《{card.name}》{ja}（{ZONE_JA[zone]}）。",
    )


def banned(*, card: CardRef, count: int) -> Violation:
    return Violation(
        ViolationCode.BANNED,
        "ban list",
        None,
        (card,),
        f"{card.name} [{card.id}] is banned by the list in use; the deck has {count}.",
        f"《{card.name}》は使用中のリストで禁止です（現在{count}枚）。",
        count,
        0,
    )


def limited(*, card: CardRef, count: int, limit: int) -> Violation:
    return Violation(
        ViolationCode.LIMITED,
        "ban list",
        None,
        (card,),
        f"{card.name} [{card.id}] is limited to {limit} by the list in use; the deck has {count}.",
        f"《{card.name}》は使用中のリストで{limit}枚までです（現在{count}枚）。",
        count,
        limit,
    )


def unresolved_card(
    *, zone: Zone | None, written: str, ambiguous: bool, candidates: tuple[CardRef, ...], line: int, count: int
) -> Violation:
    if ambiguous:
        return Violation(
            ViolationCode.AMBIGUOUS_CARD,
            "2-15-2-1",
            zone,
            candidates,
            f"Line {line}: '{written}' is printed under several card numbers: {_names(candidates)}. Write the card "
            "number: copies are counted by number.",
            f"{line}行目：「{written}」は複数のカード番号に該当します：{_names_ja(candidates)}。カード番号で指定してください。",
            count,
        )
    hint = f" Did you mean: {_names(candidates)}?" if candidates else ""
    hint_ja = f"候補：{_names_ja(candidates)}" if candidates else ""
    return Violation(
        ViolationCode.UNKNOWN_CARD,
        "-",
        zone,
        (),
        f"Line {line}: no card is known as '{written}'.{hint}",
        f"{line}行目：「{written}」というカードは見つかりません。{hint_ja}",
        count,
    )


def list_unverified(*, undated: int, cards: tuple[CardRef, ...]) -> Violation:
    # The list's sources are the data's (BanList.sources), listed where the pages list their data's sources, never in
    # a verdict a player reads.
    return Violation(
        WarningCode.LIST_UNVERIFIED,
        "ban list",
        None,
        cards,
        f"The banned/limited list is unverified: it does not come from an official announcement; {undated} of its "
        "entries are undated and are applied at every date. Confirm against the official list before enforcing it.",
        f"禁止・制限リストは未確認です（公式発表ではありません）。日付のない{undated}件は全期間に適用しています。"
        "公式リストで確認してください。",
        undated,
    )


def rules_unsettled(*, version: str, note: str, note_ja: str, zone: Zone | None) -> Violation:
    return Violation(
        WarningCode.RULES_UNSETTLED,
        version,
        zone,
        (),
        f"Rules version {version}: {note}",
        f"ルール版 {version}：{note_ja}",
    )


CARD_POOL_RULE = "card pool (release dates: sets.json)"


def not_yet_released(*, zone: Zone, card: CardRef, released: str, as_of: str, bound: bool) -> Violation:
    """A card not out on the check's date: released on `released` (`bound`: the data knows only that it came out on
    or after that day, the set's earliest possible date)."""
    when = f"on or after {released}" if bound else f"on {released}"
    when_ja = f"{released}以降" if bound else released
    return Violation(
        ViolationCode.NOT_YET_RELEASED,
        CARD_POOL_RULE,
        zone,
        (card,),
        f"{_names((card,))} came out {when}: it was not yet released on {as_of}.",
        f"{_names_ja((card,))}の発売は{when_ja}のため、{as_of}時点では使えません。",
    )


def release_date_unknown(*, cards: tuple[CardRef, ...], as_of: str) -> Violation:
    return Violation(
        WarningCode.RELEASE_DATE_UNKNOWN,
        CARD_POOL_RULE,
        None,
        cards,
        f"Whether these cards were released by {as_of} is not known (no release date in the data), so the card pool "
        f"was not checked for them: {_names(cards)}.",
        f"次のカードは発売日が不明のため、{as_of}時点で発売済みか確認していません：{_names_ja(cards)}。",
        len(cards),
    )


def side_deck_unchecked(*, count: int) -> Violation:
    return Violation(
        WarningCode.SIDE_DECK_UNCHECKED,
        "-",
        Zone.SIDE,
        (),
        f"The side deck ({count} cards) was read and counted but not checked: no cited rule document gives the side "
        "deck's size or copy rules.",
        f"サイドデッキ（{count}枚）は読み込みましたが確認していません：サイドデッキの規定を示す出典がありません。",
        count,
    )
