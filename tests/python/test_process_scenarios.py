"""Threads, environment edits, interpreter exit and fork, each in a child process with a
timeout (tests/python/process_scenarios.py; its long run is documented in docs/reliability.md).
Racing runs of one executor: tests/aclnn/test_op_c_api.py."""
import concurrent.futures

from tests.python import process_scenarios as scenarios


def test_editing_os_environ_while_threads_run_the_op():
    """The sim once called getenv on every call with the GIL released: a thread growing
    os.environ reallocated `environ` under it (SIGSEGV in about half of such 2 s runs, so two
    run side by side)."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda _: scenarios.env_edits(seconds=2), range(2)))
    for result in results:
        assert result.returncode == 0, scenarios.describe(result)


def test_exit_while_daemon_threads_are_inside_the_op():
    """10 interpreter exits with daemon threads inside the op, each with status 0: they once
    retook the GIL at finalization inside a noexcept destructor (terminate, SIGABRT) in every run."""
    result = scenarios.exit_inside(runs=10, threads=3)
    assert result.returncode == 0, scenarios.describe(result)
    assert result.stdout.split() == ["runs", "10", "statuses"] + ["0"] * 10, result.stdout


def test_children_forked_while_threads_run_the_op_run_it_themselves():
    """40 children, each forked while threads are inside the op; each runs one call, checks it
    against the parent's result and exits. A child once blocked for ever on a lock held by a
    thread that only the parent has."""
    result = scenarios.fork_inside(forks=40, threads=3, child_timeout=10)
    assert result.returncode == 0, scenarios.describe(result)
    assert "forks 40 hung 0 failed 0" in result.stdout
