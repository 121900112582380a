"""Forms of the pages. The card filter widgets only compose the search language's `q`: the catalogue decides."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from decks.models import Deck
from games import registry
from games.base import MAX_COPIES, MAX_LINES

VISIBILITY_CHOICES = [("private", _("Private")), ("unlisted", _("Unlisted (by link)")), ("public", _("Public"))]


def _translated(choices):
    """Choices with their (lazy) labels rendered in the active language."""
    return [(value, str(label)) for value, label in choices]


def format_choices(game: str = registry.DEFAULT_GAME) -> list[tuple[str, str]]:
    """A game's formats (the regulations app's rows, editable in the admin; else its default format), named in the UI
    language as its players name them."""
    from regulations.selectors import format_list, format_name

    japanese = (get_language() or "en").startswith("ja")
    formats = [(f.code, f.display_name(japanese=japanese)) for f in format_list(game=game)]
    if formats:
        return formats
    default = registry.get(game).default_format
    return [(default, format_name(code=default, japanese=japanese, game=game))]


def game_choices() -> list[tuple[str, str]]:
    """Every game, named in the UI language."""
    japanese = (get_language() or "en").startswith("ja")
    return [(game.code, game.name_ja if japanese else game.name_en) for game in registry.all_games()]


# The card search page shows the filter widgets after the results (beside them on a wide screen, under them on a
# phone, so that the results come first); the widgets stay fields of the search form through the `form` attribute.
SEARCH_FORM_ID = "card-search"


class CardSearchForm(forms.Form):
    """The search box, the result order and the date, and the game's filter widgets (`Game.search.browser_filters`:
    whatever fields the game names, in its own words; none for a game that gives none)."""

    q = forms.CharField(required=False, max_length=500)
    order = forms.ChoiceField(required=False)
    # The search's date: `legal:`, `banned:`, `limited:` and `is:new` are taken on it (default: today).
    as_of = forms.DateField(required=False)

    def __init__(self, *args, game: registry.Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.filters = game.search.browser_filters()
        self.fields["order"].choices = self.filters.orders
        for name, field in self.filters.fields.items():
            field.widget.attrs.setdefault("form", SEARCH_FORM_ID)
            self.fields[name] = field
        for field in self.fields.values():
            if isinstance(field, forms.ChoiceField):
                field.choices = _translated(field.choices)

    def query(self) -> str:
        """The search-language query of the box and the game's widgets, ANDed."""
        terms = [self.cleaned_data.get("q", "").strip(), *self.filters.terms(self.cleaned_data)]
        return " ".join(term for term in terms if term)


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


class DeckCreateForm(forms.ModelForm):
    """The game first (`game`, as the API's parameter; the page's game selected), then that game's formats by their
    names (the page reloads with another game's formats when the game is changed: static/js/deck_create.js). The
    name's length and the visibilities come from decks.Deck (a longer name is a form error, never a database error);
    the write itself is decks.services.deck_create, so the form is never saved."""

    game = forms.ChoiceField(required=False)  # not posted: the page's game
    format = forms.ChoiceField()

    class Meta:
        model = Deck
        fields = ["name", "visibility"]

    def __init__(self, *args, game: str = registry.DEFAULT_GAME, **kwargs):
        super().__init__(*args, **kwargs)
        games = game_choices()
        self.fields["game"].choices = games
        self.fields["game"].initial = game
        posted = self.data.get("game") if self.is_bound else None
        self.chosen_game = posted if posted in {code for code, _name in games} else game
        self.fields["format"].choices = format_choices(self.chosen_game)
        self.fields["format"].initial = registry.get(self.chosen_game).default_format
        self.fields["name"].label = gettext("Name")
        self.fields["game"].label = gettext("Game")
        self.fields["format"].label = gettext("Format")
        self.fields["visibility"].label = gettext("Visibility")
        self.fields["visibility"].choices = _translated(VISIBILITY_CHOICES)

    def clean(self):
        cleaned = super().clean()
        cleaned["game"] = self.chosen_game
        return cleaned


class DeckImportForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 14}), max_length=100_000, required=False)
    # A decklist file (a .ydk, a text list), read as the text when no text is pasted.
    file = forms.FileField(required=False)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if not cleaned.get("text") and upload is not None:
            try:
                cleaned["text"] = upload.read(1_000_000).decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", gettext("The decklist file must be UTF-8 text."))
                return cleaned
            # The page shows the file's text in the text box, so that "Apply" (a second post) sends it again.
            self.data = self.data.copy()
            self.data["text"] = cleaned["text"]
            self.clean_text_value(cleaned["text"])
        if not cleaned.get("text") and "text" not in self.errors and "file" not in self.errors:
            self.add_error("text", forms.Field.default_error_messages["required"])
        return cleaned

    def clean_text_value(self, text: str) -> None:
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > MAX_LINES:
            self.add_error("text", gettext("A decklist may have at most %(limit)s lines.") % {"limit": MAX_LINES})

    def clean_text(self):
        # The line cap of every decklist (games.base.MAX_LINES), before a line is read or resolved.
        text = self.cleaned_data["text"]
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > MAX_LINES:
            raise forms.ValidationError(
                gettext("A decklist may have at most %(limit)s lines.") % {"limit": MAX_LINES}, code="too_large"
            )
        return text


def too_many_copies_message(copies: int) -> str:
    return gettext("A decklist may hold at most %(limit)s copies in all (this one holds %(copies)s).") % {
        "limit": MAX_COPIES,
        "copies": copies,
    }


class CardAddToDeckForm(forms.Form):
    """A card page's "add to a deck": the zone and 1-4 copies (the deck is one of the user's, checked by the view
    with decks.selectors.deck_get_owned). The zones offered are the card's game's (`Game.pages.card_add_zones`: Duel
    Masters offers the card's own zone, where it starts the game, and the considering list, since a deck write puts
    a card written in any other zone into its own zone anyway, decks.services.decklist_resolve)."""

    zone = forms.ChoiceField()
    count = forms.TypedChoiceField(coerce=int, choices=[(n, n) for n in range(1, 5)], initial=1)

    def __init__(self, *args, card, **kwargs):
        super().__init__(*args, **kwargs)
        game = registry.get(card.game)
        codes, initial = game.pages.card_add_zones(card_id=card.id)
        japanese = (get_language() or "en").startswith("ja")
        names = {zone.code: zone.name_ja if japanese else zone.name_en for zone in game.zones}
        self.fields["zone"].choices = [(code, names.get(code, code)) for code in codes]
        self.fields["zone"].initial = initial
        self.fields["zone"].label = gettext("Zone")
        self.fields["count"].label = gettext("Copies")
