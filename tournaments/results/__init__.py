"""Results: see README.md beside this file."""
