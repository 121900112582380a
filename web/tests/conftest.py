import pytest

from accounts.tests.factories import UserFactory
from web.tests.catalogue import catalogue_import


@pytest.fixture
def catalogue(db):
    catalogue_import()


@pytest.fixture
def catalogues(db):
    """The test cards of every game: Duel Masters', the OCG's and Dragon Ball Super's."""
    from web.tests.games_catalogue import dbs_import, ygo_import

    catalogue_import()
    ygo_import()
    dbs_import()


@pytest.fixture
def user(db):
    return UserFactory(username="alice", password="a-long-passw0rd!")


@pytest.fixture(autouse=True)
def _no_real_card_images(request, settings):
    """Browser tests never fetch from the official card site: its host is one that never resolves (RFC 6761
    `.invalid`), so a picture fails at once and the drawn tile stays, unless a test answers the host itself
    (`context.route`, web/tests/test_browser_layout.py)."""
    if request.node.get_closest_marker("browser"):
        import copy

        from deckbuilder.settings import csp_img_src

        host = settings.CARD_IMAGE_HOST = "card-images.invalid"
        dbs_host = settings.DBS_CARD_IMAGE_HOST = "dbs-card-images.invalid"
        policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)  # the policy allows exactly the hosts pictures use
        policy["DIRECTIVES"]["img-src"] = csp_img_src(
            external=settings.CARD_IMAGES_EXTERNAL, host=host, also=(dbs_host,)
        )
        settings.CONTENT_SECURITY_POLICY = policy
