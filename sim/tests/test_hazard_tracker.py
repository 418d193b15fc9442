"""The pipe-hazard tracker (sim/src/core/hazard.cpp) against a block-by-block model.

The tracker keeps runs of equal 32-byte blocks and splits and joins them as accesses land; the
model below keeps one state per block and walks every block of every access, so it has none of
the run bookkeeping to get wrong. Random traces shaped like kernels (buffers carved from UB,
touched whole or a row at a time, unaligned odd ranges, several operands per instruction, syncs
between pipes) must get the same answer from both for every access: the first racing block,
the race kind, and the other pipe's instruction.

The trace runs in a child process with a time limit: a broken tracker is as likely to walk
off its arrays or loop forever over its runs as to answer wrongly, and either must fail this
test with a message rather than take pytest down or stall it.
"""
import pickle
import random
import signal
import subprocess
import sys

import pytest

from sim.tests.sim_build import build_path

BLOCK = 32
PIPES = 4  # S, V, MTE2, MTE3 (counters.h)
NO_RACE, READ_AFTER_WRITE, WRITE_AFTER_WRITE, WRITE_AFTER_READ = range(4)  # Race::Kind


class BlockModel:
    """Vector clocks as hazard.h states them, one state per block."""

    def __init__(self, ub_bytes):
        self.blocks = (ub_bytes + BLOCK - 1) // BLOCK
        self.reset()

    def reset(self):
        self.writer = [0] * self.blocks
        self.write_seq = [0] * self.blocks
        self.read_seq = [[0] * PIPES for _ in range(self.blocks)]
        self.issued = [0] * PIPES
        self.observed = [[0] * PIPES for _ in range(PIPES)]
        self.pending = {}

    def issue(self, pipe):
        self.issued[pipe] += 1
        return self.issued[pipe]

    def snapshot(self, pipe):
        token = list(self.observed[pipe])
        token[pipe] = self.issued[pipe]
        return token

    def observe(self, to, token):
        self.observed[to] = [max(a, b) for a, b in zip(self.observed[to], token)]

    def race_at(self, block, me, write):
        seen = self.observed[me]
        writer, write_seq = self.writer[block], self.write_seq[block]
        if write_seq and writer != me and seen[writer] < write_seq:
            return (WRITE_AFTER_WRITE if write else READ_AFTER_WRITE, block * BLOCK, writer, write_seq)
        if write:
            for r in range(PIPES):
                if r != me and self.read_seq[block][r] > seen[r]:
                    return (WRITE_AFTER_READ, block * BLOCK, r, self.read_seq[block][r])
        return None

    def access(self, me, seq, offset, size, write):
        if size == 0 or offset // BLOCK >= self.blocks:
            return None
        blocks = range(offset // BLOCK, min((offset + size - 1) // BLOCK, self.blocks - 1) + 1)
        race = next((r for r in (self.race_at(b, me, write) for b in blocks) if r), None)
        for b in blocks:
            if write:
                self.writer[b], self.write_seq[b], self.read_seq[b] = me, seq, [0] * PIPES
            else:
                self.read_seq[b][me] = max(self.read_seq[b][me], seq)
        return race


def random_trace(rng, ub_bytes, length):
    """Ops for _simtest.hazard_trace and the model's answer to each access, in step."""
    model = BlockModel(ub_bytes)
    # A few buffers as a kernel carves them, rows of a few blocks each.
    buffers, start = [], 0
    while start < ub_bytes - 8 * BLOCK:
        size = rng.choice([2, 4, 8, 16, 32]) * BLOCK
        buffers.append((start, min(size, ub_bytes - start)))
        start += size
    ops, expected = [], []

    def some_range():
        shape = rng.random()
        base, size = rng.choice(buffers)
        if shape < 0.45:
            return base, size  # a whole buffer
        if shape < 0.8:
            row = rng.choice([BLOCK, 2 * BLOCK, 4 * BLOCK])
            return base + rng.randrange(max(size // row, 1)) * row, row  # one row of it
        if shape < 0.95:
            offset = rng.randrange(ub_bytes)
            return offset, rng.randrange(1, 6 * BLOCK)  # unaligned, may span buffers
        return rng.randrange(ub_bytes - BLOCK, ub_bytes + 2 * BLOCK), rng.randrange(0, 3 * BLOCK)  # at UB's end

    for _ in range(length):
        kind = rng.random()
        if kind < 0.6:  # one instruction: its sources read, then its destination written
            pipe = rng.randrange(PIPES)
            ops.append(("issue", pipe))
            seq = model.issue(pipe)
            expected.append(seq)
            operands = [some_range() for _ in range(rng.choice([1, 2, 3]))]
            if rng.random() < 0.1:  # rows of one buffer out of order, as a gather reads them
                base, size = rng.choice(buffers)
                rows = list(range(0, size, BLOCK))
                operands = [(base + row, BLOCK) for row in rng.sample(rows, min(len(rows), 4))]
            for operand, (offset, size) in enumerate(operands):
                write = operand == 0 if rng.random() < 0.2 else rng.random() < 0.4
                ops.append(("access", pipe, seq, offset, size, write))
                expected.append(model.access(pipe, seq, offset, size, write))
        elif kind < 0.85:  # SetFlag now, its WaitFlag now or later
            frm, to = rng.sample(range(PIPES), 2)
            key = (frm, to, rng.randrange(2))
            queue = model.pending.setdefault(key, [])
            op = "wait" if queue else "set"
            ops.append((op, *key))
            if op == "set":
                queue.append(model.snapshot(frm))
            else:
                model.observe(to, queue.pop(0))
            expected.append(True)
        elif kind < 0.95:
            frm, to = rng.sample(range(PIPES), 2)
            ops.append(("observe", frm, to))
            model.observe(to, model.snapshot(frm))
            expected.append(None)
        elif kind < 0.995:
            ops.append(("barrier",))
            for p in range(PIPES):
                model.observed[p] = list(model.issued)
            expected.append(None)
        else:  # a new launch on the same tracker
            ops.append(("reset",))
            model.reset()
            expected.append(None)
    return ops, expected


# A trace takes about 0.1 s with the child's start (measured at load ~5 on 2 cores): a child
# still running after 100 times that is looping. A hang costs each of the 16 cases this long.
TRACE_SECONDS = 10
# The child: _simtest.hazard_trace on the pickled (ub_bytes, ops) from stdin, answers pickled to stdout.
CHILD = """
import pickle, sys
sys.path.insert(0, sys.argv[1])
import _simtest
ub_bytes, ops = pickle.load(sys.stdin.buffer)
answers = _simtest.hazard_trace(ub_bytes, ops)
sys.stdout.buffer.write(pickle.dumps(answers))
"""


def hazard_trace(ub_bytes, ops):
    """_simtest.hazard_trace run apart: a crash or a hang in the tracker fails the test, saying which."""
    what = f"the tracker on a {len(ops)}-op trace over {ub_bytes} B of UB"
    try:
        child = subprocess.run([sys.executable, "-X", "faulthandler", "-c", CHILD, str(build_path("tests", "ext"))],
                               input=pickle.dumps((ub_bytes, ops)), capture_output=True, timeout=TRACE_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} did not finish in {TRACE_SECONDS} s: it hangs (a loop over its runs that never ends?)")
    if child.returncode != 0:
        how = (f"died of {signal.Signals(-child.returncode).name}" if child.returncode < 0
               else f"failed (exit status {child.returncode})")
        pytest.fail(f"{what} {how}:\n{child.stderr.decode(errors='replace')[-4000:]}")
    return pickle.loads(child.stdout)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("ub_bytes", [4096, 6144 + 8])
def test_tracker_matches_a_block_by_block_model(seed, ub_bytes):
    rng = random.Random(seed * 1000 + ub_bytes)
    ops, expected = random_trace(rng, ub_bytes, 4000)
    answers = hazard_trace(ub_bytes, ops)
    assert len(answers) == len(ops)
    races = 0
    for i, (op, answer, want) in enumerate(zip(ops, answers, expected)):
        if op[0] != "access":
            assert answer == want, (i, op)
            continue
        would, kind, block_start, other, other_seq = answer
        got = None if kind == NO_RACE else (kind, block_start, other, other_seq)
        assert got == want, (i, op)
        assert would == (want is not None), (i, op)
        races += want is not None
    # The traces must exercise both answers, or the comparison proves little.
    accesses = sum(op[0] == "access" for op in ops)
    assert 0.05 * accesses < races < 0.8 * accesses, (races, accesses)


def maximal_runs(model):
    """How many spans of equal state the model's blocks form."""
    states = [(model.writer[b], model.write_seq[b], tuple(model.read_seq[b])) for b in range(model.blocks)]
    return 1 + sum(states[b] != states[b - 1] for b in range(1, model.blocks))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ub_bytes", [4096, 6144 + 8])
def test_tracker_joins_every_run_it_could(seed, ub_bytes):
    # The tracker compares a run with its neighbours only where the same instruction touched
    # them (hazard.h, Touched): joins it skips must be ones that could not happen, so after
    # every instruction its runs are exactly the model's maximal spans of equal state.
    rng = random.Random(seed * 1000 + ub_bytes + 7)
    ops, _ = random_trace(rng, ub_bytes, 1500)
    model, traced, expected = BlockModel(ub_bytes), [], []
    for op in ops:
        traced.append(op)
        if op[0] == "access":
            model.access(*op[1:])
        elif op[0] == "reset":
            model.reset()
        if op[0] in ("access", "reset"):
            traced.append(("runs",))
            expected.append(maximal_runs(model))
    answers = hazard_trace(ub_bytes, traced)
    counts = [answer for op, answer in zip(traced, answers) if op == ("runs",)]
    assert counts == expected
    assert max(expected) > 20  # the traces split UB into many runs, so the joins are exercised
