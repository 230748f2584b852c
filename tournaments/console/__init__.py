"""Organizer console: see README.md beside this file."""
