"""Registration from the console: one player at a time, a CSV file with a preview, late
entries and substitutes.

The CSV import is two steps: :func:`players_csv_preview` parses and checks every line
without writing anything; :func:`players_csv_import` writes all lines in one transaction
and refuses when the preview has any error (nothing half-imported).

CSV format: a header row naming the columns; ``name`` (or ``display_name``) is required,
``reading`` (kana) and ``club`` are optional. UTF-8 (with or without BOM) or Shift_JIS
(cp932, what Excel saves in Japan).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from referee import unstorable
from tournaments.events import names
from tournaments.events.models import Event, Player, Registration, Seat
from tournaments.events.services.registrations import (
    registration_check_in,
    registration_create,
    registration_drop,
)
from tournaments.results.models import ResultSubmission

NAME_COLUMNS = ("name", "display_name", "名前", "氏名")
READING_COLUMNS = ("reading", "kana", "よみ", "読み", "ふりがな")
CLUB_COLUMNS = ("club", "所属")
MAX_NAME = 100
MAX_ROWS = 2_000


class ImportRefused(Exception):
    """The import has errors; nothing was saved."""


@dataclass
class ImportRow:
    line: int
    name: str
    reading: str
    club: str
    errors: list[str] = field(default_factory=list)
    existing_player_id: int | None = None


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    errors: list[str]  # problems with the file itself

    @property
    def ok(self) -> bool:
        return not self.errors and not any(r.errors for r in self.rows)

    @property
    def error_count(self) -> int:
        return len(self.errors) + sum(len(r.errors) for r in self.rows)


def decode_upload(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportRefused(_("The file is neither UTF-8 nor Shift_JIS text."))


def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    lowered = [h.strip().lower() for h in header]
    return next((lowered.index(n) for n in names if n in lowered), None)


def players_csv_preview(event: Event, text: str) -> ImportPreview:
    """Parse and check every line; writes nothing."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        return ImportPreview([], [_("The file is empty.")])
    except csv.Error as error:
        return ImportPreview([], [_("Not a CSV file: %(error)s") % {"error": error}])
    name_col = _column(header, NAME_COLUMNS)
    if name_col is None:
        return ImportPreview([], [_("The header has no name column (name, reading, club).")])
    reading_col = _column(header, READING_COLUMNS)
    club_col = _column(header, CLUB_COLUMNS)
    registered = set(
        Registration.objects.filter(event=event).values_list(
            "player__display_name", "player__reading"
        )
    )
    rows: list[ImportRow] = []
    seen: dict[tuple[str, str], int] = {}
    file_errors: list[str] = []
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue

            def cell(col, cells=cells):
                return cells[col].strip() if col is not None and col < len(cells) else ""

            row = ImportRow(line, cell(name_col), cell(reading_col), cell(club_col))
            for column, value in zip(header, cells, strict=False):
                if unstorable.bad(value):  # PostgreSQL cannot store it, not even to compare
                    row.errors.append(
                        _("The column “%(column)s” holds a character that cannot be used.")
                        % {"column": unstorable.shown(column)}
                    )
            if len(cells) > len(header):
                row.errors.append(_("More cells than header columns."))
            if not row.name:
                row.errors.append(_("The name is missing."))
            for problem in (
                names.name_problem(row.name),
                names.reading_problem(row.reading),
                names.text_problem(row.club),
            ):
                if problem:
                    row.errors.append(problem)
            for label, value in (("name", row.name), ("reading", row.reading), ("club", row.club)):
                if len(value) > MAX_NAME:
                    row.errors.append(
                        _("The %(field)s is longer than %(max)d characters.")
                        % {"field": label, "max": MAX_NAME}
                    )
            key = (row.name, row.reading)
            if row.name and key in seen:
                row.errors.append(
                    _("Same name and reading as line %(line)d.") % {"line": seen[key]}
                )
            seen.setdefault(key, line)
            if key in registered:
                row.errors.append(_("Already registered for this event."))
            rows.append(row)
            if len(rows) > MAX_ROWS:
                file_errors.append(_("More than %(max)d players.") % {"max": MAX_ROWS})
                break
    except csv.Error as error:
        file_errors.append(_("Not a CSV file: %(error)s") % {"error": error})
    if not rows and not file_errors:
        file_errors.append(_("The file has no players."))
    existing = {
        (p.display_name, p.reading): p.pk
        for p in Player.objects.filter(
            display_name__in=[r.name for r in rows if not unstorable.bad(r.name)]
        )
    }
    for row in rows:
        row.existing_player_id = existing.get((row.name, row.reading))
    return ImportPreview(rows, file_errors)


@transaction.atomic
def players_csv_import(event: Event, text: str, *, check_in: bool = False) -> list[Registration]:
    """Register every line of the file, or nothing (ImportRefused) when any line is wrong."""
    preview = players_csv_preview(event, text)
    if not preview.ok:
        raise ImportRefused(
            _("%(count)d error(s); nothing was saved.") % {"count": preview.error_count}
        )
    return [
        player_register(
            event,
            row.name,
            row.reading,
            row.club,
            check_in=check_in,
            player_id=row.existing_player_id,
        )
        for row in preview.rows
    ]


@transaction.atomic
def player_register(
    event: Event,
    name: str,
    reading: str = "",
    club: str = "",
    *,
    check_in: bool = False,
    player_id: int | None = None,
) -> Registration:
    """Register one person (a known Player with the same name and reading is reused)."""
    if player_id is not None:
        player = Player.objects.get(pk=player_id)
    else:
        player = Player.objects.filter(display_name=name, reading=reading).first()
        if player is None:
            player = Player(display_name=name, reading=reading, club=club)
            player.full_clean()
            player.save()
    if Registration.objects.filter(event=event, player=player).exists():
        raise ImportRefused(_("Already registered for this event."))
    registration = registration_create(event=event, player=player)
    if check_in:
        registration = registration_check_in(registration_id=registration.pk)
    return registration


@transaction.atomic
def registration_substitute(
    *, registration_id: int, name: str, reading: str = "", club: str = ""
) -> Registration:
    """A substitute takes over a player's place: the player is dropped, the substitute is
    registered and checked in, and takes the player's seats in rounds whose tables have no
    result yet (the earlier results stay the dropped player's)."""
    old = Registration.objects.select_for_update().get(pk=registration_id)
    new = player_register(old.event, name, reading, club, check_in=True)
    open_seats = Seat.objects.filter(registration=old, round__status__in=["draft", "published"])
    for seat in open_seats.select_related("table"):
        live = ResultSubmission.objects.filter(table=seat.table).exclude(status="discarded")
        if live.exists():
            continue
        Seat.objects.filter(pk=seat.pk).update(registration=new)
    registration_drop(registration_id=old.pk)
    return new
