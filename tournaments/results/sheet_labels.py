"""Words a judge reads on the score-sheet form: field labels, choices, row titles, hints.

Keyed by game and the engine's field name, because a name can mean different things in
two games (``cards``, ``total``). A field without a label here shows a readable fallback
and the translation test (tests/tournaments/results/test_translations.py) fails, so a new
engine field cannot reach a /ja/ page as a raw key.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# (game, field) -> label; (None, field) is shared by every game.
LABELS = {
    # Imhotep
    ("imhotep", "track"): _("Score track"),
    ("imhotep", "sled"): _("Stones on the sled"),
    ("imhotep", "obelisk"): _("Obelisk stones"),
    ("imhotep", "obelisks_erected"): _("Obelisks erected"),
    ("imhotep", "cards"): _("Cards held"),
    ("imhotep", "missing_monuments"): _("Monuments without stones"),
    ("imhotep", "burial"): _("Burial chamber (seat of each stone, in order)"),
    ("imhotep", "pyramid_stones"): _("Stones on the pyramid"),
    ("imhotep", "temple_stones"): _("Stones on the temple"),
    # Nile Murals
    ("nile_murals", "combo"): _("Combo track"),
    ("nile_murals", "area"): _("Area track"),
    ("nile_murals", "miss"): _("Miss track"),
    # Field of Reeds
    ("field_of_reeds", "levels"): _("Levels"),
    ("field_of_reeds", "reached"): _("Reached the watcher space"),
    ("field_of_reeds", "distance"): _("Spaces still to go"),
    ("field_of_reeds", "djeds"): _("Djeds moved to the sheet, by space colour"),
    ("field_of_reeds", "black_to"): _("Where the black-space Djeds went (optional)"),
    ("field_of_reeds", "reused"): _("Djeds taken back from the sheet (Q11)"),
    ("field_of_reeds", "djeds_complete"): _("All Djeds of this level are known"),
    ("field_of_reeds", "points"): _("Points from cards at this level (gains minus costs)"),
    ("field_of_reeds", "shabti"): _("Shabti"),
    ("field_of_reeds", "total"): _("Score track at the end (cross-check)"),
    ("field_of_reeds", "red"): _("Red"),
    ("field_of_reeds", "blue"): _("Blue"),
    ("field_of_reeds", "yellow"): _("Yellow"),
    ("field_of_reeds", "black"): _("Black"),
    ("field_of_reeds", "watcher"): _("Watcher space"),
    # Tameri
    ("tameri", "play_points"): _("Points during play"),
    ("tameri", "seasons"): _("Season ends"),
    ("tameri", "revealed"): _("Resources revealed behind the screen"),
    ("tameri", "pharaoh_points"): _("Pharaoh points (only if the resources were not written)"),
    ("tameri", "final_glyph"): _("Final glyph matched"),
    ("tameri", "building_points"): _("Building points at this season end"),
    ("tameri", "remaining_offerings"): _("Remaining offerings"),
    ("tameri", "building_symbols"): _("Building symbols (one per building)"),
    ("tameri", "priest_card_points"): _("Priest card points"),
    ("tameri", "hand"): _("Hand cards"),
    ("tameri", "number"): _("Card number"),
    ("tameri", "left"): _("Left glyphs"),
    ("tameri", "right"): _("Right glyphs"),
    ("tameri", "hand_glyph_points"): _("Hand glyph points (only if the hand was not written)"),
    ("tameri", "hand_glyph_counts"): _("Hand glyphs per type"),
    ("tameri", "highest_card"): _("Highest card in hand (only if the hand was not written)"),
    ("tameri", "leftovers"): _("Left in the personal supply"),
    ("tameri", "barley"): _("Barley"),
    ("tameri", "papyrus"): _("Papyrus"),
    ("tameri", "flax"): _("Flax"),
    ("tameri", "fruit"): _("Fruit"),
    ("tameri", "resources"): _("Resources"),
    ("tameri", "deben"): _("Deben"),
    ("tameri", "silt"): _("Silt"),
    # Terra Pyramides
    ("terra_pyramides", "foundations"): _("Occupied foundations (values)"),
    ("terra_pyramides", "pyramids"): _("Pyramids with your worker"),
    ("terra_pyramides", "built"): _("Pyramids built (missions)"),
    ("terra_pyramides", "level"): _("Level"),
    ("terra_pyramides", "colour"): _("Colour"),
    ("terra_pyramides", "foundation_value"): _("Foundation value"),
    ("terra_pyramides", "blocks"): _("Blocks"),
    ("terra_pyramides", "coins"): _("Coins"),
    ("terra_pyramides", "horus_track"): _("Horus track"),
    ("terra_pyramides", "grave_goods"): _("Grave goods"),
    ("terra_pyramides", "oasis_track"): _("Oasis track"),
    ("terra_pyramides", "palms"): _("Palms reached by the boat"),
    ("terra_pyramides", "boat"): _("Boat"),
    ("terra_pyramides", "space"): _("Boat space"),
    ("terra_pyramides", "arrival"): _("Boat arrival order on its space"),
    ("terra_pyramides", "sites_claimed"): _("Sites ever claimed"),
    ("terra_pyramides", "cards"): _("Cards owned"),
}

# Titles of one row of a list: "Pyramid 2", "Season 1".
ITEM_LABELS = {
    ("imhotep", "burial"): _("Stone"),
    ("field_of_reeds", "levels"): _("Level"),
    ("tameri", "seasons"): _("Season"),
    ("tameri", "building_symbols"): _("Building"),
    ("tameri", "hand"): _("Card"),
    ("tameri", "hand_glyph_counts"): _("Glyph"),
    ("terra_pyramides", "foundations"): _("Foundation"),
    ("terra_pyramides", "pyramids"): _("Pyramid"),
    ("terra_pyramides", "built"): _("Pyramid"),
}

# Choices inside a field: the names the rulebooks print (as on the paper sheet).
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

# A word under a field where its meaning depends on the event's options.
SIDE_HINTS = {
    ("imhotep", "obelisk", "A"): _("Side A: stones in your obelisk stack"),
    ("imhotep", "obelisk", "B"): _("Side B: your stones still waiting beside the board"),
}


def label(game: str | None, name: str) -> str | None:
    found = LABELS.get((game, name))
    return None if found is None else str(found)


def item_label(game: str | None, name: str) -> str | None:
    found = ITEM_LABELS.get((game, name))
    return None if found is None else str(found)


def option_label(game: str | None, name: str, option: str) -> str | None:
    found = OPTION_LABELS.get((game, name, option))
    return None if found is None else str(found)
