"""Which bytes a caller's view touches, and the overlap rules the C API applies
(sim/src/acl/tensor_checks.cpp), checked here on the caller's own arrays and tensors before
any of them is copied: an output must not share memory between its own elements, nor with
another output, and may meet an input only as the identical view (in place)."""
from __future__ import annotations

import dataclasses
from typing import Any, List, Optional, Tuple

import numpy as np

from ._errors import AclnnError

# Views split into more contiguous runs than this are compared by their byte bounds only
# (conservative: an overlap is never missed). The C API's kExactOverlapRuns.
EXACT_OVERLAP_RUNS = 1 << 20
STATUS_INVALID = 161002  # ACLNN_ERR_PARAM_INVALID, as the C API reports overlaps


@dataclasses.dataclass(frozen=True)
class Extent:
    """A view as memory: the address of element 0, byte strides (any sign), element size."""
    name: str
    address: int
    shape: Tuple[int, ...]
    strides: Tuple[int, ...]
    itemsize: int

    @property
    def empty(self) -> bool:
        return any(n == 0 for n in self.shape)

    def same_view(self, other: "Extent") -> bool:
        return (self.address, self.shape, self.strides, self.itemsize) == \
            (other.address, other.shape, other.strides, other.itemsize)

    def dims(self) -> Tuple[int, List[Tuple[int, int]]]:
        """(lowest byte, [(size, stride)] with positive strides, smallest first); dims of size 1
        and stride 0 (repeats) add no bytes and are left out."""
        low = self.address
        dims = []
        for size, stride in zip(self.shape, self.strides):
            if size > 1 and stride != 0:
                if stride < 0:
                    low += (size - 1) * stride
                dims.append((size, abs(stride)))
        return low, sorted(dims, key=lambda d: d[1])

    def bounds(self) -> Tuple[int, int]:
        low, dims = self.dims()
        return low, low + sum((size - 1) * stride for size, stride in dims) + self.itemsize


def extent_of(name: str, value: Any) -> Extent:
    if isinstance(value, np.ndarray):
        return Extent(name, value.__array_interface__["data"][0], tuple(value.shape), tuple(value.strides),
                      value.itemsize)
    size = value.element_size()  # a torch tensor: data_ptr() already includes the storage offset
    return Extent(name, value.data_ptr(), tuple(value.shape), tuple(s * size for s in value.stride()), size)


def self_overlaps(view: Extent) -> bool:
    """Whether two elements share a byte: with dims sorted by stride, each stride must step past
    everything the smaller dims reach (exact for permutations, slices and steps; conservative
    for interleavings beyond them), as sim::acl::SelfOverlaps."""
    if view.empty:
        return False
    reach = view.itemsize
    for size, stride in view.dims()[1]:
        if stride < reach:
            return True
        reach += (size - 1) * stride
    # A stride of 0 on a dim longer than 1 repeats elements.
    return any(size > 1 and stride == 0 for size, stride in zip(view.shape, view.strides))


def _intervals(view: Extent) -> Optional[np.ndarray]:
    """Sorted, merged [start, end) byte intervals, or None beyond EXACT_OVERLAP_RUNS runs."""
    low, dims = view.dims()
    run = view.itemsize
    while dims and dims[0][1] == run:  # innermost dims laid out back to back: one run
        run *= dims[0][0]
        dims = dims[1:]
    count = 1
    for size, _ in dims:
        count *= size
        if count > EXACT_OVERLAP_RUNS:
            return None
    starts = np.zeros(1, np.int64)
    for size, stride in dims:
        starts = (starts[:, None] + np.arange(size, dtype=np.int64) * stride).ravel()
    starts = np.sort(starts)  # relative to `low`: no overflow of int64 for real memory
    ends = starts + run
    # Merge: a new interval starts where it begins past every end before it.
    reach = np.maximum.accumulate(ends)
    fresh = np.ones(starts.size, bool)
    fresh[1:] = starts[1:] > reach[:-1]
    group_ends = np.maximum.reduceat(ends, np.flatnonzero(fresh))
    return np.stack([starts[fresh] + low, group_ends + low])


def overlap(a: Extent, b: Extent) -> bool:
    """Whether two views share any byte (exact up to EXACT_OVERLAP_RUNS runs each)."""
    if a.empty or b.empty:
        return False
    (a_low, a_high), (b_low, b_high) = a.bounds(), b.bounds()
    if a_high <= b_low or b_high <= a_low:
        return False
    a_runs, b_runs = _intervals(a), _intervals(b)
    if a_runs is None or b_runs is None:
        return True
    # For each run of b, the last run of a starting before b's run ends; merged runs are
    # disjoint and sorted, so its end is the furthest any earlier run of a reaches.
    last = np.searchsorted(a_runs[0], b_runs[1], side="left") - 1
    hit = (last >= 0) & (a_runs[1][np.maximum(last, 0)] > b_runs[0])
    return bool(hit.any())


def check_overlaps(inputs: List[Optional[Extent]], outputs: List[Optional[Extent]]) -> None:
    """Raises AclnnError (161002) naming the output, as the C API does for the same views."""
    present = [o for o in outputs if o is not None]
    for k, out in enumerate(present):
        if self_overlaps(out):
            raise AclnnError(STATUS_INVALID, f"{out.name} has internal overlap: its elements share memory "
                             f"(shape {list(out.shape)}, byte strides {list(out.strides)}); every output "
                             "element needs memory of its own")
        for other in present[k + 1:]:
            if overlap(out, other):
                raise AclnnError(STATUS_INVALID, f"{out.name} and {other.name} overlap in memory; outputs must "
                                 "be disjoint")
        for view in inputs:
            if view is not None and overlap(out, view) and not out.same_view(view):
                raise AclnnError(STATUS_INVALID, f"{out.name} partially overlaps input {view.name}; an output "
                                 "may only alias an identical input view")
