"""Paper score sheets: the engine's sheet schema and categories laid out for print.

When phones fail, a judge writes the end position on paper (the same fields the judge
page asks for, one column per seat) and the categories with a total and a rank, then
enters it later. Field labels come from the judge form generator
(``tournaments.judge_forms``) in both Japanese and English; categories from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext_lazy as _

import engines
from tournaments.events.models import Round
from tournaments.results.forms import FIELD_LABELS, FormField, sheet_form

# Labels for sheet fields the judge form shows by their schema title (Japanese terms as
# in the engines' category names); keyed by game so a field name may differ per game.
PAPER_LABELS = {
    ("field_of_reeds", "levels"): _("Levels (one entry per level)"),
    ("field_of_reeds", "shabti"): _("Shabti"),
    ("field_of_reeds", "total"): _("Score track at the end (cross-check)"),
    ("nile_murals", "combo"): _("Combo track"),
    ("nile_murals", "area"): _("Area track"),
    ("nile_murals", "miss"): _("Miss track"),
    ("tameri", "play_points"): _("Points during play"),
    ("tameri", "seasons"): _("Seasons (one entry per season)"),
    ("tameri", "remaining_offerings"): _("Remaining offerings"),
    ("tameri", "building_symbols"): _("Building symbols"),
    ("tameri", "priest_card_points"): _("Priest card points"),
    ("tameri", "hand"): _("Hand cards"),
    ("tameri", "hand_glyph_points"): _("Hand glyph points"),
    ("tameri", "hand_glyph_counts"): _("Hand glyphs per type"),
    ("tameri", "highest_card"): _("Highest card in hand"),
    ("tameri", "resources"): _("Resources"),
    ("tameri", "deben"): _("Deben"),
    ("tameri", "silt"): _("Silt"),
    ("terra_pyramides", "horus_track"): _("Horus track"),
    ("terra_pyramides", "grave_goods"): _("Grave goods"),
    ("terra_pyramides", "oasis_track"): _("Oasis track"),
    ("terra_pyramides", "palms"): _("Palms reached by the boat"),
    ("terra_pyramides", "space"): _("Boat space"),
    ("terra_pyramides", "arrival"): _("Boat arrival order on its space"),
    ("terra_pyramides", "sites_claimed"): _("Sites ever claimed"),
}


# Choices inside a field (card kinds, monuments, strategy cards): the names the rulebooks
# print (Japanese as printed, English as in /work/shared/rules: imhotep.md C2 and the
# market card table, terra_pyramides.md S12), keyed by game, field and the engine's key.
OPTION_LABELS = {
    ("imhotep", "cards", "pyramid_decoration"): _("Pyramid Decoration"),
    ("imhotep", "cards", "temple_decoration"): _("Temple Decoration"),
    ("imhotep", "cards", "burial_decoration"): _("Burial Chamber Decoration"),
    ("imhotep", "cards", "obelisk_decoration"): _("Obelisk Decoration"),
    ("imhotep", "cards", "statue"): _("Statue"),
    ("imhotep", "cards", "lever"): _("Lever"),
    ("imhotep", "cards", "hammer"): _("Hammer"),
    ("imhotep", "cards", "sail"): _("Sail"),
    ("imhotep", "cards", "chisel"): _("Chisel"),
    ("imhotep", "missing_monuments", "pyramid"): _("Pyramid"),
    ("imhotep", "missing_monuments", "temple"): _("Temple"),
    ("imhotep", "missing_monuments", "burial"): _("Burial Chamber"),
    ("imhotep", "missing_monuments", "obelisk"): _("Obelisk"),
    ("terra_pyramides", "cards", "grave_goods"): _("Grave goods"),
    ("terra_pyramides", "cards", "horus_eyes"): _("Horus eye"),
    ("terra_pyramides", "cards", "oasis"): _("Oasis"),
    ("terra_pyramides", "cards", "nile"): _("Nile"),
    ("terra_pyramides", "cards", "highest_pyramid"): _("Highest pyramid"),
    ("terra_pyramides", "cards", "most_pyramids"): _("Most pyramids"),
}


def option_label(game: str, field_name: str, option: str, lang: str) -> str:
    """The printed name of a choice; an option without one shows its key with spaces."""
    label = OPTION_LABELS.get((game, field_name, option))
    if label is None:
        return option.replace("_", " ")
    with translation.override(lang):
        return str(label)


def _label(game: str, form_field: FormField, lang: str) -> str:
    extra = PAPER_LABELS.get((game, form_field.name))
    if extra is None or form_field.name in FIELD_LABELS:
        return form_field.label
    with translation.override(lang):
        return str(extra)


@dataclass(frozen=True)
class PaperRow:
    """One line of the sheet: a label pair and how to draw the boxes."""

    label_ja: str
    label_en: str
    kind: str  # box | wide | check
    indent: bool = False
    note: str = ""


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


def _rows(game: str, fields_ja: list[FormField], fields_en: list[FormField]) -> list[PaperRow]:
    rows: list[PaperRow] = []
    for ja, en in zip(fields_ja, fields_en, strict=True):
        label_ja, label_en = _label(game, ja, "ja"), _label(game, en, "en")
        note = ""
        if ja.minimum is not None or ja.maximum is not None:
            low = "" if ja.minimum is None else str(ja.minimum)
            high = "" if ja.maximum is None else str(ja.maximum)
            note = f"{low}–{high}"
        if ja.widget in ("counts", "multi"):
            rows.append(PaperRow(label_ja, label_en, "heading"))
            kind = "box" if ja.widget == "counts" else "check"
            rows.extend(
                PaperRow(
                    option_label(game, ja.name, option, "ja"),
                    option_label(game, ja.name, option, "en"),
                    kind,
                    indent=True,
                )
                for option in ja.options
            )
        elif ja.widget in ("intlist", "json", "text"):
            rows.append(PaperRow(label_ja, label_en, "wide", note=note))
        elif ja.widget == "bool":
            rows.append(PaperRow(label_ja, label_en, "check"))
        elif ja.widget == "select":
            choices = [
                f"{option_label(game, ja.name, o, 'ja')} {option_label(game, ja.name, o, 'en')}"
                for o in ja.options
            ]
            rows.append(PaperRow(label_ja, label_en, "box", note=" / ".join(choices)))
        else:
            rows.append(PaperRow(label_ja, label_en, "box", note=note))
    return rows


def paper_sheet(game: str, seats: list[str] | None = None, **where) -> PaperSheet:
    """The printable sheet of ``game``; ``seats`` names the players (blank boxes else)."""
    engine = engines.get_engine(game)
    seats = list(seats) if seats else [""] * engine.meta.max_players
    schema = engine.sheet_schema()
    with translation.override("ja"):
        form_ja = sheet_form(schema, seats)
    with translation.override("en"):
        form_en = sheet_form(schema, seats)
    return PaperSheet(
        game=game,
        name_ja=engine.meta.name_ja,
        name_en=engine.meta.name_en,
        seats=seats,
        player_rows=_rows(game, form_ja.players[0][1], form_en.players[0][1]),
        table_rows=_rows(game, form_ja.table_fields, form_en.table_fields),
        categories=[PaperRow(c.ja, c.en, "box", note=c.rule) for c in engine.categories],
        **where,
    )


def round_paper_sheets(rnd: Round) -> list[PaperSheet]:
    """One sheet per table of the round, with the seated players' names in seat order."""
    sheets = []
    for table in rnd.tables.order_by("number").prefetch_related("seats__registration__player"):
        names = [s.registration.player.display_name for s in table.seats.order_by("position")]
        game = table.game_key or rnd.effective_game_key
        sheets.append(paper_sheet(game, names, round_number=rnd.number, table_number=table.number))
    return sheets
