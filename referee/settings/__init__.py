"""Split settings: base.py holds everything; local, test and production adjust it.

Every value comes from one ``environ.Env()`` in base.py (see README.md for the variables).
"""
