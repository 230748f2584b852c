"""ナイルの壁画 (Nile Murals): move-log replay and end scoring. See README.md."""

from engines.nile_murals.engine import ENGINE, NileMuralsEngine

__all__ = ["ENGINE", "NileMuralsEngine"]
