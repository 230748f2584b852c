"""Imhotep (KOSMOS 2016, Arclight Japanese edition): the complete referee engine."""

from engines.imhotep.engine import ENGINE

__all__ = ["ENGINE"]
