"""Seating: see README.md beside this file."""
