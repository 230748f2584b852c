"""タメリ (Tameri): the referee engine. See README.md."""

from engines.tameri.engine import ENGINE

__all__ = ["ENGINE"]
