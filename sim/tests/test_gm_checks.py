"""The end-of-launch GM checks (sim/src/core/gm_race.cpp, output_check.cpp) against a byte model.

Both checks sort the launch's GM write records once, as intervals, and sweep them (the race
check per SyncAll epoch, with the reads that meet a write; the unwritten-output check per
output). The model below instead marks every byte each access touched. Random kernel-shaped
launches (each core copying its own rows with a pitch, reading shared inputs, now and then
straying into another core's bytes, SyncAll between phases) must get reports that agree with
it: a race exactly when two cores touch one byte in one epoch with a write among them, naming
cores, kinds, bytes and epoch that really race; the same unwritten count and first element,
and a neighbour element really written by the named core.
"""
import random
import re

import pytest

GM = 4096
INPUT = (0, 1024)        # read by every core, written by none
SLOTS = (1024, 3072)     # split between the cores; holds both outputs
OUTPUTS = [(1024, 1024, "grid", [16, 16], 4), (2048, 1000, "flat", [], 1)]

RACE = re.compile(r"^core (\d+) \(DataCopy, (write|read)\) and core (\d+) \(DataCopy, (write|read)\) both touch "
                  r"(\d+) GM byte\(s\) of gm byte (\d+) with no SyncAll between them \(after (\d+) SyncAll\(s\)\)")
UNWRITTEN = re.compile(r"^output (\w+): (\d+) of (\d+) (?:elements|bytes) were never written by any core; "
                       r"the first is .*?\(element (\d+)\)(?:; the (?:next|previous) written element, "
                       r"(?:\(([\d, ]+)\)|byte (\d+)), was written by core (\d+))?$")


def random_launch(rng, cores):
    """Ops for _simtest.gm_checks, and per byte the (epoch, core, write) of every touch."""
    slot = (SLOTS[1] - SLOTS[0]) // cores
    ops, touches, epoch = [], {}, 0

    def copy(core, start, row_bytes, pitch, rows, write):
        ops.append(("copy", core, start, row_bytes, pitch, rows, write))
        for row in range(rows):
            for byte in range(start + row * pitch, start + row * pitch + row_bytes):
                touches.setdefault(byte, []).append((epoch, core, write))

    if rng.random() < 0.5:  # every core writes its whole slot, as two interleaved pitched copies
        for core in range(cores):
            begin = SLOTS[0] + core * slot
            end = SLOTS[1] if core == cores - 1 else begin + slot
            half = (end - begin) // 64 * 32  # rows of 32 bytes, 64 apart, then the rows between
            copy(core, begin, 32, 64, half // 32, True)
            copy(core, begin + 32, 32, 64, half // 32, True)
            if begin + 2 * half < end:
                copy(core, begin + 2 * half, end - begin - 2 * half, 0, 1, True)
    for _ in range(rng.randrange(4, 40)):
        if rng.random() < 0.1:
            ops += [("sync_all", core) for core in range(cores)]
            epoch += 1
            continue
        core = rng.randrange(cores)
        write = rng.random() < 0.6
        rows, row_bytes = rng.randrange(1, 9), rng.randrange(1, 65)
        pitch = row_bytes if rng.random() < 0.3 else row_bytes + rng.randrange(0, 64)
        span = (rows - 1) * pitch + row_bytes
        if rng.random() < 0.08:  # strays anywhere: may meet another core's bytes
            start = rng.randrange(INPUT[1], GM - span)
        elif write:  # its own slot
            start = SLOTS[0] + core * slot + rng.randrange(max(slot - span, 1))
        else:
            start = rng.randrange(INPUT[0], INPUT[1] - span)
        copy(core, start, row_bytes, pitch, rows, write)
    return ops, touches


def first_racing_epoch(touches):
    """The first epoch in which a core writes a byte another core touches, or None."""
    racing = {e for ts in touches.values() for e, c, w in ts if w and any(e2 == e and c2 != c for e2, c2, _ in ts)}
    return min(racing, default=None)


def check_race(report, touches):
    epoch = first_racing_epoch(touches)
    if epoch is None:
        assert report == "", report
        return False
    match = RACE.match(report)
    assert match, report
    core_a, kind_a, core_b, kind_b, count, start, after = match.groups()
    assert int(after) == epoch and core_a != core_b and "write" in (kind_a, kind_b), report
    for byte in range(int(start), int(start) + int(count)):
        for core, kind in ((core_a, kind_a), (core_b, kind_b)):
            assert (epoch, int(core), kind == "write") in touches.get(byte, []), (report, byte)
    return True


def check_unwritten(report, touches):
    written = {byte: {c for _, c, w in ts if w} for byte, ts in touches.items()}
    written = {byte: cs for byte, cs in written.items() if cs}
    for offset, size, name, shape, element in OUTPUTS:  # all required: a never-written one is reported too
        missing = [e for e in range(size // element)
                   if any(offset + e * element + b not in written for b in range(element))]
        if not missing:
            continue
        match = UNWRITTEN.match(report)
        assert match and match.group(1) == name, report
        assert (int(match.group(2)), int(match.group(3)), int(match.group(4))) == (
            len(missing), size // element, missing[0]), report
        coords, flat, core = match.group(5), match.group(6), match.group(7)
        if core is not None:  # the element named next to the hole: row-major index from its coordinates
            neighbour = int(flat) if flat is not None else 0
            for extent, index in zip(shape, coords.split(", ") if flat is None else []):
                neighbour = neighbour * extent + int(index)
            assert int(core) in written.get(offset + neighbour * element, set()), report
        return True
    assert report == "", report
    return False


@pytest.mark.parametrize("cores", [2, 3, 8])
def test_gm_checks_match_a_byte_model(simtest, cores):
    rng = random.Random(cores)
    races = holes = 0
    for _ in range(150):
        ops, touches = random_launch(rng, cores)
        race, unwritten = simtest.gm_checks(GM, cores, ops, OUTPUTS)
        races += check_race(race, touches)
        holes += check_unwritten(unwritten, touches)
    # Both answers of both checks must come up, or the comparison proves little.
    assert 10 < races < 140 and 10 < holes < 140, (races, holes)


def finish_order(rng, cores):
    """Cores finishing in a random order on one or two threads, as a launch's host threads
    finish them (GmRaceTracker::CoreFinished); now and then some core never finishes."""
    order = list(range(cores))
    rng.shuffle(order)
    if rng.random() < 0.1:
        order.pop()  # an aborted launch: the checks must sort every write themselves
    split = rng.randrange(len(order) + 1) if rng.random() < 0.5 else len(order)
    return [order[:split], order[split:]]


@pytest.mark.parametrize("cores", [1, 2, 3, 8, 48])
def test_write_rows_merged_as_cores_finish_match_one_sort(simtest, cores):
    # Each core sorts its writes when it finishes and merges them with its neighbours' in a
    # tree; the result must be the one serial stable sort by begin of every core's writes in
    # record order (the reference, WriteRowsBySort), interval by interval, and cover exactly
    # the bytes the byte model says each core wrote in each epoch.
    rng = random.Random(100 + cores)
    for _ in range(60):
        ops, touches = random_launch(rng, cores)
        rows, reference = simtest.gm_write_rows(GM, cores, ops, finish_order(rng, cores))
        assert rows == reference
        assert all(a[0] < b[0] or (a[0] == b[0] and a[2] <= b[2]) for a, b in zip(rows, rows[1:])), rows
        covered = {(e, c, byte) for begin, end, c, e, _ in rows for byte in range(begin, end)}
        model = {(e, c, byte) for byte, ts in touches.items() for e, c, w in ts if w}
        assert covered == model


@pytest.mark.parametrize("cores", [2, 3, 8, 48])
def test_gm_checks_agree_however_the_cores_finish(simtest, cores):
    # The reports with the writes merged as cores finish are the reports of the serial sort,
    # word for word (which race is reported first, which element and writer), and agree with
    # the byte model.
    rng = random.Random(200 + cores)
    races = holes = 0
    for _ in range(100):
        ops, touches = random_launch(rng, cores)
        serial = simtest.gm_checks(GM, cores, ops, OUTPUTS)
        merged = simtest.gm_checks(GM, cores, ops, OUTPUTS, finish=finish_order(rng, cores))
        assert merged == serial
        races += check_race(merged[0], touches)
        holes += check_unwritten(merged[1], touches)
    assert 5 < races < 95 and 5 < holes < 95, (races, holes)


@pytest.mark.parametrize("crowded", [False, True])
def test_gm_extent_lookups_kept_per_thread_follow_every_registry_change(simtest, crowded):
    # Every DMA's allocation check asks FindGmExtent, which searches a copy of the registry
    # rewritten at every change and read without the lock (or, past a size, the registry
    # itself); after registrations, removals and re-registrations with other sizes it must
    # answer as the registry does, on the thread that made the change and on another.
    crowd = simtest.MAX_COPIED_GM_EXTENTS + 1 if crowded else 0
    assert simtest.gm_extent_churn(seed=5, steps=400, crowd=crowd) == []


@pytest.mark.parametrize("same_value, same_rows, race", [(True, True, False), (False, True, True),
                                                         (True, False, True)])
def test_cores_writing_the_same_bytes_alike_do_not_race(simtest, same_value, same_rows, race):
    # asc-devkit's create_vec_index and axpy_half_float samples write one result from every core:
    # whichever lands last, GM ends the same. Other values, or other rows (GM then depends on
    # which core's rows land last where they meet), still race.
    ops = [("copy", 0, 1024, 64, 128, 4, True, 7),
           ("copy", 1, 1024 if same_rows else 1056, 64, 128, 4, True, 7 if same_value else 8),
           ("copy", 2, 2048, 64, 64, 1, True, 9)]  # a third core's own bytes
    report, _ = simtest.gm_checks(GM, 3, ops, [])
    assert bool(report) == race, report
    if race:
        assert RACE.match(report) and "core 0" in report and "core 1" in report, report


def test_a_repeated_write_still_races_with_another_core_s_read(simtest):
    ops = [("copy", 0, 1024, 64, 64, 1, True, 7), ("copy", 1, 1024, 64, 64, 1, True, 7),
           ("copy", 2, 1040, 16, 16, 1, False)]
    report, _ = simtest.gm_checks(GM, 3, ops, [])
    assert RACE.match(report) and "core 2 (DataCopy, read)" in report, report
