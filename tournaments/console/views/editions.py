"""Edition data pages: what each game's edition knows and lacks, fill, export, import."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engines
from referee import jsonparse
from tournaments.console.services import edition_data as svc
from tournaments.console.services.lost_values import has_lost_values
from tournaments.console.views.tools import log_action, organizer_event

FIELD_PREFIX = "leaf:"


def _game_of(event, game: str) -> str:
    if game not in svc.event_game_keys(event):
        raise Http404(_("This event does not play that game."))
    return game


def _summary(event, game: str) -> dict:
    leaves = svc.edition_leaves(game, svc.supplied_spec(event, game))
    engine = engines.get_engine(game)
    return {
        "key": game,
        "name_en": engine.meta.name_en,
        "name_ja": engine.meta.name_ja,
        "known": sum(leaf.known for leaf in leaves),
        "filled": sum(leaf.filled for leaf in leaves),
        "missing": sum(not leaf.known and not leaf.filled for leaf in leaves),
        "problems": svc.check_spec(game, svc.supplied_spec(event, game)),
        "lost_screen": has_lost_values(game),
    }


@login_required
def edition_list(request, slug: str):
    event = organizer_event(request, slug)
    games = [_summary(event, game) for game in svc.event_game_keys(event)]
    return render(request, "console/tools/editions.html", {"event": event, "games": games})


def _parse_fields(post) -> tuple[dict, dict]:
    """Form entries as JSON values per dotted path (blank = leave unknown)."""
    values: dict = {}
    errors: dict = {}
    for name, raw in post.items():
        if not name.startswith(FIELD_PREFIX) or not raw.strip():
            continue
        path = name[len(FIELD_PREFIX) :]
        try:
            values[path] = jsonparse.loads(raw)
        except jsonparse.JSONInputError as error:
            errors[path] = (
                _('Not JSON. Numbers as 3, text as "text", lists as [1, 2].')
                if error.code == "malformed"
                else str(error)  # too deep or too large, with the limit
            )
    return values, errors


@login_required
def edition_detail(request, slug: str, game: str):
    event = organizer_event(request, slug)
    game = _game_of(event, game)
    field_errors: dict = {}
    problems: list[str] = []
    posted: dict = {}
    if request.method == "POST":
        posted = {
            k[len(FIELD_PREFIX) :]: v for k, v in request.POST.items() if k.startswith(FIELD_PREFIX)
        }
        values, field_errors = _parse_fields(request.POST)
        source = request.POST.get("source", "").strip() or _("organizer: physical copy")
        if not field_errors and values:
            try:
                svc.edition_fill(event, game, values, source)
            except svc.EditionDataError as err:
                problems = err.problems
            else:
                log_action(request, event, "edition_filled", game=game, paths=sorted(values))
                messages.success(request, _("Edition data saved and validated."))
                return redirect("tools:edition", slug=event.slug, game=game)
        elif not field_errors:
            problems = [_("Nothing entered.")]
    spec = svc.supplied_spec(event, game)
    leaves = svc.edition_leaves(game, spec)
    rows = [
        {
            "leaf": leaf,
            "shown": json.dumps(leaf.value, ensure_ascii=False) if leaf.value is not None else "",
            "field": posted.get(leaf.path, ""),
            "error": field_errors.get(leaf.path),
        }
        for leaf in leaves
    ]
    context = {
        "event": event,
        "game": _summary(event, game),
        "rows": rows,
        "problems": problems,
        "field_prefix": FIELD_PREFIX,
    }
    return render(request, "console/tools/edition_detail.html", context)


@login_required
def edition_export(request, slug: str, game: str):
    event = organizer_event(request, slug)
    game = _game_of(event, game)
    doc = svc.edition_export(event, game)
    response = HttpResponse(
        json.dumps(doc, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{game}-edition.json"'
    return response


@login_required
@require_POST
def edition_import(request, slug: str, game: str):
    event = organizer_event(request, slug)
    game = _game_of(event, game)
    upload = request.FILES.get("file")
    # One byte past the limit is enough to refuse a huge file without reading all of it.
    text = upload.read(jsonparse.max_bytes() + 1) if upload else request.POST.get("text", "")
    try:
        svc.edition_import(event, game, text)
    except svc.EditionDataError as err:
        for problem in err.problems:
            messages.error(request, problem)
    else:
        log_action(request, event, "edition_imported", game=game)
        messages.success(request, _("Edition data imported and validated."))
    return redirect("tools:edition", slug=event.slug, game=game)
