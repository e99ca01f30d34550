"""How `lookahead.parallel.schedule` sizes the tasks it hands to workers.

Why these tests: a tie pass sorted quickest first settles thousands of words in the serial phase and
then meets words that take seconds each; sized by the serial rate alone, its first tasks carried
about 1,400 words each, minutes of work that a stop loses."""

from __future__ import annotations

import math
import time

import pytest

from lookahead import SearchSetting
from lookahead.parallel import schedule
from lookahead.parallel.schedule import RAMP_START, TASK_SECONDS, Pace, run_paced


def test_first_tasks_carry_at_most_the_ramp_start_whatever_the_serial_rate_says():
    pace = Pace(SearchSetting(jobs=2))
    assert pace.next_size(1400, 10_000) == RAMP_START
    assert pace.next_size(3, 10_000) == 3
    assert pace.next_size(1400, 2) == 2


def test_tasks_at_most_double_the_largest_that_came_back():
    pace = Pace(SearchSetting(jobs=2))
    pace.record(RAMP_START, 1e-6)  # a very fast task: the rate alone would ask for thousands
    assert pace.next_size(1400, 100_000) == 2 * RAMP_START
    pace.record(2 * RAMP_START, 2e-6)
    assert pace.next_size(1400, 100_000) == 4 * RAMP_START


def test_a_slow_latest_task_shrinks_the_next_even_when_the_overall_rate_is_fast():
    pace = Pace(SearchSetting(jobs=2))
    for _ in range(10):
        pace.record(64, 1e-3)  # many fast tasks
    pace.record(64, 64.0)  # then one at a second per item
    assert pace.next_size(1400, 100_000) == 1  # TASK_SECONDS / 1 s per item, at least one


def test_dask_tasks_carry_more_work_than_loky_tasks():
    """A Dask task costs the client, the scheduler and the worker's event loop more than a loky
    task costs its pipe, so at the same rate a Dask task carries more items (and both at least
    4 tasks per worker)."""
    sizes = {}
    for backend in ("loky", "dask"):
        pace = Pace(SearchSetting(jobs=2, backend=backend))
        pace.jobs = 2  # (a Dask pace would ask a cluster for its threads)
        sizes[backend] = pace.per_task(0.01, 100_000)
    assert sizes == {"loky": math.ceil(TASK_SECONDS["loky"] / 0.01),
                     "dask": math.ceil(TASK_SECONDS["dask"] / 0.01)}
    assert sizes["dask"] > sizes["loky"]
    assert pace.per_task(0.01, 40) == 5  # 40 items, 2 workers: at least 4 tasks each


@pytest.mark.slow
def test_work_that_slows_down_gets_small_tasks(monkeypatch):
    """Items quick for the serial phase and then 20 ms each: no task may carry more than about
    TASK_SECONDS of the slow items (plus the ramp's doubling), and every item is taken once."""
    monkeypatch.setattr(schedule, "SERIAL_SECONDS", 0.05)
    monkeypatch.setitem(schedule.POOL_START, "threading", -1.0)
    slow_from = 1_000
    items = list(range(slow_from + 200))
    sizes: list[int] = []

    def work(batch: list) -> list:
        for item in batch:
            time.sleep(0.02 if item >= slow_from else 1e-4)
        return batch

    taken: list = []

    def call(batch: list):
        # the slow items a task carries (its length failed under load 5-6: a task of 68 fast
        # items, sized while the ramp grew on a slower serial phase, is no task of slow items)
        sizes.append(sum(1 for item in batch if item >= slow_from))
        return work, (batch,)

    run_paced(items, call, SearchSetting(jobs=2, backend="threading"), taken.extend)
    assert sorted(taken) == items
    slow_tasks = [n for n in sizes if n > 1]
    assert slow_tasks, "the workers were used"
    # 0.5 s at 20 ms an item is 25 items; the ramp may double a fast task once past that
    assert max(slow_tasks) <= 2 * TASK_SECONDS["threading"] / 0.02 + 2 * RAMP_START
