"""What result entry announces to the apps that build on it.

``results_changed`` is sent by every service in ``results.services.results`` that changes
which result of a table counts (saved, confirmed, disputed, discarded, ruled on), inside
the write's transaction, with the event's id. Listeners act on commit:

* standings (``standings.signals``): recompute the event's standings, coalesced;

League ratings and the public pages follow the rows themselves (model signals in
``ratings.signals`` and ``public.signals``). Results sit below those apps and must not
import them, so this signal is how a confirmed result reaches them.
"""

from django.dispatch import Signal

results_changed = Signal()  # kwargs: event_id
