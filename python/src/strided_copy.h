// Copies between a strided host view and a packed buffer holding its elements in row-major
// order: what the device mirror stages instead of the view's whole byte span, so the bytes
// moved and held follow the element count (a time step of a batch-first sequence costs its
// own rows, not the rows between them).
#pragma once
#include <cstdint>

#include "device_mirror.h"

namespace lstm_cell_grad::py {

// packed[i] = view[i], i in row-major order over the view's shape.
void GatherView(const HostView& view, uint8_t* packed);
// view[i] = packed[i]; bytes between the view's elements are not written.
void ScatterView(const uint8_t* packed, const HostView& view);

}  // namespace lstm_cell_grad::py
