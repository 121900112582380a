"""Deck pages: my decks, public decks, the editor, versions, import, export. Writes go through decks.services."""

import json
import re
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from api.codes import ApplicationError
from api.throttling import AnonThrottle, EditorThrottle, throttle_view
from decks import selectors as deck_selectors
from decks import services as deck_services
from decks.models import DeckVisibility
from games import registry
from games.base import DecklistFormatError
from regulations.decklists import copies_check, decklist_copies, text_decklist
from web import selectors as web_selectors
from web.editor import editor_state, working_copy_from_json
from web.forms import (
    VISIBILITY_CHOICES,
    DeckCreateForm,
    DeckImportForm,
    _translated,
    format_choices,
    too_many_copies_message,
)
from web.game_choice import game_shown
from web.selectors import (
    deck_filter_choices,
    deck_list_filtered,
    deck_list_page,
    list_cache_version,
    overlay_choices,
)
from web.views import posted_version, version_missing


def _owned_or_404(request, deck_id: int):
    try:
        return deck_selectors.deck_get_owned(deck_id=deck_id, user=request.user)
    except deck_selectors.DeckForbidden:
        raise Http404 from None


def _conflict(request) -> None:
    messages.error(
        request, gettext("This deck was changed elsewhere; nothing was written. Here is the newest version.")
    )


@login_required
@require_http_methods(["GET", "POST"])
def my_decks(request):
    form = DeckCreateForm(
        request.POST or None, game=request.site_game.code, initial={"name": request.GET.get("name", "")[:100]}
    )
    if request.method == "POST" and form.is_valid():
        deck = deck_services.deck_create(
            owner=request.user,
            name=form.cleaned_data["name"],
            format_code=form.cleaned_data["format"],
            visibility=form.cleaned_data["visibility"],
            game=form.cleaned_data["game"],
        )
        return redirect("web:deck", deck_id=deck.id)
    decks = deck_selectors.deck_list_visible(user=request.user, mine=True, game=request.site_game.code)
    context = {"form": form, "nav": "my-decks", **_deck_list(request, decks)}
    return render(request, "web/my_decks.html", context)


def public_decks(request):
    q = request.GET.get("q", "").strip()[:100]
    decks = deck_selectors.deck_list_visible(user=request.user, q=q or None, game=request.site_game.code).filter(
        visibility=DeckVisibility.PUBLIC.value
    )
    return render(request, "web/public_decks.html", {"q": q, "nav": "public-decks", **_deck_list(request, decks)})


LEGALITY_FILTERS = ("legal", "buildable", "illegal")
ROW_CACHE_SECONDS = 3600


def _deck_rows(request, decks: list, *, as_of) -> None:
    """Each deck's table row (`deck.row_html`), rendered once per deck version, data version, language, day and
    viewer role and then served from the cache: a row holds no CSRF token (its buttons post the page's one form per
    action)."""
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe
    from django.utils.translation import get_language

    from deckbuilder.cache import shared_cache_get_many, shared_cache_set_many

    user_id = request.user.id if request.user.is_authenticated else None
    show_owner = request.resolver_match.url_name == "public-decks"
    keys = {
        deck.id: f"web:deck-row2:{deck.id}:{deck.version}:{get_language()}:{as_of}:"
        f"{int(user_id is not None)}{int(deck.owner_id == user_id)}{int(show_owner)}"
        for deck in decks
    }
    version = list_cache_version()
    cached = shared_cache_get_many(list(keys.values()), version=version)  # nothing while the store is away
    missing = [deck for deck in decks if keys[deck.id] not in cached and not hasattr(deck, "summary")]
    if missing:  # summaries (one query, legality from its own cache) only for the rows not cached
        deck_list_page(decks=missing, as_of=as_of)
    fresh = {}
    for deck in decks:
        html = cached.get(keys[deck.id])
        if html is None:
            context = {
                "deck": deck,
                "kind_column": bool(request.site_game.pages.kind_field),
                "show_owner": show_owner,
                "authenticated": user_id is not None,
                "owner": deck.owner_id == user_id,
            }
            html = fresh[keys[deck.id]] = render_to_string("web/_deck_row.html", context)
        deck.row_html = mark_safe(html)  # noqa: S308 - our template's output, every value escaped there
    if fresh:
        shared_cache_set_many(fresh, ROW_CACHE_SECONDS, version=version)


# The filters' URL parameters are their keys (`colour` the colour filter's); a list bookmarked or linked under a
# game's older name of one (its `aliases.parameters`) is read the same.


def _deck_list(request, decks) -> dict:
    """Filters (legality today, colour (the game's `deck_filters`), format, a card the deck contains), one page, each
    deck's summary."""
    game = request.site_game  # the list holds the page's game's decks: its colours, formats and columns
    colours = deck_filter_choices(game.code)
    filters = {
        "legality": request.GET.get("legality") if request.GET.get("legality") in LEGALITY_FILTERS else "",
        "colour": colour if (colour := game.aliases.parameter(request.GET, "colour")) in dict(colours) else "",
        "format": request.GET.get("format", "").strip()[:32],
        "card": request.GET.get("card", "").strip()[:100],
    }
    if filters["format"]:
        decks = decks.filter(format_code=filters["format"])
    decks = deck_list_filtered(
        decks=decks, colour=filters["colour"] or None, card=filters["card"] or None, game=game.code
    )
    today = timezone.localdate()
    if filters["legality"]:
        page = Paginator(deck_list_page(decks=decks, as_of=today, legality=filters["legality"]), 50).get_page(
            request.GET.get("page")
        )
    else:
        page = Paginator(decks, 50).get_page(request.GET.get("page"))
        page.object_list = list(page.object_list)
    _deck_rows(request, page.object_list, as_of=today)
    params = "&".join(f"{key}={quote(value)}" for key, value in {"game": game.code, **filters}.items() if value)
    return {
        "page": page,
        "filters": filters,
        "params": params,
        "formats": format_choices(game.code),
        "colours": colours,
        "colour_label": game.pages.colour_label,
        "kind_column": bool(game.pages.kind_field),
        "count_zones": [zone for code in game.pages.deck_list_zone_codes() for zone in game.zones if zone.code == code],
        "today": today,
    }


def _editor_config(request, deck) -> dict:
    game = registry.get(deck.game)
    copy = working_copy_from_json(_deck_json(deck), game=game)
    as_of = timezone.localdate()
    return {
        "deckId": deck.id,
        "game": game.code,
        "etag": f'"{deck.version}"',
        "stateUrl": reverse("web:editor-state"),
        "previewsUrl": reverse("web:editor-card-previews"),
        "deckApiUrl": f"/api/v1/decks/{deck.id}/",
        "cardsApiUrl": "/api/v1/cards/",
        # How a saved entry names its card: the deck API reads each game's JSON decklist (games.registry); the
        # editor's card is the catalogue's id, which every game's JSON takes under this key.
        "saveKey": game.editor.save_key,
        # The game's order of the type groups and its search results' tags (games.capabilities.Editor).
        "typeOrder": list(game.editor.type_order),
        "resultTags": {zone: str(label) for zone, label in game.editor.result_tags.items()},
        "oddsGroups": deck.odds_groups,
        "oddsUrl": reverse("web:deck-simulate", kwargs={"deck_id": deck.id}),
        "state": editor_state(
            copy=copy, format_code=deck.format_code, as_of=as_of, game=game, odds_groups=deck.odds_groups
        ),
    }


def _deck_json(deck) -> dict:
    """The deck's entries per zone as the editor's working copy has them: {zone: [{"card": id, "count": n}]}."""
    return {
        zone: [{"card": entry.card_id, "count": entry.quantity} for entry in entries]
        for zone, entries in deck_selectors.deck_entries_by_zone(deck=deck).items()
        if entries
    }


def _editor_formats(game) -> list[tuple[str, str]]:
    """The formats of the deck's game, named in the UI language (its default format when it keeps none as data)."""
    from regulations.selectors import format_list

    japanese = (get_language() or "en").startswith("ja")
    formats = [(f.code, f.display_name(japanese=japanese)) for f in format_list(game=game.code)]
    return formats or [(game.default_format, game.default_format)]


def deck_page(request, deck_id: int):
    """The editor for the owner, for every game (its zones, statistics and tiles come from the deck's game); a
    read-only view (entries, legality, statistics, copy) for everyone else."""
    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    game_shown(request, deck.game)  # a deck's link opens in its game, whatever the visitor chose
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.id
    context = {"deck": deck, "is_owner": is_owner, "nav": "my-decks" if is_owner else "public-decks"}
    if is_owner:
        game = registry.get(deck.game)
        formats = _editor_formats(game)
        context.update(
            game=game,
            config=_editor_config(request, deck),
            groupings=game.editor.groupings(),
            formats=formats,
            overlays=[row for row in overlay_choices() if row["base_format"] in {code for code, _ in formats}],
            visibilities=_translated(VISIBILITY_CHOICES),
            today=timezone.localdate().isoformat(),
        )
        return render(request, "web/deck_editor.html", context)
    if deck.game != registry.DEFAULT_GAME:
        return _deck_game_view(request, deck, context)
    return _deck_view(request, deck, context)


def _deck_game_view(request, deck, context: dict):
    """Another game's deck seen by someone else than its owner: its zones, its legality report and statistics and
    its exports, read-only."""
    game = registry.get(deck.game)
    snapshot = deck_services.deck_snapshot(deck=deck)
    context.update(_share_context(request, deck))
    context.update(
        game=game,
        zones=[(zone, snapshot["entries"].get(zone.code, [])) for zone in game.zones],
        legality=deck_services.deck_legality(deck=deck),
        stats=deck_services.deck_stats(deck),
        exports=["text", "json", "code", *game.export_kinds],
    )
    return render(request, "web/deck_game.html", context)


def _share_context(request, deck) -> dict:
    """What a deck page shares: the deck code's link, and on a public or unlisted deck the Open Graph / Twitter card
    tags whose picture is the deck's PNG (decks.picture) behind its share link, which a crawler reaches signed out."""
    context: dict = {"deck_code": deck_services.deck_export_code(deck)}
    if deck.visibility != DeckVisibility.PRIVATE.value:
        game = registry.get(deck.game)
        context["og"] = {
            "url": request.build_absolute_uri(reverse("web:deck-shared", args=[deck.share_slug])),
            "image": request.build_absolute_uri(reverse("web:deck-shared-picture", args=[deck.share_slug]))
            + f"?v={deck.version}",
            "description": f"{game.name_ja} · {deck.format_code}",
        }
    return context


def _deck_view(request, deck, context: dict):
    context.update(_share_context(request, deck))
    if deck.game != registry.DEFAULT_GAME:
        return _deck_game_view(request, deck, context)
    state = editor_state(
        copy=working_copy_from_json(_deck_json(deck), game=deck.game),
        format_code=deck.format_code,
        as_of=timezone.localdate(),
        game=deck.game,
    )
    by_zone = deck_selectors.deck_entries_by_zone(deck=deck)
    # The deck's tiles show the cards' official pictures like the editor's (the game's tile, `page_templates`).
    pictures = web_selectors.card_pictures(card_ids=[e.card_id for entries in by_zone.values() for e in entries])
    for entries in by_zone.values():
        for entry in entries:
            entry.card.picture = pictures.get(entry.card_id)  # type: ignore[attr-defined]
    context.update(
        zone_list=[
            {"zone": zone, "entries": entries, "total": sum(entry.quantity for entry in entries)}
            for zone, entries in by_zone.items()
        ],
        legality=state["legality"],
        stats=state["stats"],
    )
    return render(request, "web/deck_view.html", context)


def deck_solo(request, deck_id: int):
    """The solo board (一人回し): the deck's cards for the board's script; the play itself stays in the browser."""
    from web.editor import editor_cards

    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    game_shown(request, deck.game)
    game = registry.get(deck.game)
    # A game that declares its board (areas and setup as data) is drawn by the one board page (static/js/board.js);
    # a game that simulates may keep a solo page of its own instead (its pages' fragment for "web/deck_solo.html").
    layout = game.board.layout if game.board is not None else None
    own_page = game.pages.template("web/deck_solo.html")
    if layout is None and (game.simulation is None or own_page == "web/deck_solo.html"):
        raise Http404
    deck_json = _deck_json(deck)
    cards = editor_cards([e["card"] for rows in deck_json.values() for e in rows], game=deck.game)
    config: dict = {"deck": deck_json, "cards": cards}
    if layout is not None:
        config["board"] = layout.as_json(japanese=(get_language() or "en").startswith("ja"))
        # The deck zone shuffled into the board's deck: the main deck, or a game's first zone (one without "main").
        config["board"]["main"] = game.main_zone()
    context = {
        "deck": deck,
        "game": game,
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.id,
        "config": config,
        "board": config.get("board"),
        "nav": "my-decks" if deck.owner_id == request.user.id else "public-decks",
    }
    return render(request, "web/deck_board.html" if layout is not None else own_page, context)


def deck_shared_page(request, slug: str):
    """An unlisted (or public) deck by its share link: the read-only view."""
    deck = deck_selectors.deck_get_shared(slug=slug)
    game_shown(request, deck.game)
    return _deck_view(request, deck, {"deck": deck, "is_owner": False, "nav": "public-decks"})


@require_GET
def editor_card_previews_api(request):
    """The editor's search results as its tiles show them: the game's card facts (`?game=`, games.registry's
    `editor_cards`) with the hover preview's official image, page and abilities of up to 100 cards (`?ids=1,2,3`);
    the cards API's list has none of them. Ids that are not numbers, or not the game's cards, are ignored."""
    from web.editor import editor_cards

    ids = [int(part) for part in request.GET.get("ids", "").split(",") if part.strip().isdigit()]
    ids = list(dict.fromkeys(ids))[: web_selectors.PREVIEW_CARDS_MAX]
    try:
        game = registry.get(request.GET.get("game") or None)
    except ApplicationError as exc:
        from api.errors import error_json_for

        return error_json_for(exc)
    summaries = editor_cards(ids, game=game) if ids else {}
    previews = web_selectors.card_previews(card_ids=ids, game=game)
    cards = {}
    for card_id in ids:
        summary, preview = summaries.get(str(card_id)), previews.get(card_id)
        if summary is None and preview is None:
            continue
        # The catalogue's preview (picture, abilities, the game's own parts) wins where it has something to show.
        cards[str(card_id)] = {**(summary or {}), **{k: v for k, v in (preview or {}).items() if v or not summary}}
    return JsonResponse({"cards": cards})


@require_POST
@throttle_view(AnonThrottle, EditorThrottle)
def editor_state_api(request):
    """One editor interaction: apply a change to the working copy; return deck + legality + statistics."""
    from api.codes import ErrorCode
    from api.concurrency import expensive_slot, is_light
    from api.errors import error_json_for
    from api.parsers import json_body_load

    try:
        if request.content_type != "application/json":
            # A form or multipart body was read already (the CSRF check reads request.POST), so request.body cannot
            # be read any more: a 500 for any multipart body. The endpoint takes JSON, and says so.
            raise ApplicationError(
                ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "The body is JSON (Content-Type: application/json).",
                {"content_type": request.content_type},
            )
        body = json_body_load(request.body or b"{}")  # a hostile body is refused before a slot is taken
        # Reading the working copy (up to its largest), the legality check, the statistics and the answer's JSON are
        # the CPU-bound part: behind the gate of expensive requests (api.concurrency), shared with the legality API,
        # so anonymous editors cannot take every thread or every core.
        with expensive_slot(light=is_light(request)):
            return JsonResponse(_editor_state_answer(body))
    except (RequestDataTooBig, ApplicationError) as exc:
        return error_json_for(exc)


def _editor_state_answer(body) -> dict:
    from api.codes import ErrorCode
    from web.editor import EditorInputError, editor_as_of, working_copy_apply

    if not isinstance(body, dict):
        raise EditorInputError(ErrorCode.MALFORMED_REQUEST, "The request body is a JSON object.")
    as_of = editor_as_of(body.get("as_of")) or timezone.localdate()
    game = registry.get(body.get("game") or None)  # UNKNOWN_GAME
    copy = working_copy_from_json(body.get("deck", {}), game=game)
    copy = working_copy_apply(copy, body.get("op") or {}, game=game)
    overlay = body.get("overlay") or None
    if overlay is not None and not isinstance(overlay, str):
        raise EditorInputError(ErrorCode.INVALID_OVERLAY, "An event overlay is given by its id (slug).")
    return editor_state(
        copy=copy,
        format_code=str(body.get("format") or game.default_format),
        as_of=as_of,
        game=game,
        overlay_id=overlay,
        # The deck's saved hand-odds groups (the page sends them): recomputed on every edit.
        odds_groups=body["odds_groups"] if isinstance(body.get("odds_groups"), dict) else None,
    )


@login_required
@require_POST
def deck_delete(request, deck_id: int):
    _owned_or_404(request, deck_id)
    version = posted_version(request)
    if version is None:
        return version_missing(request)
    try:
        deck_services.deck_delete(deck_id=deck_id, user=request.user, if_match=version)
    except deck_services.VersionConflict:
        _conflict(request)
        return redirect("web:my-decks")
    messages.success(request, gettext("The deck was deleted."))
    return redirect("web:my-decks")


@login_required
@require_POST
def deck_copy(request, deck_id: int):
    try:
        deck = deck_services.deck_copy(deck_id=deck_id, user=request.user)
    except deck_services.DeckNotCopyable:
        raise Http404 from None
    messages.success(request, gettext("The deck was copied into your decks."))
    return redirect("web:deck", deck_id=deck.id)


@login_required
def deck_versions(request, deck_id: int):
    deck = _owned_or_404(request, deck_id)
    game_shown(request, deck.game)
    versions = list(deck_selectors.deck_versions_list(deck=deck)[:50])
    for version in versions:
        version.diff = deck_selectors.deck_version_diff(deck=deck, number=version.number)
    return render(request, "web/deck_versions.html", {"deck": deck, "versions": versions, "nav": "my-decks"})


@login_required
@require_POST
def deck_restore(request, deck_id: int, number: int):
    _owned_or_404(request, deck_id)
    version = posted_version(request)
    if version is None:
        return version_missing(request)
    try:
        deck_services.deck_version_restore(deck_id=deck_id, user=request.user, if_match=version, number=number)
    except deck_services.VersionConflict:
        _conflict(request)
        return redirect("web:deck-versions", deck_id=deck_id)
    messages.success(request, gettext("Version %(number)s was restored as a new version.") % {"number": number})
    return redirect("web:deck-versions", deck_id=deck_id)


@login_required
@require_http_methods(["GET", "POST"])
def deck_import(request, deck_id: int):
    """Paste (or upload) a decklist, see the status of every line (decks.services.decklist_resolve), then apply it.
    The deck's game reads it and judges it (games.registry): each game's own list forms."""
    deck = _owned_or_404(request, deck_id)
    form = DeckImportForm(request.POST or None, request.FILES or None)
    lines = None
    unresolved, legality = False, None
    if request.method == "POST" and form.is_valid():
        game = registry.get(deck.game)
        text = _apply_line_fix(form.cleaned_data["text"], fix=request.POST.get("fix"), drop=request.POST.get("drop"))
        if text != form.cleaned_data["text"]:
            form = DeckImportForm({"text": text})
            form.is_valid()
        try:
            decklist = text_decklist(text=text, game=game.code)  # a ydke:// URL, a deck code too
        except DecklistFormatError as exc:  # a malformed ydke:// URL or deck code: said beside the box
            form.add_error("text", gettext("This deck code cannot be read: %(reason)s") % {"reason": exc})
            return render(request, "web/deck_import.html", {"deck": deck, "form": form, "nav": "my-decks"})
        copies = decklist_copies(decklist)
        try:
            copies_check(copies)
        except ApplicationError:
            form.add_error("text", too_many_copies_message(copies))
            return render(request, "web/deck_import.html", _import_context(request, deck, {"deck": deck, "form": form}))
        if "apply" in request.POST:
            if posted_version(request) is None:
                return version_missing(request)
            try:
                deck, lines = deck_services.deck_import(
                    deck_id=deck.id,
                    user=request.user,
                    if_match=posted_version(request),
                    decklist=decklist,
                    replace=request.POST.get("mode", "replace") == "replace",
                )
            except deck_services.VersionConflict:
                _conflict(request)
                return redirect("web:deck-import", deck_id=deck.id)
            except deck_services.DecklistRejected as rejected:
                lines, unresolved = rejected.lines, True
                messages.error(request, gettext("Fix or remove the flagged lines: nothing was imported."))
            else:
                messages.success(request, gettext("The decklist was imported."))
                return redirect("web:deck", deck_id=deck.id)
        else:
            resolved = deck_services.decklist_resolve(decklist=decklist, game=game.code)
            lines, unresolved = resolved.lines, bool(resolved.rejected_lines)
            other = deck_services.decklist_other_game(text=text, game=game.code, resolved=resolved)
            if other is not None:  # another game's list: said in one line, with a deck of that game offered
                context = {"deck": deck, "form": form, "other_game": registry.get(other), "nav": "my-decks"}
                return render(request, "web/deck_import.html", _import_context(request, deck, context))
        try:
            legality = game.legality_report(
                decklist=decklist, format_code=deck.format_code, as_of=None, overlay_id=None
            )
        except ApplicationError:  # the deck's format or overlay is gone: the lines still show
            legality = None
    context = {"deck": deck, "form": form, "lines": lines, "unresolved": unresolved, "legality": legality}
    return render(request, "web/deck_import.html", _import_context(request, deck, {**context, "nav": "my-decks"}))


def _import_context(request, deck, context: dict) -> dict:
    """The import page shows the deck's game: its help, accepted files and example (`game.pages.import_help`)."""
    game = registry.get(deck.game)
    game_shown(request, game.code)
    return {**context, "game": game, "import_help": game.pages.import_help()}


@login_required
@require_POST
def deck_import_new(request):
    """ "Create a deck of that game" from an import page that was given another game's list: a new deck of the game
    (named after the deck the list was pasted into), then the list checked on its import page, as if pasted there."""
    try:
        game = registry.get(request.POST.get("game") or None)
    except ApplicationError:
        raise Http404 from None
    name = (request.POST.get("name") or "").strip()[:100] or gettext("Imported deck")
    deck = deck_services.deck_create(owner=request.user, name=name, game=game.code)
    return deck_import(request, deck.id)


def _apply_line_fix(text: str, *, fix: str | None, drop: str | None) -> str:
    """The pasted text with one line's name replaced by a chosen suggestion (`fix` = "line:name") or one line
    removed (`drop` = "line"): how a suggestion is clicked on the import page."""
    rows = text.splitlines()
    try:
        if fix:
            number, name = fix.split(":", 1)
            index = int(number) - 1
            if 0 <= index < len(rows):
                count = re.search(r"\d{1,3}", rows[index])
                rows[index] = f"{count.group(0) if count else 1} {name}"
        elif drop:
            index = int(drop) - 1
            if 0 <= index < len(rows):
                rows[index] = ""
    except ValueError:
        return text
    return "\n".join(rows)


def deck_export(request, deck_id: int, kind: str):
    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    filename = f"deck-{deck.id}"
    if kind == "text":
        # The zone headings in the page's language (the game's own zone names); the API's export keeps the codes.
        text = deck_services.deck_export_text(deck, japanese=(get_language() or "en").startswith("ja"))
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{filename}.txt"'
    elif kind == "json":
        body = json.dumps(deck_services.deck_export_json(deck), ensure_ascii=False, indent=2)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{filename}.json"'
    elif kind == "sheet":
        response = render(request, registry.get(deck.game).pages.template("web/deck_sheet.html"), _sheet_context(deck))
    else:
        raise Http404
    return response


def _sheet_context(deck) -> dict:
    """The printable sheet in the UI language: entries per zone with their totals, the deck hash of this version.
    Only the zones a registration holds are printed: the considering list is the player's notes, not the deck."""
    game = registry.get(deck.game)
    registered = game.registered_zone_codes()
    zones = [
        {"zone": zone, "entries": entries, "total": sum(entry.quantity for entry in entries)}
        for zone, entries in deck_selectors.deck_entries_by_zone(deck=deck).items()
        if entries and zone in registered
    ]
    if game.pages.template("web/_tile.html") == "web/_tile.html":
        # The core's tile and columns show a game's type line: what its editor tiles show (Game.editor.cards).
        japanese = (get_language() or "en").startswith("ja")
        cards = game.editor.cards([entry.card_id for zone in zones for entry in zone["entries"]])
        for zone in zones:
            for entry in zone["entries"]:
                facts = cards.get(entry.card_id) or {}
                first, second = ("card_type_ja", "card_type") if japanese else ("card_type", "card_type_ja")
                entry.card.type_line = facts.get(first) or facts.get(second) or ""  # type: ignore[attr-defined]
    deck_hash = deck_services.snapshot_canonical_hash(deck_services.deck_snapshot(deck=deck))
    return {"deck": deck, "zones": zones, "printed_on": timezone.localdate(), "deck_hash": deck_hash}


def deck_code_page(request, code: str):
    """A deck code's share link (/decks/code/<code>/): the deck it carries, read-only, in its game (its zones, the
    verdict on today's list of its default format) and the code to paste into an import. Nothing is stored."""
    from cards.models import Card
    from games.deck_codes import deck_code_decode

    try:
        game_code, _ = deck_code_decode(code)
        game = registry.get(game_code)
        decklist = text_decklist(text=code, game=game.code)
    except (ApplicationError, DecklistFormatError) as exc:
        raise Http404(str(exc)) from None
    lines = [line for line in game.read_decklist(decklist) if line.card_id is not None and line.count]
    names = dict(Card.objects.filter(id__in={line.card_id for line in lines}).values_list("id", "name_ja"))
    try:
        legality = game.legality_report(
            decklist=decklist, format_code=game.default_format, as_of=timezone.localdate(), overlay_id=None
        )
    except ApplicationError:  # the format's data is not loaded here: the deck is shown without a verdict
        legality = None
    zones = [
        (zone, [{"card_id": line.card_id, "name_ja": names.get(line.card_id), "count": line.count}
                for line in lines if line.zone == zone.code])
        for zone in game.zones
    ]  # fmt: skip
    context = {
        "game": game,
        "code": code,
        "zones": [(zone, rows) for zone, rows in zones if rows],
        "legality": legality,
        "format_code": game.default_format,
        "nav": "public-decks",
    }
    return render(request, "web/deck_code.html", context)


def _picture_response(deck) -> HttpResponse:
    from decks.picture import deck_picture_png

    response = HttpResponse(deck_picture_png(deck), content_type="image/png")
    response["ETag"] = f'"{deck.version}"'
    response["Cache-Control"] = "public, max-age=3600" if deck.visibility != DeckVisibility.PRIVATE.value else "private"
    return response


@require_GET
def deck_picture(request, deck_id: int):
    """The PNG of a deck the caller may see (decks.picture), cached per deck version."""
    return _picture_response(deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user))


@require_GET
def deck_shared_picture(request, slug: str):
    """The PNG of a public or unlisted deck by its share link: the pages' og:image, which crawlers fetch signed out."""
    return _picture_response(deck_selectors.deck_get_shared(slug=slug))
