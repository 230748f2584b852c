"""Public pages: see README.md beside this file."""
