"""Standings: see README.md beside this file."""
