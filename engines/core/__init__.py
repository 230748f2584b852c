"""Shared engine framework: types, errors, parsing, editions and the base engine."""
