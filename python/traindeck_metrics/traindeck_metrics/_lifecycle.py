"""`end` however the script stops: normal exit (completed), an uncaught
exception (failed; KeyboardInterrupt: interrupted) and SIGTERM (interrupted,
then the signal's usual exit). A handler the script or its framework installed
before is kept and called after ours; one it installs later is its own (the
Lightning adapter reports through the framework instead)."""

import atexit
import os
import signal
import sys
import threading


def _status_of(exc_type):
    return "interrupted" if issubclass(exc_type, KeyboardInterrupt) else "failed"


def _describe(exc_type, exc):
    text = str(exc).strip()
    first = text.splitlines()[0] if text else ""
    return f"{exc_type.__name__}: {first}" if first else exc_type.__name__


def install(reporter, sigterm=True):
    """Hooks the reporter's end into the process's exit paths. Call once."""
    atexit.register(lambda: reporter.end("completed"))

    previous_hook = sys.excepthook

    def excepthook(exc_type, exc, tb):
        try:
            if not reporter.ended:
                if not issubclass(exc_type, KeyboardInterrupt):
                    reporter.error("exception", _describe(exc_type, exc))
                reporter.end(_status_of(exc_type))
        finally:
            previous_hook(exc_type, exc, tb)

    sys.excepthook = excepthook

    if sigterm and threading.current_thread() is threading.main_thread():
        _install_sigterm(reporter)


def _install_sigterm(reporter):
    previous = signal.getsignal(signal.SIGTERM)
    # SIG_IGN: the script chose to ignore SIGTERM. None: a handler installed
    # outside Python that we could not call afterwards. Both are left alone.
    if previous is signal.SIG_IGN or previous is None:
        return

    def on_sigterm(signum, frame):
        reporter.end("interrupted")
        if callable(previous):
            return previous(signum, frame)
        # The default action: die of the signal, as if we had never been here.
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return None

    signal.signal(signal.SIGTERM, on_sigterm)
