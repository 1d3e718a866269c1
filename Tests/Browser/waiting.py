"""What both browser-side scripts need to start their processes: a free loopback port, and a
bounded wait for an event (never a bare sleep)."""

import socket
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(predicate, timeout, what, interval=0.1, ignoring=()):
    """Polls `predicate` until it returns something true, at most `timeout` seconds. An
    exception of a type in `ignoring` counts as "not yet" (an element of a page still loading)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except ignoring:
            value = None
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError("waited %.0f s for %s" % (timeout, what))
