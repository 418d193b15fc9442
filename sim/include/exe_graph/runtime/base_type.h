// The integer alias CANN's kernel-function typedefs use (TilingKernelFunc returns UINT32,
// which is ge::graphStatus). Global, as in CANN's exe_graph/runtime/base_type.h (a C typedef
// there), and visible in gert where the sim's typedefs name it.
#pragma once
#include <cstdint>

typedef unsigned int UINT32;
typedef UINT32 KernelStatus;

namespace gert {
using ::UINT32;
}  // namespace gert
