"""Why each remaining difference between a sim header and CANN's is right: (header, declaration
prefix) -> reason. A declaration takes the reason of the longest prefix given for its header.
Differences found by compare_headers.py and not listed here make the generated page report them
as unjustified."""
from __future__ import annotations

CONTEXT_BASE = ("CANN's contexts derive from KernelContext / ExtendedKernelContext, which user code never "
                "constructs or copies; the sim has no such base, so its class says the same itself")
FACTORY_ONLY = ("private in the sim, for its context factory: user code can no more construct one than CANN's "
                "deleted constructor allows; the copy is deleted in both, and a move falls back to it in the sim")
MEMBER_INIT = ("the sim's members have default initialisers, so `= default` gives what CANN's user-provided "
               "constructor does; the copy constructor is the implicit one (same fields)")
IR_LOOKUP = ("the sim's name for the IR-index lookup CANN does inside ExtendedKernelContext (not public "
             "there); used by the sim's own accessors")
PLATFORM = ("PlatFormInfos is opaque in CANN (filled by its platform library); the sim's accessors for the "
            "SoC it emulates, used by its PlatformAscendC")
TILING_LAYOUT = ("the sim's field-layout helpers behind BEGIN_TILING_DATA_DEF (CANN does the same in "
                 "CheckAlignAndGenPlaceHolder / InitData, declared too); the layout is held against CANN's "
                 "by check-cann's ASan step")

ACL_MDL = ("CANN declares it in ge's acl/acl_base_mdl.h (the model-side ACL types); the sim keeps it in "
           "acl_base.h, beside the aclTensorDesc users of aclnn's headers see")

IMPL_FLAG = ("CANN declares SetFlag/WaitFlag<HardEvent>(int32_t) in basic_api/kernel_operator_block_sync_intf.h, "
             "as the sim does (in its sync.h), a header this comparison does not read; the (pipe_t, pipe_t, T) "
             "form is this impl header's internal wrapper of the intrinsic, which no project source uses")

REASONS: dict[tuple[str, str], str] = {
    ("utils/std/tuple.h", "function AscendC::Std::"):
        "the sim's Std::tuple is std::tuple, and get, make_tuple and tie are std's, brought in by using-declarations "
        "(which this reader does not list as functions); they behave as CANN declares them",
    ("impl/dav_c220/kernel_operator_reg_others_impl.h", "function AscendC::SetFlag"): IMPL_FLAG,
    ("impl/dav_c220/kernel_operator_reg_others_impl.h", "function AscendC::WaitFlag"): IMPL_FLAG,
    ("acl/acl_base.h", "macro ACL_TENSOR_SHAPE_RANGE_NUM"): ACL_MDL,
    ("acl/acl_base.h", "macro ACL_TENSOR_VALUE_RANGE_NUM"): ACL_MDL,
    ("acl/acl_base.h", "macro ACL_UNKNOWN_RANK"): ACL_MDL,
    ("acl/acl_base.h", "type aclTensorDesc"): ACL_MDL,
    ("exe_graph/runtime/compute_node_info.h", "function gert::AnchorInstanceInfo::AnchorInstanceInfo"): MEMBER_INIT,
    ("exe_graph/runtime/compute_node_info.h", "function gert::ComputeNodeInfo::ComputeNodeInfo"): FACTORY_ONLY,
    ("exe_graph/runtime/runtime_attrs.h", "function gert::RuntimeAttrs::RuntimeAttrs"): FACTORY_ONLY,
    ("exe_graph/runtime/continuous_vector.h", "function gert::ContinuousVector::ContinuousVector"):
        "CANN's is the implicit one; the sim declares it `= default` (the same) for its placement-new in Create",
    ("exe_graph/runtime/continuous_vector.h", "function gert::ContinuousVector::Create"):
        "CANN's Create<T>(capacity, total_size) is declared too; Create<T>(capacity) is the sim's shorthand for it",
    ("exe_graph/runtime/infer_datatype_context.h", "function gert::InferDataTypeContext::ByIr"): IR_LOOKUP,
    ("exe_graph/runtime/infer_datatype_context.h", "function gert::InferDataTypeContext::InferDataTypeContext"):
        CONTEXT_BASE,
    ("exe_graph/runtime/infer_datatype_context.h", "function gert::InferDataTypeContext::operator="): CONTEXT_BASE,
    ("exe_graph/runtime/infer_shape_context.h", "function gert::InferShapeContext::ByIr"): IR_LOOKUP,
    ("exe_graph/runtime/infer_shape_context.h", "function gert::InferShapeContext::InferShapeContext"): CONTEXT_BASE,
    ("exe_graph/runtime/infer_shape_context.h", "function gert::InferShapeContext::operator="): CONTEXT_BASE,
    ("exe_graph/runtime/tiling_context.h", "function gert::TilingContext::InputInstance"): IR_LOOKUP,
    ("exe_graph/runtime/tiling_context.h", "function gert::TilingContext::TilingContext"): CONTEXT_BASE,
    ("exe_graph/runtime/tiling_context.h", "function gert::TilingContext::operator="): CONTEXT_BASE,
    ("exe_graph/runtime/tiling_context.h", "function gert::TilingContext::~TilingContext"): CONTEXT_BASE,
    ("exe_graph/runtime/tiling_parse_context.h", "function gert::TilingParseContext::"): CONTEXT_BASE,
    ("exe_graph/runtime/shape.h", "function gert::Shape::Shape"): MEMBER_INIT,
    ("graph/tensor.h", "function ge::Shape::Shape"): MEMBER_INIT,
    ("exe_graph/runtime/storage_format.h", "function gert::StorageFormat::StorageFormat"):
        "CANN's third argument is the ExpandDimsType (how a lower-rank shape is padded), which the sim does not "
        "model: its shapes are never expanded; the default constructor as for Shape (member initialisers)",
    ("exe_graph/runtime/storage_shape.h", "function gert::StorageShape::StorageShape"):
        "CANN builds from two std::initializer_list<int64_t> (origin, storage); the sim from two Shapes, which "
        "accept the same braced lists",
    ("exe_graph/runtime/tensor.h", "function gert::Tensor::SetAddr"):
        "the sim's setter for a host tensor's data (CANN fills TensorData through its own builders)",
    ("exe_graph/runtime/tensor.h", "function gert::Tensor::Tensor"):
        "CANN's constructors take a TensorData / TensorAddress the sim does not model; tensors are built by "
        "the sim's context factory",
    ("graph/types.h", "enumerator ge::DataType::DT_MAX"):
        "metadef's graph/types.h ends at DT_HIFLOAT4 = 42; runtime's copy (src/dfx/adump/inc/metadef) adds "
        "DT_HIFLOAT4_SCALE = 43, so DT_MAX = 44 there; the sim takes the larger, so both index within it",
    ("platform/platform_infos_def.h", "function fe::PlatFormInfos::"): PLATFORM,
    ("register/op_def.h", "function ops::OpAICoreConfig::OpAICoreConfig"): MEMBER_INIT,
    ("register/op_impl_registry.h", "function gert::OpImplRegisterV2::OpImplRegisterV2"):
        "copyable in both; CANN adds a noexcept move, the sim's implicit copy serves the registration macro",
    ("register/op_impl_registry.h", "function gert::OpImplRegisterV2::TilingParse"):
        "CANN's KernelFunc and CompileInfoCreator forms belong to the compile-info path (TilingParse with a "
        "compile-info type), which the op does not use; the sim registers TilingParseFunc only",
    ("register/tilingdata_base.h", "function optiling::TilingDef::"): TILING_LAYOUT,
}


def lookup(header: str, declaration: str) -> str:
    best, reason = -1, ""
    for (h, prefix), text in REASONS.items():
        if h == header and declaration.startswith(prefix) and len(prefix) > best:
            best, reason = len(prefix), text
    return reason
