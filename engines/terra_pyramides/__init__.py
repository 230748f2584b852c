"""Terra Pyramides (Kiesling & Kramer): versions 1-3, variants, missions. See README.md."""

from engines.terra_pyramides.engine import ENGINE

__all__ = ["ENGINE"]
