"""Prompt recovery of the task messages of a worker that died (killed, out of memory, host lost).

Tasks are ``acks_late``: a message stays in the Redis transport's ``unacked`` hash until its
task has finished, and kombu puts it back on its queue only once it has been unacked for the
broker's visibility timeout (15 min in production, so that a long task is never run twice).
A killed worker's batch would thus wait a quarter of an hour. Here each worker

- writes a heartbeat key ``swell:worker:<incarnation>`` with a short time-to-live, refreshed by a
  thread of the worker's main process (``SWELL_WORKER_HEARTBEAT_SECONDS``, 3 beats to live);
  the incarnation is a fresh id per worker process start, so a worker restarted under the same
  host name (a container's pid 1) is never taken for its dead predecessor;
- records, when it receives a task message, which incarnation holds it (hash
  ``swell:task-claims``: delivery tag → incarnation); and
- sweeps the claims when it is ready and then on every beat: a claim whose incarnation has no
  heartbeat any more belongs to a dead worker, and its message, if still unacked, is put back
  on its queue at once (kombu's ``QoS.restore_by_tag``: atomic, so two sweeping workers never
  requeue one message twice, and the message leaves the ``unacked`` hash, so the visibility
  timeout will not deliver it a second time). Claims of messages that were acked are dropped.

The task services are idempotent (an essay already processed by the job is skipped, an import
recognises its own rows), so even a message that had nearly finished is safe to run again.

Only the Redis transport has an ``unacked`` hash; with another broker (or eager tasks) this
module does nothing. It imports no Django models: the signal handlers run in the worker's main
process before and while Django is set up.
"""

from __future__ import annotations

import logging
import threading
import uuid
from typing import Any

from celery import signals

logger = logging.getLogger(__name__)

CLAIMS_KEY = "swell:task-claims"
HEARTBEAT_PREFIX = "swell:worker:"
#: a heartbeat lives this many intervals: one late beat is not a death
BEATS_TO_LIVE = 3

# Delete a claim only if it still names the incarnation we looked at: the restored message may
# already have been delivered again and claimed by another worker.
_DELETE_IF = """
if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then
    return redis.call('hdel', KEYS[1], ARGV[1])
end
return 0
"""


class WorkerRecovery:
    """Heartbeat, claims and sweep of one worker process (one instance per process)."""

    def __init__(self, app, *, interval: float | None = None) -> None:
        self.app = app
        self.incarnation = uuid.uuid4().hex
        self._interval = interval
        self._client = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- configuration -----------------------------------------------------------------------

    @property
    def interval(self) -> float:
        if self._interval is None:
            from django.conf import settings

            self._interval = float(getattr(settings, "SWELL_WORKER_HEARTBEAT_SECONDS", 10))
        return self._interval

    @property
    def enabled(self) -> bool:
        url = self.app.conf.broker_url or ""
        return not self.app.conf.task_always_eager and url.startswith(("redis://", "rediss://"))

    @property
    def client(self):
        if self._client is None:
            import redis

            self._client = redis.Redis.from_url(self.app.conf.broker_url, socket_timeout=10)
        return self._client

    # --- heartbeat and claims ----------------------------------------------------------------

    def beat(self) -> None:
        """Say this incarnation is alive for the next ``BEATS_TO_LIVE`` intervals."""
        ttl_ms = max(int(self.interval * BEATS_TO_LIVE * 1000), 1000)
        self.client.set(HEARTBEAT_PREFIX + self.incarnation, "1", px=ttl_ms)

    def claim(self, delivery_tag: str) -> None:
        """Record that this incarnation holds the message ``delivery_tag``."""
        self.client.hset(CLAIMS_KEY, delivery_tag, self.incarnation)

    def alive(self, incarnations: set[str]) -> set[str]:
        """The incarnations among ``incarnations`` that still have a heartbeat."""
        names = sorted(incarnations)
        if not names:
            return set()
        found = self.client.mget([HEARTBEAT_PREFIX + n for n in names])
        return {n for n, value in zip(names, found, strict=True) if value is not None}

    # --- the sweep -----------------------------------------------------------------------------

    def sweep(self) -> list[str]:
        """Put the unacked messages of dead incarnations back on their queues; drop the claims
        of messages that were acked. Returns the delivery tags that were requeued."""
        claims = {
            tag.decode(): owner.decode() for tag, owner in self.client.hgetall(CLAIMS_KEY).items()
        }
        if not claims:
            return []
        living = self.alive(set(claims.values()) - {self.incarnation}) | {self.incarnation}
        delete_if = self.client.register_script(_DELETE_IF)
        requeued: list[str] = []
        with self.app.connection_for_write() as conn:
            channel = conn.default_channel
            unacked_key = channel.unacked_key
            pipe = self.client.pipeline(transaction=False)
            for tag in claims:  # one round trip, not one per claim
                pipe.hexists(unacked_key, tag)
            unacked = dict(zip(claims, pipe.execute(), strict=True))
            for tag, owner in claims.items():
                if not unacked[tag]:
                    delete_if(keys=[CLAIMS_KEY], args=[tag, owner])  # acked: done with
                    continue
                if owner in living:
                    continue
                # drop the claim first: the requeued message may be claimed again at once
                if not delete_if(keys=[CLAIMS_KEY], args=[tag, owner]):
                    continue  # another worker swept it meanwhile
                channel.qos.restore_by_tag(tag)
                requeued.append(tag)
        if requeued:
            logger.warning(
                "requeued %d task message(s) of a worker that is gone",
                len(requeued),
                extra={"delivery_tags": requeued},
            )
        return requeued

    # --- the thread of the worker's main process ---------------------------------------------

    def start(self) -> None:
        """Beat and sweep now, then every ``interval`` seconds until ``stop``."""
        self._safely(self.beat)
        self._safely(self.sweep)
        self._thread = threading.Thread(target=self._run, name="swell-recovery", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._safely(self.beat)
            self._safely(self.sweep)

    def stop(self) -> None:
        """Stop beating and say so (a clean shutdown: its claims are swept at once)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._safely(lambda: self.client.delete(HEARTBEAT_PREFIX + self.incarnation))

    @staticmethod
    def _safely(fn) -> Any:
        try:
            return fn()
        except Exception:  # the broker may be down: the next beat tries again
            logger.exception("worker recovery step failed")
            return None


_recovery: WorkerRecovery | None = None


def worker_recovery() -> WorkerRecovery | None:
    """This process's recovery helper (``None`` outside a worker or without Redis)."""
    return _recovery


@signals.worker_init.connect
def _on_worker_init(sender=None, **kwargs) -> None:
    global _recovery
    recovery = WorkerRecovery(sender.app)
    if recovery.enabled:
        _recovery = recovery
        recovery._safely(recovery.beat)  # alive before the first message arrives


@signals.worker_ready.connect
def _on_worker_ready(sender=None, **kwargs) -> None:
    if _recovery is not None:
        _recovery.start()


@signals.worker_shutdown.connect
def _on_worker_shutdown(sender=None, **kwargs) -> None:
    if _recovery is not None:
        _recovery.stop()


@signals.task_received.connect
def _on_task_received(sender=None, request=None, **kwargs) -> None:
    if _recovery is None or request is None:
        return
    tag = getattr(getattr(request, "message", None), "delivery_tag", None)
    if tag:
        _recovery._safely(lambda: _recovery.claim(str(tag)))
