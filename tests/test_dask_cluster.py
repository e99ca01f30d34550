"""Dask for real. First, that no task argument is scattered (joblib's dask backend would keep it
on one worker, and lose it with that worker). Then a scheduler and two workers started the way a
user starts them (`dask scheduler`, `dask worker ... --nworkers 1 --nthreads 1`, separate processes
on 127.0.0.1), an `--all` run sent to them with `--backend dask --scheduler tcp://...`, and two
failures in the middle of it:

- a worker is killed (SIGKILL, nanny and all) while it runs tasks: the scheduler gives its tasks to
  the other worker, and the run must end with what a serial run decides (the same best word and
  total, every word exactly once with the same status, every proven value the same);
- the client (`python -m optimal.search`) is killed: rerun, it resumes from its checkpoint (the words
  it had saved are not searched again) and ends with the same results again.

Last, a cluster behind Dask's TLS (certificates made with openssl), reached with a tls:// address
and Dask's own environment variables, and refused in one line without them.

The game is small (1,158 answers, 2,347 first words; about 10 s of search on one core) so the run
lasts long enough to be interrupted. Every process the test starts is killed, by its process group,
in a `finally`.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from joblib import parallel_config

from lookahead import SearchSetting
from lookahead.parallel.schedule import run_paced
from optimal.search.command import main as search
from optimal.words import load_lists

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120  # seconds: the most any step may take on a loaded 2-core machine
LOCAL = ["--dashboard-address", "127.0.0.1:0"]  # with --host 127.0.0.1: every port on the loopback


@pytest.fixture(scope="module")
def lists(tmp_path_factory) -> list[str]:
    """Every second answer of the original list, and every tenth allowed guess."""
    answers, guesses = load_lists("original")
    folder = tmp_path_factory.mktemp("lists")
    (folder / "answers.txt").write_text("\n".join(answers.words[::2]) + "\n")
    (folder / "guesses.txt").write_text("\n".join(guesses.words[::10]) + "\n")
    return ["--answers", str(folder / "answers.txt"), "--guesses", str(folder / "guesses.txt"),
            "--all", "--cache-mb", "64", "--quiet"]


@pytest.fixture(scope="module")
def reference(lists, tmp_path_factory) -> dict:
    """The serial run's summary (it also warms the compiled kernels the workers load)."""
    out = tmp_path_factory.mktemp("serial")
    assert search(lists + ["--jobs", "1", "--out", str(out)]) == 0
    return summary(out)


def summary(out: Path) -> dict:
    (path,) = out.glob("*/summary.json")
    return json.loads(path.read_text())


def checkpoint(out: Path) -> dict:
    paths = list(out.glob("*/checkpoint-all.json"))
    return json.loads(paths[0].read_text())["results"] if paths else {}


def verdict(data: dict) -> tuple:
    """What a run decided: the best word and its proven total, and every word once with its status
    and, when proven, its value. A cut-off word's lower bound is left out: it is wherever that
    word's search crossed the cutoff, which depends on what the worker's memo held (a serial and a
    two-worker loky run of this very game differ in about 250 of them), so it must only be a valid
    claim (see `assert_bounds_hold`)."""
    rows = {}
    for row in data["results"]:
        assert row["word"] not in rows, f"{row['word']} reported twice"
        rows[row["word"]] = (row["status"], row["value"] if row["exact"] else None)
    return data["best"]["word"], data["best"]["total"], data["best"]["proven"], rows


def assert_bounds_hold(data: dict) -> None:
    """Every word but the best is proven to need more than the best (this game's best is unique)."""
    best = data["best"]["total"]
    assert all(row["lower_bound"] > best for row in data["results"] if row["word"] != data["best"]["word"])


def start(args: list[str], log: Path) -> subprocess.Popen:
    """A process in its own session (so its whole group can be killed), logging to `log`."""
    with open(log, "w") as out:
        return subprocess.Popen(args, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def kill(process: subprocess.Popen) -> None:
    """SIGKILL the process's group (a dask worker's nanny and worker, or a search and its helpers)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=WAIT)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@contextmanager
def cluster(logs: Path, workers: int = 2, tls: list[str] | None = None):
    """`dask scheduler` and `dask worker` processes on 127.0.0.1 (with `tls`, Dask's TLS flags:
    the scheduler listens on tls://); yields (address, the test's own client to watch the
    scheduler, a function starting one more worker by name, the worker processes by name)."""
    protocol = "tls" if tls else "tcp"
    address = f"{protocol}://127.0.0.1:{free_port()}"
    dask = [sys.executable, "-m", "dask"]
    processes = [start(dask + ["scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                               "--protocol", protocol, *LOCAL, *(tls or [])],
                       logs / "scheduler.log")]
    started: dict[str, subprocess.Popen] = {}

    def add_worker(name: str) -> None:
        started[name] = start(dask + ["worker", address, "--nworkers", "1", "--nthreads", "1",
                                      "--host", "127.0.0.1", *LOCAL, "--local-directory", str(logs),
                                      "--name", name, *(tls or [])], logs / f"{name}.log")
        processes.append(started[name])

    client = None
    try:
        for i in range(workers):
            add_worker(f"w{i + 1}")
        security = None
        if tls:
            ca, cert, key = tls[1::2]
            security = distributed.Security(tls_ca_file=ca, tls_client_cert=cert,
                                            tls_client_key=key, require_encryption=True)
        client = distributed.Client(address, timeout=WAIT, security=security)
        client.wait_for_workers(workers, timeout=WAIT)
        yield address, client, add_worker, started
    finally:
        if client is not None:
            client.close()
        for process in reversed(processes):
            kill(process)


def busy_workers(client) -> dict[str, int]:
    """Worker name -> tasks it is running or holds in line."""
    names = {addr: w["name"] for addr, w in client.scheduler_info()["workers"].items()}
    return {names[addr]: len(keys) for addr, keys in client.processing().items()
            if keys and addr in names}


def slow_sum(numbers: np.ndarray, batch: list[int]) -> list[int]:
    time.sleep(0.02 * len(batch))
    return [int(numbers.sum()) + i for i in batch]


def scattered_keys(dask_scheduler) -> int:
    """Data on the cluster that no task can compute again (it was scattered there)."""
    return sum(ts.run_spec is None for ts in dask_scheduler.tasks.values())


@pytest.mark.slow  # starts a cluster
def test_task_arguments_are_sent_with_the_task_not_scattered():
    numbers = np.arange(5000)  # 40 kB: joblib would scatter it to one worker
    seen, scattered = [], []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as cluster, \
            distributed.Client(cluster) as client, parallel_config(backend="dask"):

        def take(results: list[int]) -> None:
            seen.extend(results)
            scattered.append(client.run_on_scheduler(scattered_keys))

        run_paced(list(range(200)), lambda batch: (slow_sum, (numbers, batch)),
                  SearchSetting(jobs=2, backend="dask"), take)
    assert sorted(seen) == [int(numbers.sum()) + i for i in range(200)]
    assert len(scattered) < 200  # some of the work went to the cluster, in batches
    assert not any(scattered)


@pytest.mark.slow
def test_a_killed_worker_and_a_killed_client_lose_nothing(lists, reference, tmp_path):
    expected = verdict(reference)
    assert_bounds_hold(reference)
    words = len(reference["results"])
    with cluster(tmp_path) as (address, client, add_worker, workers):
        command = [sys.executable, "-m", "optimal.search", *lists, "--backend", "dask",
                   "--scheduler", address, "--jobs", "2"]

        # 1. a worker dies in the middle of the run
        out = tmp_path / "worker-killed"
        run = start(command + ["--out", str(out)], tmp_path / "run1.log")
        try:
            wait_until(lambda: len(busy_workers(client)) == 2 or run.poll() is not None,
                       "both workers to run tasks")
            assert run.poll() is None, "the run ended before the cluster got work"
            time.sleep(1.0)
            busy = busy_workers(client)
            victim = max(busy, key=busy.get)
            assert run.poll() is None and busy[victim] > 0
            kill(workers[victim])  # with tasks in hand
            assert run.wait(timeout=WAIT) == 0, (tmp_path / "run1.log").read_text()[-2000:]
        finally:
            kill(run)
        retried = summary(out)
        assert verdict(retried) == expected
        assert_bounds_hold(retried)
        assert len(retried["results"]) == len(checkpoint(out)) == words

        # 2. the client dies; its rerun resumes from the checkpoint (a fresh worker joins too)
        add_worker("w3")
        client.wait_for_workers(2, timeout=WAIT)
        out = tmp_path / "client-killed"
        run = start(command + ["--out", str(out)], tmp_path / "run2.log")
        try:
            wait_until(lambda: checkpoint(out) or run.poll() is not None, "a checkpoint")
            assert run.poll() is None, "the run ended before it saved a checkpoint"
        finally:
            kill(run)
        saved = checkpoint(out)
        assert 0 < len(saved) < words
        rerun = subprocess.run(command + ["--out", str(out)], cwd=ROOT, capture_output=True,
                               text=True, timeout=4 * WAIT)
        assert rerun.returncode == 0, rerun.stderr[-2000:]
    resumed = summary(out)
    assert verdict(resumed) == expected
    assert_bounds_hold(resumed)
    assert len(resumed["results"]) == words
    # the saved words were taken over, not searched again (but for those stopped exactly at the
    # best total, which every run searches once more at its end to tell a tie from a loss)
    seconds = {r["word"]: r["seconds"] for r in resumed["results"]}
    final = [w for w, r in saved.items() if r["exact"] or r["value"] > resumed["best"]["total"]]
    assert final and all(seconds[w] == saved[w]["seconds"] for w in final)


def certificates(folder: Path) -> dict[str, str]:
    """A throwaway certificate authority and one certificate it signed (for 127.0.0.1), made with
    the openssl command as a user would: {"ca": ..., "cert": ..., "key": ...} paths."""
    openssl = ["openssl"]
    run = lambda *args: subprocess.run(openssl + list(args), cwd=folder, check=True,
                                       capture_output=True)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca-key.pem", "-out", "ca.pem",
        "-days", "2", "-subj", "/CN=optimal test CA")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.csr",
        "-subj", "/CN=127.0.0.1")
    run("x509", "-req", "-in", "cert.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem",
        "-CAcreateserial", "-out", "cert.pem", "-days", "2")
    return {name: str(folder / f"{name}.pem") for name in ("ca", "cert", "key")}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_a_tls_cluster_with_dasks_own_settings(tmp_path):
    files = certificates(tmp_path)
    tls = ["--tls-ca-file", files["ca"], "--tls-cert", files["cert"], "--tls-key", files["key"]]
    answers, guesses = load_lists("original")
    (tmp_path / "answers.txt").write_text("\n".join(answers.words[::3]) + "\n")
    words = sorted(set(answers.words[::3]) | set(guesses.words[::12]))
    (tmp_path / "guesses.txt").write_text("\n".join(words) + "\n")
    with cluster(tmp_path, tls=tls) as (address, client, _, _):
        command = [sys.executable, "-m", "optimal.search", "--answers", str(tmp_path / "answers.txt"),
                   "--guesses", str(tmp_path / "guesses.txt"), "--all", "--cache-mb", "64",
                   "--quiet", "--no-write", "--backend", "dask", "--scheduler", address]
        plain = {k: v for k, v in os.environ.items() if not k.startswith("DASK_DISTRIBUTED__COMM__TLS")}
        refused = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=plain,
                                 timeout=WAIT)
        assert refused.returncode == 2 and "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1
        env = dict(plain, DASK_DISTRIBUTED__COMM__TLS__CA_FILE=files["ca"],
                   DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT=files["cert"],
                   DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY=files["key"])
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env,
                              timeout=4 * WAIT)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "proven optimal" in done.stdout
        # the scheduler has seen the engine's tasks (joblib names them after run_task); a lambda,
        # so that it is pickled by value (the scheduler cannot import this test module)
        assert client.run_on_scheduler(
            lambda dask_scheduler: any("run_task" in name for name in dask_scheduler.task_prefixes))
