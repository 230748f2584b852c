"""Field of Reeds (イアルの野): draft, god card play, movement, level scoring. See README.md."""

from engines.field_of_reeds.engine import ENGINE

__all__ = ["ENGINE"]
