// OP_ADD(ClassName): instantiates the OpDef subclass with its own name as the op type and
// records the finished definition in the sim's op registry, once, at static-init time.
//
//   namespace ops {
//   class AddCustom : public OpDef { public: explicit AddCustom(const char* name) : OpDef(name) {...} };
//   OP_ADD(AddCustom);
//   }
#pragma once
#include "ascendc_sim/host/op_registry.h"
#include "register/op_def.h"

namespace sim::host {
// Copies `definition` into the registry. Returns 0 (the value OP_ADD stores).
int RegisterOpDef(const ops::OpDef& definition);
}  // namespace sim::host

// The extra arguments CANN accepts (and ignores in the op-definition library) are
// accepted and ignored here too.
#define OP_ADD(opType, ...) \
    [[maybe_unused]] static const int g_##opType##_added = ::sim::host::RegisterOpDef(opType(#opType))
