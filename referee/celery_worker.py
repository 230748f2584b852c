"""The worker's consumer, with a workaround for a Celery 5.7.0 / kombu 5.7.0 defect.

When the broker connection breaks, Celery 5.7.0 first ``collect()``s the connection, which
detaches its transport, and then ``close()``s it: closing the channel restores unacked
messages through the transport's client, which is now None, and the worker dies with
``AttributeError: 'NoneType' object has no attribute 'hostname'`` (every time it held a
countdown task, since those wait unacked). The close after collect has nothing left to
release, so that AttributeError is ignored here; the unacked messages stay in Redis and
are handed out again after the visibility timeout. tests/reliability/test_broker_faults.py
reproduces the crash against a Redis it stops and starts.
"""

from __future__ import annotations

import logging

from celery.worker.consumer import Consumer as CeleryConsumer

logger = logging.getLogger(__name__)


class Consumer(CeleryConsumer):
    def on_connection_error_after_connected(self, exc):
        connection = self.connection
        if connection is not None:
            close = connection.close

            def close_detached():
                try:
                    close()
                except AttributeError:
                    logger.info("broker connection already released by collect(): %r", exc)

            connection.close = close_detached  # this broken connection only
        super().on_connection_error_after_connected(exc)
