"""Where undefined UB bytes came from (sim/src/core/origins.cpp) against a byte-by-byte model.

The sim keeps origins as sorted intervals that a tag cuts, replaces and re-tags; the model keeps
one origin per byte. Random tags shaped like a kernel's (whole buffers poisoned at AllocTensor,
row padding tagged row by row and re-tagged tile after tile, results cleared with origin 0)
must leave every byte with the same origin in both.
"""
import random

import pytest

UB = 2048


def model(tags):
    at = [0] * UB
    for offset, size, origin in tags:
        at[offset:offset + size] = [origin] * size
    return at


def kernel_like_tags(rng):
    tags = []
    for _ in range(rng.randrange(1, 6)):  # tiles
        base, rows, pitch = rng.randrange(0, 512), rng.randrange(1, 12), rng.choice([32, 64, 96, 128])
        tags.append((base, rows * pitch, 1))  # AllocTensor of the buffer
        pad = rng.randrange(1, 32)
        for r in range(rows):  # the DMA's padding, per row
            tags.append((base + r * pitch + pitch - pad, pad, 2))
        for _ in range(rng.randrange(0, 4)):  # results: defined (0) or carrying an origin
            offset = rng.randrange(0, UB - 1)
            tags.append((offset, rng.randrange(1, min(300, UB - offset) + 1), rng.choice([0, 0, 2, 3])))
    return tags


@pytest.mark.parametrize("seed", range(40))
def test_origins_match_a_byte_model(simtest, seed):
    tags = kernel_like_tags(random.Random(seed))
    assert simtest.origins_after(UB, tags) == model(tags)


def test_same_tag_twice_and_nested_cuts(simtest):
    tags = [(0, 100, 1), (0, 100, 1), (10, 20, 2), (15, 5, 0), (90, 40, 3), (0, 0, 4)]
    assert simtest.origins_after(UB, tags) == model(tags)
