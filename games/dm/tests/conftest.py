# The catalogue's fixture cards (cards.tests.fixtures) and the real card data imported once a module, as the
# catalogue's own tests have them.
from cards.tests.conftest import catalogue_records, full_catalogue, imported  # noqa: F401 (fixtures)

# The legality tests' hand-written catalogue and Hall of Fame events (regulations.tests.catalogue), imported as the
# regulations app's own tests have them.
from regulations.tests.conftest import cards, hof  # noqa: F401 (fixtures)
