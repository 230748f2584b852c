"""HTML views: ``public`` (cached pages for everyone), ``private`` (a player's private URL)."""
