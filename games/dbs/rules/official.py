"""The official site's addresses of a card number (the data's README, "Official card list and card images"): its card
image (a Leader's awakened back too) and its card-list search. Every record of the data's cards.json carries
`image_url` (and a Leader `image_url_back`) built by these same patterns; games/dbs/tests/test_official.py checks
that they agree on every record. Nothing is fetched here: the browser loads the image, and the pages drop it when
external images are off."""

from urllib.parse import quote

HOST = "www.dbs-cardgame.com"  # the official site (the pages may point the pictures at another host)


def card_image(number: str, *, host: str = HOST) -> str:
    """The official card image, front (`…/cardimg/BT1-001.png`)."""
    return f"https://{host}/images/cardlist/cardimg/{quote(number)}.png"


def card_image_back(number: str, *, host: str = HOST) -> str:
    """A Leader's awakened side (`…/cardimg/BT1-001_b.png`)."""
    return f"https://{host}/images/cardlist/cardimg/{quote(number)}_b.png"


def card_list_page(number: str, *, host: str = HOST) -> str:
    """The official card list searched by the card number (its English edition: the only one whose search by number
    the sources give)."""
    return f"https://{host}/europe-en/cardlist/index.php?search=true&free={quote(number)}"
