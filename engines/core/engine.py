"""The protocol every engine satisfies, and the base class that implements the shared parts.

A game package declares its models (options, sheet, moves), its categories and tiebreaks,
and five rule functions; the base class turns those into ``score_sheet``, ``replay``,
schemas and ``apply``. Legality lives in ``check`` only: ``apply`` calls it first and
``legal_moves`` must yield only moves ``check`` accepts (the conformance suite verifies it).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from engines.core import move_forms, option_forms
from engines.core.editions import Edition, is_bundled, resolve_edition
from engines.core.errors import IllegalMove, MalformedInput, SetupError
from engines.core.localize import render_ja, where_ja
from engines.core.messages_ja import (
    CORE_MESSAGES_JA,
    CORE_TERMS_JA,
    CORE_UNCHECKED_JA,
    MALFORMED_JA,
    MALFORMED_TYPES_JA,
)
from engines.core.parsing import Envelope, parse_envelope, parse_model
from engines.core.ranking import competition_ranks, undecided_pairs
from engines.core.types import (
    Category,
    Outcome,
    PlayerResult,
    Report,
    Tiebreak,
    Unchecked,
    Violation,
    frozen_instance,
)

OptionsT = TypeVar("OptionsT", bound=BaseModel)
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT", bound=BaseModel)
SheetT = TypeVar("SheetT", bound=BaseModel)


@dataclass(frozen=True)
class EngineMeta:
    key: str
    name_en: str
    name_ja: str
    min_players: int
    max_players: int
    version: str
    rules_reference: str  # e.g. "shared/rules/imhotep.md"
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"standard": {}})
    default_edition: str = "default"

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": {"en": self.name_en, "ja": self.name_ja},
            "players": {"min": self.min_players, "max": self.max_players},
            "version": self.version,
            "rules_reference": self.rules_reference,
            "presets": {k: dict(v) for k, v in self.presets.items()},
            "default_edition": self.default_edition,
        }


@dataclass(frozen=True)
class GameContext(Generic[OptionsT]):
    """Everything fixed before the first move: who sits where, options, printed data."""

    players: tuple[str, ...]
    options: OptionsT
    edition: Edition

    @property
    def n_players(self) -> int:
        return len(self.players)


@dataclass(frozen=True)
class Scored:
    """What a game's scoring returns before the base class ranks it.

    ``breakdown[i]`` maps category key to points for seat ``i`` (None: could not be
    computed, and an ``Unchecked`` says why); ``tiebreak[i]`` lists the values of the
    engine's tiebreak chain for seat ``i``.
    """

    breakdown: Sequence[Mapping[str, int | None]]
    tiebreak: Sequence[Sequence[int | float | None]]
    unchecked: Sequence[Unchecked] = ()
    notes: Sequence[str] = ()
    ranks: Sequence[int] | None = None  # only where a game ranks other than by (total, *tiebreak)


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``override`` laid over ``base``, key by key at every depth of nested objects.

    A preset's ``{"sides": {"market": "B", ...}}`` under a document's
    ``{"sides": {"market": "A"}}`` keeps the other sides; anything but an object on
    either side (a number, a list, null) replaces the base value whole.
    """
    merged = dict(base)
    for key, value in override.items():
        below = merged.get(key)
        if isinstance(value, Mapping) and isinstance(below, Mapping):
            merged[key] = deep_merge(below, value)
        else:
            merged[key] = value
    return merged


_OPTIONS_CACHE_SIZE = 256
_UNHASHABLE = object()


def _frozen(value: Any) -> Any:
    """A hashable key equal only for JSON values pydantic would read the same way.

    Scalars carry their type (``1``, ``1.0`` and ``True`` are equal in Python but may
    validate differently); anything not plain JSON gives ``_UNHASHABLE`` (never cached).
    """
    kind = type(value)
    if kind is dict:
        items = []
        for key, item in value.items():
            frozen = _frozen(item)
            if frozen is _UNHASHABLE or type(key) is not str:
                return _UNHASHABLE
            items.append((key, frozen))
        return (dict, tuple(items))
    if kind is list or kind is tuple:
        items = [_frozen(item) for item in value]
        return _UNHASHABLE if _UNHASHABLE in items else (kind, tuple(items))
    if value is None or kind in (str, int, float, bool):
        return (kind, value)
    return _UNHASHABLE


_KEYS_CACHE: dict[int, tuple[tuple[Category, ...], tuple[str, ...]]] = {}


def _category_keys(categories: tuple[Category, ...]) -> tuple[str, ...]:
    """The category keys in order, worked out once per engine's categories tuple."""
    cached = _KEYS_CACHE.get(id(categories))
    if cached is None or cached[0] is not categories:
        cached = _KEYS_CACHE[id(categories)] = (categories, tuple([c.key for c in categories]))
    return cached[1]


def _options_json(options: BaseModel) -> dict[str, Any]:
    """``options.model_dump(mode="json")`` straight from the model's serializer (the same
    call with the same defaults, without model_dump's own overhead)."""
    return options.__pydantic_serializer__.to_python(options, mode="json")  # type: ignore[no-any-return]


class GameEngine(Generic[OptionsT, StateT, MoveT, SheetT]):
    """Base class of every engine. Subclasses fill the ClassVars and the rule hooks."""

    meta: ClassVar[EngineMeta]
    options_model: ClassVar[type[BaseModel]]
    sheet_model: ClassVar[type[BaseModel]]
    move_adapter: ClassVar[TypeAdapter[Any]]
    categories: ClassVar[tuple[Category, ...]]
    tiebreaks: ClassVar[tuple[Tiebreak, ...]] = ()
    # Japanese message templates by violation code; same ``{params}`` as the English ones.
    messages_ja: ClassVar[Mapping[str, str]] = {}
    # The rule an input-shape error breaks, by its JSON path: (regular expression searched
    # in the path, rule id). A wrong shape where a rule applies (three levels, a Djed count,
    # a required record) then cites it, as a rules violation does.
    input_rules: ClassVar[tuple[tuple[str, str], ...]] = ()
    # The same for a field whose rule depends on the record it is in (Imhotep's ``take`` of
    # a Hammer card, a pyramid or a temple reward): (record type, path pattern, rule id),
    # tried before ``input_rules`` for an error under ``$.moves[i]`` of a record of that type.
    record_input_rules: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    # ---- hooks a game implements -------------------------------------------------------
    def setup(self, ctx: GameContext[OptionsT]) -> StateT:
        raise NotImplementedError

    def check(self, state: StateT, move: MoveT) -> list[Violation]:
        """Every rule the move breaks in this state (empty: legal). Never mutates."""
        raise NotImplementedError

    def next_state(self, state: StateT, move: MoveT) -> StateT:
        """The state after a move already checked legal. Call ``apply`` instead."""
        raise NotImplementedError

    def legal_moves(self, state: StateT) -> Iterator[MoveT]:
        """Moves (including chance records) legal now, from the same predicates as check."""
        raise NotImplementedError

    def is_over(self, state: StateT) -> bool:
        raise NotImplementedError

    def score_state(self, state: StateT) -> Scored:
        raise NotImplementedError

    def score_sheet_model(self, ctx: GameContext[OptionsT], sheet: SheetT) -> Scored:
        """Score a parsed end-of-game sheet; raise IllegalMove (with paths) if inconsistent."""
        raise NotImplementedError

    def context_of(self, state: StateT) -> GameContext[OptionsT]:
        return state.ctx  # type: ignore[attr-defined,no-any-return]

    def state_unchecked(self, state: StateT) -> tuple[Unchecked, ...]:
        """What the replay so far could not verify; by default a state's ``unchecked``."""
        return tuple(getattr(state, "unchecked", ()))

    def validate_edition(self, edition: Edition) -> list[Violation]:
        """Problems with an edition's values (shape, impossible values). Default: none."""
        return []

    # ---- shared machinery --------------------------------------------------------------
    def resolve_options(
        self, raw: Mapping[str, Any] | None = None, preset: str | None = None
    ) -> OptionsT:
        presets = self.meta.presets
        name = preset or next(iter(presets))
        if name not in presets:
            raise SetupError(
                [
                    Violation(
                        "setup.unknown_preset",
                        None,
                        "unknown preset {preset!r}; known: {known}",
                        {"preset": name, "known": ", ".join(presets)},
                        path="$.preset",
                    )
                ]
            )
        key = (name, _frozen(raw or {}))
        cache = self.__dict__.setdefault("_options_cache", {})
        options = cache.get(key) if key[1] is not _UNHASHABLE else None
        if options is None:
            merged = deep_merge(presets[name], raw or {})
            options = parse_model(self.options_model, merged, "$.options")
            if key[1] is not _UNHASHABLE:
                if len(cache) >= _OPTIONS_CACHE_SIZE:
                    cache.clear()
                cache[key] = options
        return options  # type: ignore[no-any-return]

    def context(self, doc: Mapping[str, Any] | Envelope) -> GameContext[OptionsT]:
        env = doc if isinstance(doc, Envelope) else parse_envelope(doc)
        if env.game != self.meta.key:
            raise MalformedInput(
                [
                    Violation(
                        "malformed.game",
                        None,
                        "document is for {got!r}, not {want!r}",
                        {"got": env.game, "want": self.meta.key},
                        path="$.game",
                    )
                ]
            )
        n = len(env.players)
        meta = self.meta
        if not meta.min_players <= n <= meta.max_players:  # as ``n in meta.player_counts``
            raise SetupError(
                [
                    Violation(
                        "setup.player_count",
                        None,
                        "{game} is played by {lo} to {hi} players, not {n}",
                        {
                            "game": self.meta.name_en,
                            "game_ja": self.meta.name_ja,
                            "lo": self.meta.min_players,
                            "hi": self.meta.max_players,
                            "n": n,
                        },
                        path="$.players",
                    )
                ]
            )
        if len(set(env.players)) != n:
            raise SetupError(
                [
                    Violation(
                        "setup.duplicate_player", None, "player names must differ", path="$.players"
                    )
                ]
            )
        options = self.resolve_options(env.options, env.preset)
        edition = resolve_edition(self.meta.key, env.edition, self.meta.default_edition)
        # A bundled edition is one cached object per file: check it once, not per document.
        checked = self.__dict__.setdefault("_editions_checked", {})
        problems = checked.get(id(edition), (None, None))
        if problems[0] is not edition:
            problems = (edition, self.validate_edition(edition))
            if is_bundled(edition):
                if len(checked) >= 64:
                    checked.clear()
                checked[id(edition)] = problems
        if problems[1]:
            raise SetupError(list(problems[1]))
        return frozen_instance(  # as GameContext(...), without a setattr call per field
            GameContext, players=tuple(env.players), options=options, edition=edition
        )

    def cite_input_rules(
        self, err: MalformedInput, records: Sequence[Any] | None = None
    ) -> MalformedInput:
        """The same input errors, each citing the rule its path falls under
        (``record_input_rules`` for the log's ``records``, then ``input_rules``)."""
        rules = self.input_rules
        if not rules and not self.record_input_rules:
            return err
        compiled = self.__dict__.get("_input_rules")
        if compiled is None:
            compiled = self.__dict__["_input_rules"] = [(re.compile(p), r) for p, r in rules]
        by_type: dict[str, list[tuple[re.Pattern[str], str]]] = {}
        for kind, p, r in self.record_input_rules:
            by_type.setdefault(kind, []).append((re.compile(p), r))
        out = []
        for v in err.violations:
            if v.rule is None and v.path:
                candidates = compiled
                at = _MOVE_PATH.match(v.path) if by_type and records is not None else None
                if at is not None and int(at.group(1)) < len(records or ()):
                    record = records[int(at.group(1))]  # type: ignore[index]
                    kind = record.get("type") if isinstance(record, Mapping) else None
                    if isinstance(kind, str) and kind in by_type:
                        candidates = [*by_type[kind], *compiled]
                for pattern, rule in candidates:
                    if pattern.search(v.path):
                        v = Violation(
                            v.code, f"{self.meta.key}:{rule}", v.message, v.params, v.index, v.path
                        )
                        break
            out.append(v)
        return type(err)(out)

    def parse_move(self, record: Any, index: int) -> MoveT:
        return parse_model(self.move_adapter, record, f"$.moves[{index}]")  # type: ignore[no-any-return]

    def dump_move(self, move: MoveT) -> dict[str, Any]:
        return self.move_adapter.dump_python(move, mode="json", exclude_none=True)  # type: ignore[no-any-return]

    def apply(self, state: StateT, move: MoveT, index: int | None = None) -> StateT:
        """Check, then apply. An illegal move raises; it is never silently ignored."""
        violations = self.check(state, move)
        if violations:
            named = self.name_players(violations, self.context_of(state).players)
            raise IllegalMove([v.at(index=index) for v in named])
        return self.next_state(state, move)

    def replay(self, doc: Mapping[str, Any]) -> Report:
        """Fold the log over the setup; stop at the first illegal move."""
        env = parse_envelope(doc)
        if env.moves is None:
            raise MalformedInput(
                [Violation("malformed.envelope", None, 'a move log needs "moves"', path="$.moves")]
            )
        ctx = self.context(env)
        try:
            moves = self.parse_moves(env.moves)
        except MalformedInput as err:
            raise self.cite_input_rules(err, env.moves) from None
        state = self.setup(ctx)
        return self.fold(state, moves)

    def parse_moves(self, records: Sequence[Any]) -> list[MoveT]:
        parsed, problems = [], []
        for i, record in enumerate(records):
            try:
                parsed.append(self.parse_move(record, i))
            except MalformedInput as err:
                problems.extend(err.violations)
        if problems:
            raise MalformedInput(problems)
        return parsed

    def fold(self, state: StateT, moves: Sequence[MoveT], start_index: int = 0) -> Report:
        applied = 0
        for offset, move in enumerate(moves):
            index = start_index + offset
            violations = self.check(state, move)
            if violations:
                return self._report(state, applied, tuple(v.at(index=index) for v in violations))
            state = self.next_state(state, move)
            applied += 1
        return self._report(state, applied, ())

    def _report(self, state: StateT, applied: int, violations: tuple[Violation, ...]) -> Report:
        if violations:  # every fold ends here: the messages name players, not seats
            violations = self.name_players(violations, self.context_of(state).players)
        over = not violations and self.is_over(state)
        outcome = self.outcome(self.context_of(state), self.score_state(state)) if over else None
        return Report(
            game=self.meta.key,
            engine_version=self.meta.version,
            moves_applied=applied,
            violations=violations,
            warnings=(),
            final_state=state,
            game_over=over,
            outcome=outcome,
            unchecked=self.state_unchecked(state),
        )

    def score_sheet(self, doc: Mapping[str, Any]) -> Outcome:
        env = parse_envelope(doc)
        if env.sheet is None:
            raise MalformedInput(
                [
                    Violation(
                        "malformed.envelope", None, 'a score sheet needs "sheet"', path="$.sheet"
                    )
                ]
            )
        ctx = self.context(env)
        try:
            sheet = parse_model(self.sheet_model, env.sheet, "$.sheet")
        except MalformedInput as err:
            raise self.cite_input_rules(err) from None
        try:
            scored = self.score_sheet_model(ctx, sheet)
        except IllegalMove as err:
            raise IllegalMove(self.name_players(err.violations, ctx.players)) from None
        return self.outcome(ctx, scored)

    def outcome(self, ctx: GameContext[OptionsT], scored: Scored) -> Outcome:
        categories = self.categories
        keys = _category_keys(categories)
        tiebreak = scored.tiebreak
        rows = []
        for points in scored.breakdown:  # one pass per seat: points, total, completeness
            if type(points) is dict and tuple(points) == keys:
                # Exactly the categories in their order (as most games build it): the
                # dict's own items are the breakdown.
                breakdown = tuple(points.items())
                values: Any = points.values()
            else:
                get = points.get
                breakdown = tuple([(k, get(k)) for k in keys])
                values = [value for _, value in breakdown]
            total = 0
            complete = True
            for value in values:
                if value is None:
                    complete = False
                else:
                    total += value or 0  # as sum(v or 0): a falsy 0.0 adds int 0
            rows.append((breakdown, total, complete))
        names = ctx.players
        unchecked = tuple(scored.unchecked)
        if scored.ranks is not None:
            ranks = list(scored.ranks)
        else:
            keys = [(row[1], *tiebreak[seat]) for seat, row in enumerate(rows)]
            ranks = competition_ranks(keys)
            for key in keys:  # usually nothing is unknown: a C-level scan per seat
                if None in key:
                    held = self._held_ranks(names, keys)
                    if held:
                        unchecked += held[1]
                        rows = [
                            (b, t, False if seat in held[0] else c)
                            for seat, (b, t, c) in enumerate(rows)
                        ]
                    break
        # frozen_instance: the results without their __init__'s per-field setattr calls.
        players = tuple(
            [
                frozen_instance(
                    PlayerResult,
                    seat=seat + 1,
                    name=names[seat],
                    total=total,
                    breakdown=breakdown,
                    rank=ranks[seat],
                    tiebreak=tuple(tiebreak[seat]),
                    complete=complete,
                )
                for seat, (breakdown, total, complete) in enumerate(rows)
            ]
        )
        meta = self.meta
        return frozen_instance(
            Outcome,
            game=meta.key,
            engine_version=meta.version,
            categories=categories,
            tiebreaks=self.tiebreaks,
            players=players,
            unchecked=unchecked,
            options=_options_json(ctx.options),
            notes=tuple(scored.notes),
        )

    def _held_ranks(
        self, names: Sequence[str], keys: Sequence[tuple[Any, ...]]
    ) -> tuple[set[int], tuple[Unchecked, ...]] | None:
        """The seats whose order hangs on an unknown tiebreak value, and one ``Unchecked``
        per such pair: they share a rank (``competition_ranks``) and are not complete."""
        pairs = undecided_pairs(keys)
        if not pairs:
            return None
        seats: set[int] = set()
        notes = []
        for i, j, position in pairs:
            seats.update((i, j))
            link = self.tiebreaks[position - 1] if 0 < position <= len(self.tiebreaks) else None
            what = link.en if link is not None else "total"
            unknown = [names[s] for s in (i, j) if keys[s][position] is None]
            notes.append(
                Unchecked.of(
                    "core.undecided_order",
                    link.rule if link is not None else None,
                    "order of {a} and {b}",
                    "they tie before the tiebreak '{what}', which is not known for {unknown}: "
                    "they share a rank",
                    a=names[i],
                    b=names[j],
                    what=what,
                    what_ja=link.ja if link is not None else "合計",
                    unknown=" and ".join(unknown),
                    unknown_list=unknown,
                )
            )
        return seats, tuple(notes)

    def sheet_schema(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return envelope_schema(self.meta.key, "sheet", self.sheet_model.model_json_schema())

    def log_schema(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        items = self.move_adapter.json_schema()
        body: dict[str, Any] = {"type": "array", "items": items}
        if "$defs" in items:  # lift them to the root, where the items' "$ref"s point
            body["$defs"] = items.pop("$defs")
        return envelope_schema(self.meta.key, "moves", body)

    @property
    def terms_ja(self) -> Mapping[str, str]:
        """Japanese terms for the engine's identifiers in parameter values (a colour, a
        card kind, a move type): ``TERMS_JA`` of the game's ``messages_ja`` module; the names
        of its JSON fields (``FIELDS_JA``) as ``"field:<name>"``, for paths in words."""
        terms = self.__dict__.get("_terms_ja")
        if terms is None:
            module = sys.modules.get(f"engines.{self.meta.key}.messages_ja")
            if module is None:
                try:
                    module = importlib.import_module(f"engines.{self.meta.key}.messages_ja")
                except ImportError:
                    module = None
            from engines import available_engines, get_engine  # the registry, once

            names = {key: get_engine(key).meta.name_ja for key in available_engines()}
            fields = getattr(module, "FIELDS_JA", {})
            terms = {
                **names,
                **CORE_TERMS_JA,
                **getattr(module, "TERMS_JA", {}),
                **{f"field:{name}": term for name, term in fields.items()},
            }
            self.__dict__["_terms_ja"] = terms
        return terms  # type: ignore[no-any-return]

    @property
    def lost_values(self) -> tuple[dict[str, Any], ...]:
        """The printed values the game's rulebook text lost that its scores depend on
        (``LOST_VALUES`` of ``engines/<key>/lost_values.py``): each with its edition
        ``path``, ``label`` and ``meaning`` as (English, Japanese), ``rule``, ``minimum``
        and ``maximum``; () for a game whose rulebook lost none. Shared: read, never
        mutate."""
        if "_lost_values" not in self.__dict__:
            name = f"engines.{self.meta.key}.lost_values"
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as err:
                if not err.name or not (name + ".").startswith(err.name + "."):
                    raise  # the file is there but imports something missing: say so
                module = None
            self.__dict__["_lost_values"] = tuple(getattr(module, "LOST_VALUES", ()))
        return self.__dict__["_lost_values"]  # type: ignore[no-any-return]

    # ---- the move log in words (engines/<key>/move_words.py, core/move_forms.py) -------

    @property
    def move_words(self) -> Any:
        """The game's ``move_words`` module (move names, sentences, field labels and choice
        names in English and Japanese), or None for a game whose log has no step forms."""
        if "_move_words" not in self.__dict__:
            try:
                module = importlib.import_module(f"engines.{self.meta.key}.move_words")
            except ImportError:
                module = None
            self.__dict__["_move_words"] = module
        return self.__dict__["_move_words"]

    # ---- the options in words (engines/<key>/option_words.py, core/option_forms.py) -----

    @property
    def option_words(self) -> Any:
        """The game's ``option_words`` module (each preset's name, each option's label and
        each value's name in English and Japanese), or None for a game without one."""
        if "_option_words" not in self.__dict__:
            try:
                module = importlib.import_module(f"engines.{self.meta.key}.option_words")
            except ModuleNotFoundError:
                module = None
            self.__dict__["_option_words"] = module
        return self.__dict__["_option_words"]

    def option_controls(self, lang: str) -> list[dict[str, Any]]:
        """Every option as the organizer's control in ``lang`` (``core/option_forms.py``):
        its path of keys, label, choices (value, words) and whether it is a list. Shared:
        read, never mutate."""
        cache = self.__dict__.setdefault("_option_controls", {})
        key = "ja" if lang[:2] == "ja" else "en"
        if key not in cache:
            cache[key] = option_forms.option_controls(self.option_words, self.options_model, key)
        return cache[key]  # type: ignore[no-any-return]

    def rule_set_names(self, lang: str) -> list[tuple[str, str]]:
        """Each preset, the default first, with its name in ``lang``."""
        key = "ja" if lang[:2] == "ja" else "en"
        return option_forms.rule_set_names(self.option_words, self.meta.presets, key)

    def step_forms(self, lang: str) -> list[dict[str, Any]]:
        """The judge's step forms in ``lang``: each move type's label, read-back sentence and
        field tree (``core/move_forms.py``); [] for a game without move words. Shared: read,
        never mutate."""
        cache = self.__dict__.setdefault("_step_forms", {})
        key = "ja" if lang[:2] == "ja" else "en"
        if key not in cache:
            cache[key] = move_forms.step_forms(self.move_words, self.log_schema(), key)
        return cache[key]  # type: ignore[no-any-return]

    def move_sentences(
        self, moves: Sequence[Any], players: Sequence[str], lang: str,
        log_players: Sequence[str] = (),
    ) -> list[str]:  # fmt: skip
        """Each record of a log (as written, legal or not) as the sentence a page shows,
        players named by ``players`` in seat order; a log's own ``log_players`` names (an
        imported file's) are read as those seats."""
        lang = "ja" if lang[:2] == "ja" else "en"
        forms = self.step_forms(lang)
        seats = move_forms.Seats(players, log_players)
        terms = self.terms_ja if lang == "ja" else {}
        return [move_forms.move_sentence(forms, move, seats, lang, terms) for move in moves]

    def move_choices(
        self, moves: Sequence[Any], players: Sequence[str], lang: str
    ) -> list[dict[str, Any]]:
        """Records offered to a scribe (the engine's legal moves): each with its sentence
        and each field in words (``field`` -> text), in ``lang``."""
        lang = "ja" if lang[:2] == "ja" else "en"
        forms = self.step_forms(lang)
        seats = move_forms.Seats(players)
        terms = self.terms_ja if lang == "ja" else {}
        later = {f["type"]: f["ruleFilled"] for f in forms if f.get("ruleFilled")}
        # A record the rules fix but for what the table reveals later (a deal's card
        # facts) is offered without it: those come as their own records when revealed.
        moves = [
            {k: v for k, v in move.items() if k not in later.get(move.get("type"), ())}
            if isinstance(move, dict)
            else move
            for move in moves
        ]
        return [
            {
                "move": move,
                "sentence": move_forms.move_sentence(forms, move, seats, lang, terms),
                "fields": move_forms.move_fields(forms, move, seats, lang, terms),
            }
            for move in moves
        ]

    def move_sentence(self, move: Any, players: Sequence[str], lang: str) -> str:
        """One record as its sentence (see ``move_sentences``)."""
        return self.move_sentences([move], players, lang)[0]

    def localize(self, violation: Violation, lang: str) -> str:
        """The violation's message in ``lang`` ("ja" or "en"); English when no template fits."""
        if lang == "ja":
            code = violation.code
            template = self.messages_ja.get(code) or CORE_MESSAGES_JA.get(code)
            if template is None and code.startswith("malformed."):
                template = MALFORMED_TYPES_JA.get(code[len("malformed.") :], MALFORMED_JA)
            if template is not None:
                params = violation.params
                if code.startswith("malformed.") or "{where}" in template:
                    where = where_ja(violation.path or params.get("path"), self.terms_ja)
                    params = {**params, "where": where}
                text = render_ja(template, params, self.terms_ja)
                if text is not None:
                    return text
        return violation.text

    def localize_unchecked(self, unchecked: Unchecked, lang: str) -> tuple[str, str]:
        """An ``unchecked`` entry's item and reason in ``lang``: Japanese from the engine's
        ``UNCHECKED_JA`` (or the core's) by code, English as built."""
        if lang == "ja" and unchecked.code is not None:
            module = sys.modules.get(f"engines.{self.meta.key}.messages_ja")
            catalogue = getattr(module, "UNCHECKED_JA", {})
            templates = catalogue.get(unchecked.code) or CORE_UNCHECKED_JA.get(unchecked.code)
            if templates is not None:
                terms = self.terms_ja
                item = render_ja(templates[0], unchecked.params, terms)
                reason = render_ja(templates[1], unchecked.params, terms)
                if item is not None and reason is not None:
                    return item, reason
        return unchecked.item, unchecked.reason

    def name_players(
        self, violations: Sequence[Violation], players: Sequence[str]
    ) -> tuple[Violation, ...]:
        """The violations naming players instead of seat numbers.

        A 1-based ``seat`` param gets ``player`` (the name) beside it; any other param an
        English template writes as ``seat {want}`` gets ``want_player``, and the English
        template says ``{player}`` / ``{want_player}`` there. Japanese templates use those
        names directly.
        """
        out = []
        for v in violations:
            params = v.params
            if params:
                message = v.message
                extra: dict[str, Any] = {}
                seat = params.get("seat")
                if type(seat) is int and 1 <= seat <= len(players) and "player" not in params:
                    extra["player"] = players[seat - 1]
                    message = message.replace("seat {seat}", "{player}")
                for name in _SEAT_FIELD.findall(message):
                    value = params.get(name)
                    if type(value) is int and 1 <= value <= len(players):
                        extra[f"{name}_player"] = players[value - 1]
                        message = message.replace(f"seat {{{name}}}", f"{{{name}_player}}")
                if extra:
                    v = Violation(v.code, v.rule, message, {**params, **extra}, v.index, v.path)
            out.append(v)
        return tuple(out)


_SEAT_FIELD = re.compile(r"seat \{(\w+)\}")
_MOVE_PATH = re.compile(r"^\$\.moves\[(\d+)\]")


def envelope_schema(game: str, body_key: str, body: dict[str, Any]) -> dict[str, Any]:
    defs = body.pop("$defs", {})
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game} {'score sheet' if body_key == 'sheet' else 'move log'}",
        "type": "object",
        "required": ["game", "players", body_key],
        "additionalProperties": False,
        "properties": {
            "game": {"const": game},
            "options": {"type": "object"},
            "preset": {"type": "string"},
            "edition": {"anyOf": [{"type": "string"}, {"type": "object"}]},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            body_key: body,
        },
    }
    if defs:
        schema["$defs"] = defs
    return schema
