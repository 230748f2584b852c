"""The explicit list of engines. Adding a game: import its ENGINE here and register it.

A duplicate key fails at import; an unknown key is a clear error naming the known ones.
"""

from __future__ import annotations

import threading

from engines.core.engine import GameEngine


class DuplicateEngineKey(RuntimeError):
    pass


class UnknownEngine(LookupError):
    def __init__(self, key: str, known: tuple[str, ...]):
        self.key = key
        super().__init__(f"unknown game {key!r}; known games: {', '.join(known) or 'none'}")


class Registry:
    def __init__(self, loader=None) -> None:
        self._engines: dict[str, GameEngine] = {}
        # Games import engines.core, which imports this package: so the explicit list is
        # loaded on first use, not at import, to keep the import graph acyclic.
        self._loader = loader
        # The first use can come from several threads at once (gunicorn's gthread workers:
        # the first submissions after a start): the others wait for the list instead of
        # reading it half-filled ("no engine for 'imhotep'"). Reentrant: a game's import
        # may ask the registry from the loading thread itself.
        self._lock = threading.RLock()
        self._loading = False

    def _ensure_loaded(self) -> None:
        if self._loader is None:
            return
        with self._lock:
            if self._loader is None or self._loading:
                return
            self._loading = True
            try:
                self._loader(self)
            finally:
                self._loading = False
            self._loader = None

    def register(self, engine: GameEngine) -> GameEngine:
        key = engine.meta.key
        if key in self._engines:
            raise DuplicateEngineKey(f"an engine is already registered under {key!r}")
        self._engines[key] = engine
        return engine

    def get(self, key: str) -> GameEngine:
        self._ensure_loaded()
        try:
            return self._engines[key]
        except KeyError:
            raise UnknownEngine(key, self.keys()) from None

    def keys(self) -> tuple[str, ...]:
        self._ensure_loaded()
        return tuple(sorted(self._engines))


def register_all(registry: Registry) -> None:
    """The explicit list: one import and one line per game, in DESIGN.md's order."""
    from engines.field_of_reeds import ENGINE as field_of_reeds
    from engines.imhotep import ENGINE as imhotep
    from engines.nile_murals import ENGINE as nile_murals
    from engines.tameri import ENGINE as tameri
    from engines.terra_pyramides import ENGINE as terra_pyramides

    registry.register(imhotep)
    registry.register(nile_murals)
    registry.register(field_of_reeds)
    registry.register(tameri)
    registry.register(terra_pyramides)


REGISTRY = Registry(loader=register_all)
