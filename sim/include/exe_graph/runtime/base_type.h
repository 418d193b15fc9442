// The integer alias CANN's kernel-function typedefs use (TilingKernelFunc returns UINT32,
// which is ge::graphStatus).
#pragma once
#include <cstdint>

namespace gert {
using UINT32 = uint32_t;
}  // namespace gert
