"""Forms of the organizer console (plain Django forms; services do the writing)."""

from __future__ import annotations

import json
import re

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.functional import lazy
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from referee import jsonparse
from tournaments.events.models import Event
from tournaments.events.selectors.event_config import (
    DEFAULTS,
    RELEASE_POLICIES,
    ROUND1_SEEDINGS,
    SEATING_MODES,
    SHEET_ENTRIES,
)
from tournaments.results.models import POLICY_TRUSTS, ConfirmationPolicy
from tournaments.results.selectors import violation_json
from tournaments.results.violation_text import violation_text
from tournaments.seating.optimiser import PenaltyWeights, SeatingError
from tournaments.standings.metrics import METRICS
from tournaments.standings.selectors import standings_config_of
from tournaments.standings.types import DEFAULT_PRECEDENCE, StandingsError

RESERVED_SLUGS = frozenset({"new", "import", "extra", "tools", "ratings", "sheets"})


def _games() -> list[tuple[str, str]]:
    """The games by name in the page's language (the choices are read per request)."""
    import engines

    ja = (get_language() or "").startswith("ja")
    return [("", _("A game per round"))] + [
        (key, meta.name_ja if ja else meta.name_en)
        for key in engines.available_engines()
        for meta in [engines.get_engine(key).meta]
    ]


# What each stored choice means, in words (the stored values stay the engine's keys).
SEATING_MODE_LABELS = {
    "random": _("at random"),
    "standings": _("by standings (players of similar standing meet)"),
}
ROUND1_SEEDING_LABELS = {
    "random": _("at random"),
    "rating": _("by league rating"),
}
SHEET_ENTRY_LABELS = {
    "detail": _("every value on the sheet (the engine checks them all)"),
    "subtotal": _("subtotals from the score track where the game offers them (fewer taps)"),
}

RELEASE_POLICY_LABELS = {
    "immediate": _("at once, as each result is confirmed"),
    "on_close": _("when the round is closed"),
}


def _round_games_help() -> str:
    """How to write the games per round; the game keys as typed, with their names."""
    import engines

    keys = format_html_join(
        ", ",
        "<code>{}</code> {}",
        ((key, name) for key, name in _games() if key in engines.available_engines()),
    )
    return format_html(
        str(_("Round number and game key, separated by commas, e.g. {example}. Keys: {keys}")),
        example=format_html("<code>{}</code>", "1:imhotep, 2:tameri"),
        keys=keys,
    )


# The seating cost's weighted terms (PenaltyWeights), as a recorded seating shows them.
WEIGHT_LABELS = {
    "spread": _("spread"),
    "seat": _("seat balance"),
    "club": _("same club"),
    "small_table": _("repeated small tables"),
}


_ALLOWED = re.compile(r"Input should be (.+)$")


def option_problems(engine, error: Exception) -> str:
    """An engine's refusal of the options, said in the page's language: each problem as
    the judge pages say it (never pydantic's text), after the option it concerns."""
    violations = getattr(error, "violations", None)
    if not violations:
        return str(error)
    lang = "ja" if (get_language() or "").startswith("ja") else "en"
    lines = []
    for violation in violations:
        text = violation_text(violation_json(engine, violation), lang)
        allowed = _ALLOWED.search(str((violation.params or {}).get("detail", "")))
        if violation.code in ("malformed.literal_error", "malformed.enum") and allowed:
            # The organizer typed the value: name the ones the engine takes.
            text = _("One of: %(values)s") % {
                "values": ", ".join(re.split(r", | or ", allowed.group(1)))
            }
        where = (violation.path or "").removeprefix("$.options").lstrip(".")
        lines.append(f"{where}: {text}" if where else text)
    return "; ".join(lines)


def _labelled(values, labels) -> list[tuple[str, str]]:
    return [(value, labels.get(value, value)) for value in values]


def _json_field(label, required=False):
    return forms.CharField(
        label=label, required=required, widget=forms.Textarea(attrs={"rows": 2}), initial="{}"
    )


class EventForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=200)
    slug = forms.SlugField(label=_("slug"), max_length=100)
    venue = forms.CharField(label=_("venue"), max_length=200, required=False)
    league_name = forms.CharField(
        label=_("league"),
        max_length=120,
        required=False,
        help_text=_(
            "Events of one league (e.g. every event at this café) share player ratings. "
            "A new name starts a new league; blank: no league."
        ),
    )
    starts_on = forms.DateField(
        label=_("starts on"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(label=_("ends on"), widget=forms.DateInput(attrs={"type": "date"}))
    game_key = forms.ChoiceField(label=_("game"), choices=_games, required=False)
    round_games = forms.CharField(
        label=_("games per round"), required=False, help_text=lazy(_round_games_help, str)()
    )
    options_preset = forms.CharField(label=_("options preset"), max_length=60, required=False)
    variants = _json_field(_("option overrides (JSON)"))
    game_presets = _json_field(_("presets per game (JSON, multi-game events)"))
    game_variants = _json_field(_("option overrides per game (JSON, multi-game events)"))
    table_sizes = forms.CharField(label=_("table sizes, preferred first (4,3)"), initial="4,3")
    rounds_planned = forms.IntegerField(label=_("rounds planned"), min_value=1, initial=3)
    placement_points = _json_field(_("tournament points by table size (JSON)"))
    precedence = forms.CharField(
        label=_("standings precedence"), initial=",".join(DEFAULT_PRECEDENCE)
    )
    bye_points = forms.CharField(label=_("bye points"), initial=DEFAULTS["bye_points"])
    seating_mode = forms.ChoiceField(
        label=_("seating mode"),
        choices=_labelled(SEATING_MODES, SEATING_MODE_LABELS),
        initial="standings",
    )
    round1_seeding = forms.ChoiceField(
        label=_("round 1 seeding"),
        choices=_labelled(ROUND1_SEEDINGS, ROUND1_SEEDING_LABELS),
        initial="random",
    )
    weight_spread = forms.FloatField(label=_("weight: spread"), min_value=0, initial=1.0)
    weight_seat = forms.FloatField(label=_("weight: seat balance"), min_value=0, initial=2.0)
    weight_club = forms.FloatField(label=_("weight: same club"), min_value=0, initial=5.0)
    weight_small_table = forms.FloatField(
        label=_("weight: repeated small tables"), min_value=0, initial=4.0
    )
    confirmation_policy = forms.ChoiceField(
        label=_("confirmation policy"), choices=ConfirmationPolicy.choices, initial="players"
    )
    release_policy = forms.ChoiceField(
        label=_("release policy"),
        choices=_labelled(RELEASE_POLICIES, RELEASE_POLICY_LABELS),
        initial="immediate",
    )
    round_minutes = forms.IntegerField(label=_("minutes per round"), min_value=5, initial=90)
    sheet_entry = forms.ChoiceField(
        label=_("score sheet entry for judges"),
        choices=_labelled(SHEET_ENTRIES, SHEET_ENTRY_LABELS),
        initial="detail",
        required=False,  # an older form without the field keeps every-value entry
        help_text=_(
            "Where a game's engine offers subtotals (Tameri), judges enter them instead of "
            "every value; the judge's table page lists the checks this gives up."
        ),
    )
    finals_cut = forms.IntegerField(label=_("players in the final"), min_value=2, initial=4)

    def __init__(self, *args, instance: Event | None = None, **kwargs):
        self.instance = instance
        super().__init__(*args, **kwargs)

    @staticmethod
    def policy_trusts() -> list[tuple[str, str]]:
        """What each confirmation policy trusts, shown under the form (issue 21)."""
        return [(label, POLICY_TRUSTS[value]) for value, label in ConfirmationPolicy.choices]

    def _json(self, name):
        raw = (self.cleaned_data.get(name) or "").strip() or "{}"
        try:
            value = jsonparse.loads(raw)
        except jsonparse.JSONInputError as error:  # too deep or too large: the reason as is
            reason = error.__cause__ if error.code == "malformed" else None
            raise forms.ValidationError(
                _("Not valid JSON: %(error)s") % {"error": reason} if reason else str(error)
            ) from error
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Expected a JSON object."))
        return value

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if slug in RESERVED_SLUGS:  # console paths of their own
            raise forms.ValidationError(_("This slug is reserved; choose another."))
        return slug

    def clean_variants(self):
        return self._json("variants")

    def clean_game_presets(self):
        return self._json("game_presets")

    def clean_game_variants(self):
        return self._json("game_variants")

    def clean_placement_points(self):
        return self._json("placement_points")

    def clean_table_sizes(self):
        try:
            return [
                int(x) for x in self.cleaned_data["table_sizes"].replace(" ", "").split(",") if x
            ]
        except ValueError as error:
            raise forms.ValidationError(_("Whole numbers separated by commas.")) from error

    def clean_round_games(self):
        import engines

        out = {}
        for part in filter(
            None, (self.cleaned_data.get("round_games") or "").replace(" ", "").split(",")
        ):
            number, _sep, key = part.partition(":")
            if not number.isdigit() or key not in engines.available_engines():
                raise forms.ValidationError(_("Use round:game pairs, e.g. 1:imhotep."))
            out[number] = key
        return out

    def clean_precedence(self):
        names = [n.strip() for n in self.cleaned_data["precedence"].split(",") if n.strip()]
        unknown = [n for n in names if n.partition(":")[0] not in METRICS]
        if unknown or not names:
            raise forms.ValidationError(
                _("Unknown metrics: %(names)s. Known: %(known)s")
                % {"names": ", ".join(unknown) or "-", "known": ", ".join(METRICS)}
            )
        return names

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        config = self.config()
        try:
            standings_config_of(config)
            PenaltyWeights(**config["weights"])
        except (StandingsError, SeatingError, ValueError, ZeroDivisionError) as error:
            raise forms.ValidationError(str(error)) from error
        if not data.get("game_key") and not data.get("round_games"):
            self.add_error("round_games", _("Choose a game, or a game for each round."))
        elif data.get("game_key"):
            self._check_options(data["game_key"], data.get("options_preset"), data["variants"])
        self._check_per_game(data["game_presets"], data["game_variants"])
        return data

    def _check_per_game(self, presets: dict, variants: dict) -> None:
        import engines

        for name, table in (("game_presets", presets), ("game_variants", variants)):
            unknown = [g for g in table if g not in engines.available_engines()]
            if unknown:
                self.add_error(name, _("Unknown games: %(names)s") % {"names": ", ".join(unknown)})
                return
        for game in set(presets) | set(variants):
            overrides = variants.get(game) or {}
            if not isinstance(overrides, dict):
                self.add_error("game_variants", _("Expected a JSON object."))
                return
            engine = engines.get_engine(game)
            preset = presets.get(game) or None
            if preset and preset not in engine.meta.presets:
                self.add_error(
                    "game_presets",
                    _("Unknown preset; %(game)s has: %(names)s")
                    % {"game": game, "names": ", ".join(engine.meta.presets)},
                )
                return
            try:
                engine.resolve_options(overrides, preset)
            except Exception as error:  # noqa: BLE001 - the engine's own message is shown
                self.add_error("game_variants", f"{game}: {option_problems(engine, error)}")
                return

    def _check_options(self, game: str, preset: str | None, overrides: dict) -> None:
        """The engine resolves the preset and variants now, not at the first result."""
        import engines

        engine = engines.get_engine(game)
        if preset and preset not in engine.meta.presets:
            self.add_error(
                "options_preset",
                _("Unknown preset; %(game)s has: %(names)s")
                % {"game": game, "names": ", ".join(engine.meta.presets)},
            )
            return
        try:
            engine.resolve_options(overrides, preset or None)
        except Exception as error:  # noqa: BLE001 - the engine's own message is shown
            self.add_error("variants", option_problems(engine, error))

    def config(self) -> dict:
        d = self.cleaned_data
        return {
            "round_games": d["round_games"],
            "presets": d["game_presets"],
            "variants": d["game_variants"],
            "placement_points": d["placement_points"],
            "precedence": d["precedence"],
            "bye_points": d["bye_points"],
            "seating_mode": d["seating_mode"],
            "round1_seeding": d["round1_seeding"],
            "weights": {
                "spread": d["weight_spread"],
                "seat": d["weight_seat"],
                "club": d["weight_club"],
                "small_table": d["weight_small_table"],
            },
            "release_policy": d["release_policy"],
            "round_minutes": d["round_minutes"],
            "finals_cut": d["finals_cut"],
            "sheet_entry": d.get("sheet_entry") or "detail",
        }

    def event_fields(self) -> dict:
        d = self.cleaned_data
        return {
            "name": d["name"],
            "slug": d["slug"],
            "venue": d["venue"],
            "league_name": d["league_name"].strip(),
            "starts_on": d["starts_on"],
            "ends_on": d["ends_on"],
            "game_key": d["game_key"],
            "options_preset": d["options_preset"],
            "options_overrides": d["variants"],
            "table_sizes": d["table_sizes"],
            "rounds_planned": d["rounds_planned"],
        }

    @classmethod
    def initial_for(cls, event: Event, config: dict, policy: str) -> dict:
        return {
            "name": event.name,
            "slug": event.slug,
            "venue": event.venue,
            "league_name": event.league.name if event.league_id else "",
            "starts_on": event.starts_on,
            "ends_on": event.ends_on,
            "game_key": event.game_key,
            "round_games": ", ".join(f"{k}:{v}" for k, v in config["round_games"].items()),
            "options_preset": event.options_preset,
            "variants": json.dumps(event.options_overrides or {}),
            "game_presets": json.dumps(config["presets"]),
            "game_variants": json.dumps(config["variants"]),
            "table_sizes": ",".join(str(n) for n in event.table_sizes or []),
            "rounds_planned": event.rounds_planned,
            "placement_points": json.dumps(config["placement_points"]),
            "precedence": ",".join(config["precedence"] or DEFAULT_PRECEDENCE),
            "bye_points": config["bye_points"],
            "seating_mode": config["seating_mode"],
            "round1_seeding": config["round1_seeding"],
            "weight_spread": config["weights"]["spread"],
            "weight_seat": config["weights"]["seat"],
            "weight_club": config["weights"]["club"],
            "weight_small_table": config["weights"]["small_table"],
            "confirmation_policy": policy,
            "release_policy": config["release_policy"],
            "round_minutes": config.get("round_minutes", 90),
            "finals_cut": config["finals_cut"],
            "sheet_entry": config.get("sheet_entry", "detail"),
        }


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=100)
    reading = forms.CharField(label=_("reading (kana)"), max_length=100, required=False)
    club = forms.CharField(label=_("club"), max_length=100, required=False)
    check_in = forms.BooleanField(label=_("check in now (late entry)"), required=False)


class CsvForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(
        label=_("or paste CSV"), required=False, widget=forms.Textarea(attrs={"rows": 6})
    )


class SchedulePlanForm(forms.Form):
    rounds = forms.IntegerField(label=_("rounds to plan"), min_value=1, max_value=20)
    seed = forms.IntegerField(
        label=_("seed (blank: the event's own)"), required=False, min_value=0, max_value=2**31
    )


class ScheduleUploadForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(
        label=_("or paste CSV"), required=False, widget=forms.Textarea(attrs={"rows": 10})
    )


class JudgeInviteForm(forms.Form):
    """Invite a judge: a user name, head judge or judge of some tables of ``rnd`` (the
    round whose tables are offered; None: no tables yet, head judges only)."""

    username = forms.CharField(
        label=_("user name"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_(
            "Letters (Japanese too), digits and @ . + - _, no spaces; the judge logs in with it."
        ),
    )
    role = forms.ChoiceField(
        label=_("role"),
        choices=[
            ("head_judge", _("Head judge (the console: board, check-in, every table)")),
            ("table_judge", _("Table judge (only the chosen tables)")),
        ],
        widget=forms.RadioSelect,
        initial="head_judge",
    )
    tables = forms.TypedMultipleChoiceField(
        label=_("tables"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, rnd=None, **kwargs):
        super().__init__(*args, **kwargs)
        numbers = (
            list(rnd.tables.order_by("number").values_list("number", flat=True)) if rnd else []
        )
        self.fields["tables"].choices = [(n, str(n)) for n in numbers]

    def clean(self):
        data = super().clean()
        if data.get("role") == "table_judge" and not data.get("tables"):
            self.add_error(
                "tables", _("A table judge needs at least one table: tick the judge's tables.")
            )
        return data
