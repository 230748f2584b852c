"""Benchmarks, run on demand: python bench/<name>.py. Figures go to docs/benchmarks.md."""
