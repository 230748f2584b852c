"""Grid editor for a Terra Pyramides board map (edition data), one side at a time.

Works without JavaScript: the size form reloads the page with a grid of rows x cols
cells, each a select of square kind and symbol; saving validates through the engine.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.console.services import edition_boards as boards
from tournaments.console.services import edition_data
from tournaments.console.views.tools import log_action, organizer_event

KIND_LABELS = {
    "": gettext_lazy("plain"),
    "site": gettext_lazy("building site"),
    "oasis": gettext_lazy("oasis"),
    "start": gettext_lazy("start square"),
    "nile": gettext_lazy("Nile"),
}
SYMBOL_LABELS = {"": "—", "sphinx": gettext_lazy("sphinx"), "scarab": gettext_lazy("scarab")}
SIDE_LABELS = {"standard": gettext_lazy("standard side"), "nile": gettext_lazy("Nile side")}


def _size(value, default: int) -> int:
    try:
        return max(1, min(int(value), boards.MAX_SIZE))
    except (TypeError, ValueError):
        return default


@login_required
def board_editor(request, slug: str, side: str):
    event = organizer_event(request, slug)
    if boards.GAME not in edition_data.event_game_keys(event) or side not in boards.SIDES:
        raise Http404(_("This event does not play that game."))
    current = boards.current_board(event, side)
    rows = _size(request.GET.get("rows"), current.get("rows") or 10)
    cols = _size(request.GET.get("cols"), current.get("cols") or 10)
    problems: list[str] = []
    if request.method == "POST":
        rows = _size(request.POST.get("rows"), rows)
        cols = _size(request.POST.get("cols"), cols)
        cells = {
            (r, c): (request.POST.get(f"k-{r}-{c}", ""), request.POST.get(f"s-{r}-{c}", ""))
            for r in range(rows)
            for c in range(cols)
        }
        source = request.POST.get("source", "").strip() or _("organizer: physical copy")
        try:
            values = boards.board_values(side, rows, cols, cells)
            boards.board_store(event, side, values, source)
        except edition_data.EditionDataError as err:
            problems = err.problems
            current = {"rows": rows, "cols": cols}
            grid = [[{"kind": cells[(r, c)][0], "symbol": cells[(r, c)][1]} for c in range(cols)]
                    for r in range(rows)]  # fmt: skip
        else:
            log_action(request, event, "edition_board_saved", game=boards.GAME, side=side)
            messages.success(request, _("Board map saved and validated."))
            return redirect("tools:board", slug=event.slug, side=side)
    else:
        grid = boards.grid_of(current, rows, cols)
    kinds = [(k, KIND_LABELS[k]) for k in ("", *boards.kinds_for(side))]
    context = {
        "event": event,
        "side": side,
        "side_label": SIDE_LABELS[side],
        "sides": [(s, SIDE_LABELS[s]) for s in boards.SIDES],
        "rows": rows,
        "cols": cols,
        "grid": [(r, [(c, cell) for c, cell in enumerate(line)]) for r, line in enumerate(grid)],
        "kinds": kinds,
        "symbols": list(SYMBOL_LABELS.items()),
        "problems": problems,
        "stored": bool(current.get("sites")),
    }
    return render(request, "console/tools/board_editor.html", context)


@login_required
def nile_areas_editor(request, slug: str):
    """Nile Murals: mark each of the 100 squares with its area and give each area its
    printed value (I, II or III)."""
    event = organizer_event(request, slug)
    if boards.NILE not in edition_data.event_game_keys(event):
        raise Http404(_("This event does not play that game."))
    count = boards.nile_area_count(event)
    area_of, values = boards.nile_current_areas(event)
    problems: list[str] = []
    if request.method == "POST":
        area_of, values = {}, {}
        for square in range(100):
            raw = request.POST.get(f"a-{square}", "")
            if raw.isdigit():
                area_of[square] = int(raw) - 1
        for index in range(count):
            raw = request.POST.get(f"v-{index}", "")
            values[index] = int(raw) if raw in ("1", "2", "3") else None
        source = request.POST.get("source", "").strip() or _("organizer: physical copy")
        try:
            areas = boards.nile_areas_values(count, area_of, values)
            boards.nile_areas_store(event, areas, source)
        except edition_data.EditionDataError as err:
            problems = err.problems
        else:
            log_action(request, event, "edition_areas_saved", game=boards.NILE)
            messages.success(request, _("Area map saved and validated."))
            return redirect("tools:nile-areas", slug=event.slug)
    grid = [
        (row, [(row * 10 + col, area_of.get(row * 10 + col)) for col in range(10)])
        for row in range(10)
    ]
    context = {
        "event": event,
        "grid": grid,
        "areas": [(i, i + 1, values.get(i)) for i in range(count)],
        "problems": problems,
    }
    return render(request, "console/tools/nile_areas.html", context)
