"""Changes that model signals do not carry, announced to the apps that show events.

``event_pages_changed`` is sent by a service whose write changes what an event's pages show
without a per-row save: bulk writes (seating a round) or derived values (league ratings).
``everyone=True`` when every player's page changes at once, so the public pages render
them before showing the change (as at a publication); ``players`` (registration ids) when
only those players' pages change (a rating that moved), so the other players' pages stay
cached. The public app listens (``public.signals``); the senders sit below it and must
not import it.
"""

from django.dispatch import Signal

event_pages_changed = Signal()  # kwargs: event_id, everyone, players
