"""Ratings: see README.md beside this file."""
