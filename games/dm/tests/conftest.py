# The catalogue's fixture cards (cards.tests.fixtures), as the catalogue's own tests have them.
from cards.tests.conftest import catalogue_records, imported  # noqa: F401 (fixtures)
