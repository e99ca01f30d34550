"""Search workers keep their memory (and so their memo) across tasks (lookahead.parallel.workers): loky, when
psutil is installed, would otherwise end a worker whose memory grew by 300 MB and start another."""

import os
import time

import numpy as np
import pytest
from joblib import delayed

from lookahead import SearchSetting
from lookahead.parallel.schedule import worker_pool

_KEPT: list = []  # what a worker holds between tasks, as a search worker holds its memo


def grow_and_report(megabytes: int) -> int:
    """Hold `megabytes` more memory (touched, so it counts), wait past loky's 1 s check, give the pid."""
    if megabytes:
        _KEPT.append(np.ones(megabytes * 2**20, np.uint8))
    time.sleep(1.2)
    return os.getpid()


@pytest.mark.slow
def test_a_worker_that_grows_its_memory_is_kept_for_the_next_tasks():
    # each worker's first task sets loky's reference; then each grows by about 350 MB
    sizes = [0, 0, 350, 350, 0, 0]
    pids = list(worker_pool(SearchSetting(jobs=2), 2)(delayed(grow_and_report)(mb) for mb in sizes))
    assert len(pids) == len(sizes) and os.getpid() not in pids
    assert len(set(pids)) == 2  # the same two workers throughout: none was restarted
