"""The JSON-lines protocol both workers speak on stdout (their headers describe the messages)."""

import json
import resource
import sys
import threading

out_lock = threading.Lock()


def send(message):
    with out_lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def peak_rss_mb():
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


class JobError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
