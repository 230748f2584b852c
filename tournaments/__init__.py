"""The tournaments Django app: events, players, rounds, tables and seats."""
