"""Events and people: see README.md beside this file."""
