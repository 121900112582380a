"""Real decklists from OCG tournament reports (decklists/README.md): what each source says of its deck.

One row per list: the file, the day it is judged on (the event's day where the source gives it, else the day of the
post, see the README), the copies per zone the source states, the effective date of the official list in force on
that day, and whether the deck was legal. Every deck here was played at its event, so each is legal on its day.
"""

from dataclasses import dataclass
from datetime import date
from pathlib import Path

FOLDER = Path(__file__).parent / "decklists"


@dataclass(frozen=True)
class TournamentList:
    file: str
    day: date
    counts: dict[str, int]  # as the source states them (its headings, or its lines per section)
    list_effective: str  # the official list in force on `day`
    legal: bool
    title: tuple[str, ...]  # the lines that are neither a card, a heading nor a comment: the deck's title

    @property
    def path(self) -> Path:
        return FOLDER / self.file

    @property
    def id(self) -> str:
        return self.path.stem


TOURNAMENT_LISTS = (
    TournamentList(
        "shop-tournament-winner-2012-05-06.ydk",
        date(2012, 5, 6),  # in the file's name: 公认大会-20120506-优胜 (an official tournament of 2012-05-06, winner)
        {"main": 40, "extra": 15, "side": 0},
        "2012-03-01",
        True,
        (),
    ),
    TournamentList(
        "bf-japan-cs-yokohama-cs-2011-02.txt",
        date(2011, 2, 24),  # the post; both events came before it, after the newest card's release (2010-10-16)
        {"main": 40, "extra": 15, "side": 15},  # モンスター(18枚) + 魔法(10枚) + 罠(12枚); 15 lines under each heading
        "2010-09-01",
        True,
        ("使用デッキ - 日本CS&横浜CS(第6回)",),
    ),
    TournamentList(
        "gravekeeper-cat-kanto-cs-2009.txt",
        date(2009, 8, 5),  # the post (the page gives no day for the event)
        {"main": 40, "extra": 15, "side": 0},  # モンスター(18) + 魔法(16) + 罠(6); エキストラデッキ(15)
        "2009-03-01",
        True,
        ("【墓守猫】",),
    ),
)
