"""Paper score sheets: the judge's phone form laid out for print.

When phones fail, a judge writes the end position on paper, one column per seat, and
enters it later. The rows are the phone form's (``results.forms.judge_form``) walked in
the same order with the same labels (each engine's ``sheet_words``, in Japanese with English
below), for the options of the event's game: a field its version, preset or board sides
lack is not printed. The categories, with a total and a rank, come from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import translation

import engines
from tournaments.events.models import Event, Round
from tournaments.results.forms import Node, form_options, judge_form
from tournaments.results.selectors import game_options, table_options


@dataclass(frozen=True)
class PaperRow:
    """One line of the sheet: a label pair and how to draw the boxes."""

    label_ja: str
    label_en: str
    kind: str  # heading | box | wide | check | slots
    indent: bool = False
    note: str = ""  # ranges and rule ids, or what to write, in Japanese
    slots: tuple[str, ...] = ()  # kind "slots": small labelled boxes in one cell (ja)
    note_en: str = ""  # what to write, in English


@dataclass(frozen=True)
class PaperSheet:
    game: str
    name_ja: str
    name_en: str
    seats: list[str]  # names, or blanks for a sheet without a table
    player_rows: list[PaperRow]
    table_rows: list[PaperRow]
    categories: list[PaperRow]
    round_number: int | None = None
    table_number: int | None = None
    options: dict = field(default_factory=dict)

    @property
    def compact(self) -> bool:
        """Many lines (Field of Reeds' three levels): smaller boxes keep one A4 page."""
        return len(self.player_rows) + len(self.table_rows) + len(self.categories) > 30


def _range(node: Node) -> str:
    if node.minimum is None and node.maximum is None:
        return ""
    low = "" if node.minimum is None else str(node.minimum)
    high = "" if node.maximum is None else str(node.maximum)
    return f"{low}–{high}"


def _rows(ja: list[Node], en: list[Node], indent: bool = False) -> list[PaperRow]:
    """The paper rows of a list of form nodes (the same tree in both languages)."""
    rows: list[PaperRow] = []
    for a, b in zip(ja, en, strict=True):
        if a.kind in ("int", "count"):
            rows.append(PaperRow(a.label, b.label, "box", indent, _range(a)))
        elif a.kind == "bool":
            rows.append(PaperRow(a.label, b.label, "check", indent))
        elif a.kind in ("select", "choice", "tally"):
            rows.append(
                PaperRow(
                    a.label,
                    b.label,
                    "box",
                    indent,
                    " / ".join(label for _key, label in a.choices),
                    note_en=" / ".join(label for _key, label in b.choices),
                )
            )
        elif a.kind == "multi":
            rows.append(PaperRow(a.label, b.label, "heading", indent))
            rows.extend(
                PaperRow(x, y, "check", True)
                for (_k, x), (_l, y) in zip(a.choices, b.choices, strict=True)
            )
        elif a.kind == "group" and indent and all(c.kind in ("int", "count") for c in a.children):
            # Inside a list item (a season, a level) a group of counts takes one line of
            # small boxes, so the sheet stays on one page.
            rows.append(
                PaperRow(
                    a.label,
                    b.label,
                    "slots",
                    indent,
                    slots=tuple(c.label for c in a.children),
                    note_en=" / ".join(c.label for c in b.children),
                )
            )
        elif a.kind == "group":
            rows.append(PaperRow(a.label, b.label, "heading", indent))
            rows.extend(_rows(a.children, b.children, True))
        elif a.kind == "fixed":
            rows.append(PaperRow(a.label, b.label, "heading", indent))
            for item_a, item_b in zip(a.children, b.children, strict=True):
                rows.append(PaperRow(item_a.label, item_b.label, "heading", indent))
                rows.extend(_rows(item_a.children, item_b.children, True))
        elif a.kind == "rows":
            # Rows a judge adds (pyramids, hand cards): one wide box listing what each
            # row holds, in the form's order.
            what_ja = "" if a.scalar_item else " · ".join(c.label for c in a.children)
            what_en = "" if a.scalar_item else " · ".join(c.label for c in b.children)
            rows.append(PaperRow(a.label, b.label, "wide", indent, what_ja, note_en=what_en))
        else:  # text, strlist, keycounts: written out
            rows.append(PaperRow(a.label, b.label, "wide", indent))
    return rows


def _rule(rule: str | None) -> str:
    """The rule's reference as printed in the rulebook notes (S1), without the game key."""
    return (rule or "").partition(":")[2] or (rule or "")


def paper_sheet(
    game: str,
    seats: list[str] | None = None,
    preset: str | None = None,
    overrides: dict | None = None,
    **where,
) -> PaperSheet:
    """The printable sheet of ``game`` for the options ``preset`` and ``overrides`` give;
    ``seats`` names the players (blank boxes else)."""
    engine = engines.get_engine(game)
    seats = list(seats) if seats else [""] * engine.meta.max_players
    schema = engine.sheet_schema()
    options = form_options(engine, preset, overrides)
    forms = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            forms[lang] = judge_form(game, schema, seats, options)
    ja, en = forms["ja"], forms["en"]
    return PaperSheet(
        game=game,
        name_ja=engine.meta.name_ja,
        name_en=engine.meta.name_en,
        seats=seats,
        player_rows=_rows(ja.players[0][1].children, en.players[0][1].children),
        table_rows=_rows(ja.table, en.table),
        categories=[PaperRow(c.ja, c.en, "box", note=_rule(c.rule)) for c in engine.categories],
        options=options,
        **where,
    )


def event_paper_sheet(event: Event, game: str) -> PaperSheet:
    """A blank sheet of one of the event's games, for the options it plays."""
    preset, overrides, _edition = game_options(event, game)
    return paper_sheet(game, preset=preset, overrides=overrides)


def round_paper_sheets(rnd: Round) -> list[PaperSheet]:
    """One sheet per table of the round, with the seated players' names in seat order."""
    sheets = []
    for table in rnd.tables.order_by("number").prefetch_related("seats__registration__player"):
        names = [s.registration.player.display_name for s in table.seats.order_by("position")]
        game = table.game_key or rnd.effective_game_key
        preset, overrides, _edition = table_options(table)
        sheets.append(
            paper_sheet(
                game,
                names,
                preset=preset,
                overrides=overrides,
                round_number=rnd.number,
                table_number=table.number,
            )
        )
    return sheets
