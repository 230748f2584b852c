"""Forms of the organizer console (plain Django forms; services do the writing)."""

from __future__ import annotations

import datetime
import itertools
import json
import re
from fractions import Fraction

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.forms.utils import flatatt
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.console.services.events import RESERVED_ADDRESSES, unique_address
from tournaments.events import names
from tournaments.events.models import Event
from tournaments.events.selectors.event_config import (
    DEFAULTS,
    RELEASE_POLICIES,
    ROUND1_SEEDINGS,
    SEATING_MODES,
    SHEET_ENTRIES,
)
from tournaments.results.forms import subtotal_plan
from tournaments.results.models import POLICY_TRUSTS, ConfirmationPolicy
from tournaments.results.selectors import game_options, violation_json
from tournaments.results.violation_text import violation_text
from tournaments.seating.optimiser import PenaltyWeights, SeatingError
from tournaments.standings.metrics import METRICS
from tournaments.standings.selectors import standings_config_of
from tournaments.standings.types import (
    DEFAULT_PLACEMENT_POINTS,
    DEFAULT_PRECEDENCE,
    StandingsError,
)

_ADDRESS = re.compile(r"^[-a-zA-Z0-9_]+$")

# What a café chooses when it sets up an event (issue 29): each fills these settings,
# which stay editable on the form. "days" is how long the event runs (ends_on).
SETUP_PRESETS: dict[str, dict] = {
    "evening": {
        "rounds_planned": 3,
        "days": 1,
        "finals_cut": 4,
        "round_minutes": 90,
        "round1_seeding": "random",
        "release_policy": "immediate",
    },
    "league": {
        "rounds_planned": 3,
        "days": 1,
        "finals_cut": 4,
        "round_minutes": 90,
        "round1_seeding": "rating",
        "release_policy": "immediate",
    },
    "open": {
        "rounds_planned": 6,
        "days": 2,
        "finals_cut": 4,
        "round_minutes": 120,
        "round1_seeding": "random",
        "release_policy": "on_close",
    },
}
SETUP_CHOICES = [
    ("evening", _("An evening: 3 rounds and a final table")),
    ("league", _("A league night: 3 rounds, first round seated by league rating")),
    ("open", _("A two-day open: 6 rounds over two days, standings shown when a round closes")),
]
SETUP_FIELDS = ("rounds_planned", "finals_cut", "round_minutes", "round1_seeding", "release_policy")


def _subtotal_games() -> str:
    """The games whose engine offers a subtotal entry (their ``sheet_words.SUBTOTAL``), by
    name in the page's language: the console says where the choice makes a difference."""
    import engines

    ja = (get_language() or "").startswith("ja")
    names = [
        meta.name_ja if ja else meta.name_en
        for key in engines.available_engines()
        if subtotal_plan(key) is not None
        for meta in [engines.get_engine(key).meta]
    ]
    return ("、" if ja else ", ").join(names)


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


# The seating cost's weighted terms (PenaltyWeights), as a recorded seating shows them.
WEIGHT_LABELS = {
    "spread": _("spread"),
    "seat": _("seat balance"),
    "club": _("same club"),
    "small_table": _("repeated small tables"),
}


def _labelled(values, labels) -> list[tuple[str, str]]:
    return [(value, labels.get(value, value)) for value in values]


def _game_name(key: str) -> str:
    import engines

    meta = engines.get_engine(key).meta
    return meta.name_ja if _lang() == "ja" else meta.name_en


def _lang() -> str:
    return "ja" if (get_language() or "").startswith("ja") else "en"


def _table_size_words(n: int) -> str:
    return ngettext("tables of %(n)d player", "tables of %(n)d players", n) % {"n": n}


class TableSizesWidget(forms.MultiWidget):
    """The table sizes as a choice per place in the order of preference."""

    def decompress(self, value):
        return [str(n) for n in value or []]

    def value_from_datadict(self, data, files, name):
        if name in data and not any(f"{name}_{i}" in data for i in range(len(self.widgets))):
            # An older form or a script posting "4,3": the same sizes, each in its place.
            return [part.strip() for part in str(data[name]).split(",") if part.strip()]
        return super().value_from_datadict(data, files, name)


class TableSizesField(forms.MultiValueField):
    """Table sizes, preferred first, each chosen from the games' player counts; the stored
    value stays the list of whole numbers (``Event.table_sizes``)."""

    def __init__(self, sizes: list[int], **kwargs):
        choices = [(str(n), _table_size_words(n)) for n in sizes]
        # None chosen (an event made through the API may have none): the game's own player
        # counts, largest first (events.selectors.event_config.allowed_table_sizes).
        first = [("", _("as many as the game seats, largest first"))]
        blank = [("", _("(no other size)"))]
        fields = [
            forms.TypedChoiceField(
                choices=(first if i == 0 else blank) + choices, coerce=int, required=False
            )
            for i in range(len(sizes))
        ]
        widget = TableSizesWidget(
            [
                forms.Select(
                    choices=(first if i == 0 else blank) + choices,
                    attrs={
                        "aria-label": _("preferred size")
                        if i == 0
                        else _("then, size %(n)d") % {"n": i + 1}
                    },
                )
                for i in range(len(sizes))
            ]
        )
        super().__init__(
            fields=fields, widget=widget, require_all_fields=False, required=False, **kwargs
        )

    def compress(self, data_list):
        sizes = [n for n in data_list or [] if n not in (None, "")]
        if len(set(sizes)) != len(sizes):
            raise forms.ValidationError(_("Each table size may appear once."))
        return sizes


# A bye's tournament points, in words: the values of a place at the standard tables (the
# standings' DEFAULT_PLACEMENT_POINTS), the default 3/2 being a table's average place.
BYE_POINT_CHOICES = [
    ("0", _("none (0 points)")),
    ("1", _("1 point: a third place at a table of four")),
    ("3/2", _("1.5 points: a table's average place (standard)")),
    ("2", _("2 points: a second place at a table of four")),
    ("3", _("3 points: a first place")),
]


class ByePointsField(forms.ChoiceField):
    """A choice of points stored as a fraction ("3/2"); a number typed by an older form or
    a client ("1.5") means the same choice."""

    def to_python(self, value):
        value = super().to_python(value)
        try:
            return str(Fraction(value.strip()))
        except (ValueError, ZeroDivisionError):
            return value


def _points_words(value: str) -> str:
    try:
        number = f"{float(Fraction(value)):g}"
    except (ValueError, ZeroDivisionError):  # kept as stored; the standings check refuses it
        number = value
    return _("%(points)s points") % {"points": number}


def _set_path(target: dict, path: tuple, value) -> None:
    *parents, last = path
    for key in parents:
        target = target.setdefault(key, {})
    target[last] = value


def _get_path(source: dict, path: tuple):
    """The value at ``path`` of an override document; ``KeyError`` when it sets none."""
    for key in path:
        if isinstance(key, int):
            if not isinstance(source, list) or key >= len(source):
                raise KeyError(key)
        elif not isinstance(source, dict) or key not in source:
            raise KeyError(key)
        source = source[key]
    return source


class PlainSelect(forms.Select):
    """A select drawn here rather than by a template per option: the event form offers
    every game's options (some fifty selects), which tripled the page's time with
    Django's templates."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = next(iter(self.format_value(value)), "")
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (key, mark_safe(" selected") if str(key) == chosen else "", label)
                for key, label in self.choices
            ),
        )
        final = flatatt(self.build_attrs(self.attrs, attrs))
        return format_html('<select name="{}"{}>{}</select>', name, final, options)


def _choice(value) -> str:
    """An option's value as a choice's value (never shown: the words are)."""
    return json.dumps(value)


class EventForm(forms.Form):
    """The event's settings: a short form (name, kind of event, games, date, rounds, table
    sizes, web address made from the name) and the rest under "advanced" (``ADVANCED``)."""

    # Shown first; every other field is folded under "advanced settings".
    BASIC = ("name", "setup", "game_key", "starts_on", "rounds_planned", "table_sizes", "slug")

    name = forms.CharField(label=_("name"), max_length=200)
    setup = forms.ChoiceField(
        label=_("kind of event"),
        choices=SETUP_CHOICES,
        initial="evening",
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Fills the settings below and under advanced settings; change any of them."),
    )
    # The kind of event whose values the form showed: a kind chosen without the page's
    # script replaces only the values the organizer left as they were shown.
    setup_shown = forms.ChoiceField(choices=SETUP_CHOICES, required=False, widget=forms.HiddenInput)
    slug = forms.CharField(
        label=_("web address"),
        max_length=100,
        required=False,
        help_text=_(
            "Left blank, it is made from the name (Japanese names in romaji). "
            "Letters a-z, digits and hyphens."
        ),
    )
    venue = forms.CharField(label=_("venue"), max_length=200, required=False)
    league_name = forms.CharField(
        label=_("league"),
        max_length=120,
        required=False,
        help_text=_(
            "Events of one of your leagues (e.g. every event at this café) share player "
            "ratings. A new name starts a new league; blank: no league. Another "
            "organizer's league of the same name is a different league."
        ),
    )
    starts_on = forms.DateField(
        label=_("date"), widget=forms.DateInput(attrs={"type": "date"}), initial=timezone.localdate
    )
    ends_on = forms.DateField(
        label=_("last day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Blank: as long as the kind of event (one day, or two for an open)."),
    )
    game_key = forms.ChoiceField(label=_("game"), choices=_games, required=False)
    rounds_planned = forms.IntegerField(label=_("rounds planned"), min_value=1, initial=3)
    bye_points = ByePointsField(
        label=_("tournament points for a bye"),
        choices=BYE_POINT_CHOICES,
        initial=DEFAULTS["bye_points"],
    )
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
    )  # its help names the games that offer subtotals (__init__)
    finals_cut = forms.IntegerField(label=_("players in the final"), min_value=2, initial=4)
    # Self sign-up on the public page (issue 29; events/services/signups.py).
    signup_open = forms.BooleanField(
        label=_("players may sign up on the event's public page"),
        required=False,
        help_text=_(
            "The event's page links to a sign-up form; each player gets their private page "
            "at once and can cancel from it."
        ),
    )
    signup_capacity = forms.IntegerField(
        label=_("sign-up: places"),
        min_value=1,
        required=False,
        help_text=_(
            "Blank: no limit. Past it, sign-ups join a waiting list that moves up when "
            "someone cancels or when you raise the places. Players you register count too."
        ),
    )
    signup_approval = forms.BooleanField(
        label=_("sign-up: I approve each sign-up"),
        required=False,
        help_text=_("Sign-ups wait for your approval on the players page."),
    )
    signup_closes_at = forms.DateTimeField(
        label=_("sign-up closes at"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Blank: open until the event starts."),
    )

    def __init__(self, *args, instance: Event | None = None, **kwargs):
        self.instance = instance
        if instance is None:  # a new event starts as the first kind of event
            kwargs["initial"] = {**self.setup_initial("evening"), **(kwargs.get("initial") or {})}
        super().__init__(*args, **kwargs)
        self._add_table_sizes()
        self._add_bye_points()
        self._add_round_games(instance)
        self._add_precedence()
        self._add_placement_points()
        self.fields["sheet_entry"].help_text = _(
            "Where a game's engine offers subtotals (%(games)s), judges enter them instead of "
            "every value; the judge's table page lists the checks this gives up."
        ) % {"games": _subtotal_games()}
        # Advanced settings grouped as an organizer thinks of them; the game option
        # boxes last.
        self._add_rules()
        self.order_fields(
            [*self.BASIC, "venue", "league_name", "ends_on", "round_minutes", "finals_cut"]
            + [f"round_game_{n}" for n in range(1, self.round_slots + 1)]
            + [f"precedence_{i}" for i in range(1, self.PRECEDENCE_SLOTS + 1)]
            + [name for name in self.fields if name.startswith("points_")]
            + ["bye_points", "seating_mode", "round1_seeding"]
            + ["weight_spread", "weight_seat", "weight_club", "weight_small_table"]
            + ["confirmation_policy", "release_policy"]
        )
        if instance is not None:  # the kind of event is chosen once, when creating it
            del self.fields["setup"], self.fields["setup_shown"]
        self.fields["slug"].widget.attrs["placeholder"] = _("made from the name")

    ROUND_SLOTS = 8  # per-round game choices shown (more when the event plans more rounds)

    def _add_table_sizes(self) -> None:
        """A choice per place of preference, from every game's player counts (the chosen
        game's own counts are checked in ``clean``); a size an archive brought stays."""
        import engines

        counts = {
            n
            for key in engines.available_engines()
            for n in engines.get_engine(key).meta.player_counts
        }
        stored = self.initial.get("table_sizes")
        if not isinstance(stored, list):
            stored = [4, 3]
        sizes = sorted(counts | {n for n in stored if isinstance(n, int)}, reverse=True)
        self.fields["table_sizes"] = TableSizesField(
            sizes, label=_("table sizes, preferred first"), initial=stored
        )

    def _add_bye_points(self) -> None:
        stored = self.initial.get("bye_points")
        field = self.fields["bye_points"]
        if stored and stored not in dict(BYE_POINT_CHOICES):  # a value from an archive stays
            field.choices = [*BYE_POINT_CHOICES, (stored, _points_words(stored))]

    def _add_rules(self) -> None:
        """Each game's rule set and options as choices in words (``engine.option_controls``);
        a choice left "as the rule set says" overrides nothing."""
        import engines

        lang = _lang()
        self.rule_fields: dict[str, list[str]] = {}
        self.option_fields: dict[str, tuple[str, dict]] = {}
        for game in engines.available_engines():
            engine = engines.get_engine(game)
            rule_sets = engine.rule_set_names(lang)
            rules = f"rules_{game}"
            self.fields[rules] = forms.ChoiceField(
                label=_("rule set"),
                choices=[("", rule_sets[0][1]), *rule_sets[1:]],
                required=False,
                widget=PlainSelect,
                help_text=_('A rule below left "as the rule set says" follows the rule set.'),
            )
            self.rule_fields[game] = [rules]
            for control in engine.option_controls(lang):
                name = f"option_{game}__" + "__".join(str(key) for key in control["path"])
                choices = [(_choice(value), words) for value, words in control["choices"]]
                if control["many"]:
                    field = forms.MultipleChoiceField(
                        label=control["label"],
                        choices=choices,
                        required=False,
                        widget=forms.CheckboxSelectMultiple,
                    )
                else:
                    field = forms.ChoiceField(
                        label=control["label"],
                        choices=[("", _("as the rule set says")), *choices],
                        required=False,
                        widget=PlainSelect,
                    )
                self.fields[name] = field
                self.rule_fields[game].append(name)
                self.option_fields[name] = (game, control)

    PRECEDENCE_SLOTS = 5
    POINT_SIZES = (2, 3, 4)  # the games seat 2 to 4 players (engines' meta)

    def _add_round_games(self, instance: Event | None) -> None:
        planned = [
            int(k.removeprefix("round_game_")) for k in self.initial if k.startswith("round_game_")
        ] + [instance.rounds_planned if instance else 0]
        self.round_slots = max(self.ROUND_SLOTS, *planned)
        choices = [("", _("the event's game"))] + _games()[1:]
        for n in range(1, self.round_slots + 1):
            self.fields[f"round_game_{n}"] = forms.ChoiceField(
                label=_("game of round %(n)d") % {"n": n}, choices=choices, required=False
            )

    def _add_precedence(self) -> None:
        """The standings order: what ranks first, then each tiebreak, by name (a metric
        with a parameter an archive brought in stays a choice)."""
        known = [(name, _(metric.label)) for name, metric in METRICS.items()]
        extra = [
            (value, value)
            for key, value in self.initial.items()
            if key.startswith("precedence_") and value and value not in METRICS
        ]
        for i in range(1, self.PRECEDENCE_SLOTS + 1):
            self.fields[f"precedence_{i}"] = forms.ChoiceField(
                label=_("rank by") if i == 1 else _("then, on a tie, by"),
                choices=([] if i == 1 else [("", _("(nothing more)"))]) + known + extra,
                required=i == 1,
                initial=DEFAULT_PRECEDENCE[i - 1] if i <= len(DEFAULT_PRECEDENCE) else "",
            )

    def _add_placement_points(self) -> None:
        for size in self.POINT_SIZES:
            for place, value in enumerate(DEFAULT_PLACEMENT_POINTS[size], 1):
                self.fields[f"points_{size}_{place}"] = forms.DecimalField(
                    label=_("tournament points, place %(place)d at a table of %(size)d")
                    % {"place": place, "size": size},
                    min_value=0,
                    max_digits=6,
                    decimal_places=2,
                    initial=float(value),
                    required=False,  # blank: the standard points for the place
                    widget=forms.NumberInput(attrs={"step": "0.25"}),
                )

    def _precedence(self, data: dict) -> list[str]:
        names = [
            data[f"precedence_{i}"]
            for i in range(1, self.PRECEDENCE_SLOTS + 1)
            if data.get(f"precedence_{i}")
        ]
        if len(set(names)) != len(names):
            self.add_error("precedence_2", _("Each tiebreak once."))
        return list(dict.fromkeys(names))

    def _placement_points(self, data: dict) -> dict:
        """The points by table size that differ from the standings' defaults (sizes the
        form does not show, from an archive, stay as they were)."""
        points = {
            str(size): list(values)
            for size, values in ((self.initial.get("_placement_points") or {}).items())
            if int(size) not in self.POINT_SIZES
        }
        for size in self.POINT_SIZES:
            if any(f"points_{size}_{place}" in self.errors for place in range(1, size + 1)):
                continue  # the field's own error says which
            fractions = [
                Fraction(value) if value is not None else default
                for place, default in enumerate(DEFAULT_PLACEMENT_POINTS[size], 1)
                for value in [data.get(f"points_{size}_{place}")]
            ]
            if tuple(fractions) != tuple(DEFAULT_PLACEMENT_POINTS[size]):
                points[str(size)] = [str(f) for f in fractions]
        return points

    @staticmethod
    def setup_initial(kind: str) -> dict:
        values = SETUP_PRESETS[kind]
        return {"setup": kind, "setup_shown": kind, **{f: values[f] for f in SETUP_FIELDS}}

    def basic_fields(self):
        return [self[name] for name in self.BASIC if name in self.fields]

    def advanced_fields(self):
        return [
            field
            for field in self.visible_fields()
            if field.name not in self.BASIC
            and field.name not in self.option_fields
            and not field.name.startswith("rules_")
        ]

    def rule_groups(self) -> list[dict]:
        """Each game's rule set and options, folded per game (open when one has an error)."""
        groups = []
        for game, field_names in self.rule_fields.items():
            fields = [self[name] for name in field_names]
            groups.append(
                {
                    "game": game,
                    "name": _game_name(game),
                    "fields": fields,
                    "open": any(field.errors for field in fields),
                }
            )
        return groups

    def advanced_has_errors(self) -> bool:
        return any(field.errors for field in self.advanced_fields()) or any(
            group["open"] for group in self.rule_groups()
        )

    @staticmethod
    def setup_presets_data() -> str:
        """The kinds of event for the page's script (a data attribute, never shown)."""
        return json.dumps(SETUP_PRESETS)

    @staticmethod
    def policy_trusts() -> list[tuple[str, str]]:
        """What each confirmation policy trusts, shown under the form (issue 21)."""
        return [(label, POLICY_TRUSTS[value]) for value, label in ConfirmationPolicy.choices]

    def clean_slug(self):
        slug = (self.cleaned_data.get("slug") or "").strip()
        if not slug:
            return ""  # made from the name in clean()
        if not _ADDRESS.match(slug):
            raise forms.ValidationError(
                _(
                    "A web address uses only the letters a-z, digits and hyphens (e.g. "
                    "cafe-cup). Leave it blank and it is made from the name."
                )
            )
        if slug in RESERVED_ADDRESSES:  # console paths of their own
            raise forms.ValidationError(_("The console uses this address; choose another."))
        others = Event.objects.exclude(pk=self.instance.pk if self.instance else None)
        if others.filter(slug=slug).exists():  # said here: the model's message says "slug"
            raise forms.ValidationError(
                _("Another event has this address; choose another, or leave it blank.")
            )
        return slug

    def _apply_setup(self, data: dict) -> None:
        """A kind of event chosen without the page's script: its values replace those the
        organizer left as the form showed them (the script fills them on the page)."""
        kind, shown = data.get("setup"), data.get("setup_shown")
        if not kind or not shown or kind == shown:
            return
        for name in SETUP_FIELDS:
            if name in data and data[name] == SETUP_PRESETS[shown][name]:
                data[name] = SETUP_PRESETS[kind][name]

    def clean(self):
        data = super().clean()
        data["round_games"] = {
            str(n): data[f"round_game_{n}"]
            for n in range(1, self.round_slots + 1)
            if data.get(f"round_game_{n}")
        }
        data["precedence"] = self._precedence(data)
        data["placement_points"] = self._placement_points(data)
        self._table_sizes_for_game(data)
        self._game_rules(data)
        if self.instance is None:
            self._apply_setup(data)
        if data.get("starts_on") and not data.get("ends_on"):
            days = SETUP_PRESETS[data.get("setup") or "evening"]["days"] if not self.instance else 1
            data["ends_on"] = data["starts_on"] + datetime.timedelta(days=days - 1)
        if data.get("name") and "slug" in data and not data["slug"]:
            data["slug"] = (
                self.instance.slug
                if self.instance is not None
                else unique_address(data["name"], data.get("starts_on"))
            )
        if self.errors:
            return data
        config = self.config()
        try:
            standings_config_of(config)
            PenaltyWeights(**config["weights"])
        except (StandingsError, SeatingError, ValueError, ZeroDivisionError) as error:
            raise forms.ValidationError(str(error)) from error
        if not data.get("game_key") and not data.get("round_games"):
            self.add_error("round_game_1", _("Choose a game, or a game for each round."))
        return data

    def _table_sizes_for_game(self, data: dict) -> None:
        """The event's game seats every size chosen (said here, by the field, in the page's
        language: the model's check names the game by its key)."""
        import engines

        game, sizes = data.get("game_key"), data.get("table_sizes") or []
        if not game or "table_sizes" in self.errors:
            return
        counts = engines.get_engine(game).meta.player_counts
        if any(n not in counts for n in sizes):
            self.add_error(
                "table_sizes",
                _("%(game)s is played by %(lo)d to %(hi)d players.")
                % {"game": _game_name(game), "lo": counts.start, "hi": counts.stop - 1},
            )

    def _game_rules(self, data: dict) -> None:
        """Each game's rule set and the options chosen over it, checked by its engine, into
        the stored document's shape: the event's game in ``options_preset`` and
        ``variants`` (the event's own fields), the others in ``game_presets`` and
        ``game_variants`` (the configuration's per-game tables)."""
        import engines

        rules: dict[str, tuple[str, dict]] = {}
        for game, field_names in self.rule_fields.items():
            engine = engines.get_engine(game)
            preset = data.get(f"rules_{game}") or ""
            overrides: dict = {}
            items: dict[str, dict[int, object]] = {}  # a fixed list's items chosen
            for name in field_names[1:]:
                control = self.option_fields[name][1]
                raw = data.get(name)
                if control["many"]:
                    if raw:
                        _set_path(overrides, control["path"], [json.loads(v) for v in raw])
                elif raw:
                    *parents, last = control["path"]
                    if isinstance(last, int):
                        items.setdefault(".".join(parents), {})[last] = json.loads(raw)
                    else:
                        _set_path(overrides, control["path"], json.loads(raw))
            if items:  # a list is overridden whole: the items left as they were stay
                base = engine.resolve_options({}, preset or None).model_dump(mode="json")
                for dotted, chosen in items.items():
                    path = tuple(dotted.split("."))
                    whole = list(_get_path(base, path))
                    for index, value in chosen.items():
                        whole[index] = value
                    _set_path(overrides, path, whole)
            try:
                engine.resolve_options(overrides, preset or None)
            except Exception as error:  # noqa: BLE001 - the engine's refusal, in words
                self._rule_problems(game, engine, error)
            rules[game] = (preset, overrides)
        main = data.get("game_key") or ""
        data["options_preset"], data["variants"] = rules.get(main, ("", {}))
        data["game_presets"] = {g: p for g, (p, _o) in rules.items() if g != main and p}
        data["game_variants"] = {g: o for g, (_p, o) in rules.items() if g != main and o}

    def _rule_problems(self, game: str, engine, error: Exception) -> None:
        """Each problem the engine found, under the option it concerns (else the rule set)."""
        violations = getattr(error, "violations", None) or []
        by_path = {
            ".".join(str(k) for k in control["path"]): name
            for name, (g, control) in self.option_fields.items()
            if g == game
        }
        if not violations:
            self.add_error(f"rules_{game}", str(error))
        lang = _lang()
        for violation in violations:
            where = (violation.path or "").removeprefix("$.options").lstrip(".")
            field = next(
                (name for path, name in by_path.items() if where and where.startswith(path)),
                f"rules_{game}",
            )
            self.add_error(field, violation_text(violation_json(engine, violation), lang))

    def config(self) -> dict:
        d = self.cleaned_data
        return {
            "round_games": d["round_games"],
            "presets": d["game_presets"],
            "variants": d["game_variants"],
            "placement_points": d["placement_points"],
            "precedence": d["precedence"],
            "bye_points": str(Fraction(d["bye_points"])),
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
            "signup": self.signup_config(),
        }

    def signup_config(self) -> dict:
        d = self.cleaned_data
        closes = d.get("signup_closes_at")
        return {
            "open": bool(d.get("signup_open")),
            "capacity": d.get("signup_capacity"),
            "approval": bool(d.get("signup_approval")),
            "closes_at": closes.isoformat() if closes else None,
        }

    @staticmethod
    def signup_initial(config: dict) -> dict:
        from tournaments.events.services.signups import signup_closes_at

        signup = config.get("signup") or {}
        closes = signup_closes_at(signup)
        return {
            "signup_open": bool(signup.get("open")),
            "signup_capacity": signup.get("capacity"),
            "signup_approval": bool(signup.get("approval")),
            "signup_closes_at": timezone.localtime(closes) if closes else None,
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

    @staticmethod
    def rules_initial(event: Event) -> dict:
        """Each game's rule set and options as the judges' pages read them
        (``results.selectors.game_options``), as the form's choices."""
        import engines

        initial: dict = {}
        for game in engines.available_engines():
            engine = engines.get_engine(game)
            preset, overrides, _edition = game_options(event, game)
            if preset and preset != next(iter(engine.meta.presets)):
                initial[f"rules_{game}"] = preset
            for control in engine.option_controls("en"):
                name = f"option_{game}__" + "__".join(str(key) for key in control["path"])
                try:
                    value = _get_path(overrides, control["path"])
                except KeyError:
                    continue
                if control["many"]:
                    initial[name] = [_choice(v) for v in value or []]
                else:
                    initial[name] = _choice(value)
        return initial

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
            **{f"round_game_{k}": v for k, v in config["round_games"].items()},
            **cls.rules_initial(event),
            "table_sizes": list(event.table_sizes or []),
            "rounds_planned": event.rounds_planned,
            **{  # every slot: a shorter order leaves the rest blank
                f"precedence_{i}": name
                for i, name in itertools.zip_longest(
                    range(1, cls.PRECEDENCE_SLOTS + 1),
                    config["precedence"] or DEFAULT_PRECEDENCE,
                    fillvalue="",
                )
            },
            "_placement_points": config["placement_points"],
            **{
                f"points_{size}_{place}": float(Fraction(str(value)))
                for size, values in config["placement_points"].items()
                for place, value in enumerate(values, 1)
            },
            "bye_points": str(Fraction(str(config["bye_points"]))),
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
            **cls.signup_initial(config),
        }


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=100, validators=[names.validate_name])
    reading = forms.CharField(
        label=_("reading (kana)"),
        max_length=100,
        required=False,
        validators=[names.validate_reading],
    )
    club = forms.CharField(
        label=_("club"), max_length=100, required=False, validators=[names.validate_text]
    )
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
            (
                "event_judge",
                _("Judge for the whole event (one invitation; tables each round)"),
            ),
        ],
        widget=forms.RadioSelect,
        initial="head_judge",
    )
    any_table = forms.BooleanField(
        label=_("Any table they scan: the table card's link, opened while logged in"),
        required=False,
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


class JudgeTablesForm(forms.Form):
    """An event judge's tables in round ``rnd``, and their "any table I scan" mode."""

    tables = forms.TypedMultipleChoiceField(
        label=_("tables"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    any_table = forms.BooleanField(
        label=_("Any table they scan: the table card's link, opened while logged in"),
        required=False,
    )

    def __init__(self, *args, rnd=None, **kwargs):
        super().__init__(*args, **kwargs)
        numbers = (
            list(rnd.tables.order_by("number").values_list("number", flat=True)) if rnd else []
        )
        self.fields["tables"].choices = [(n, str(n)) for n in numbers]
