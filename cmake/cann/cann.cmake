# The CANN build: op_host/ and op_kernel/ into the custom opp package
# custom_opp_<os>_<arch>.run, through CANN's own op-project machinery.
#
# Included by the top-level CMakeLists.txt when ASCEND_TOOLCHAIN=cann (instead of the sim).
# Nothing of CANN is copied into this repository: both flows run what the installed CANN
# provides, at the locations CANN documents.
#   asc      CANN 8.5+ / 9.x: find_package(ASC) and its npu_op_* functions (the documented
#            way to write one's own op-project CMake), in this build tree.
#   msopgen  CANN 8.0 - 8.3: msopgen generates CANN's op project from our op prototype, our
#            op_host/ and op_kernel/ sources go into it, and its build.sh builds the package.
# Either way the result is ${CMAKE_BINARY_DIR}/custom_opp_<os>_<arch>.run, made by
#   cmake --build <dir> --target binary && cmake --build <dir> --target package
include_guard(GLOBAL)

set(ASCEND_COMPUTE_UNIT "ascend910b;ascend910_93" CACHE STRING
    "SoCs to build kernels for (CANN's compute-unit names: ascend910b = Atlas A2, ascend910_93 = Atlas A3)")
# Not CANN's default "customize": packages sharing a vendor name overwrite each other's files
# on install, libcust_opapi.so included, which would silently drop another package's aclnn API.
set(vendor_name "lstm_cell_grad" CACHE STRING
    "Vendor directory of the package: <opp>/vendors/<vendor_name>")
set(ENABLE_SOURCE_PACKAGE ON CACHE BOOL "Ship the kernel sources (online compile, ATC)")
# aclnn calls run precompiled kernels only: without binaries every call fails with 561003.
set(ENABLE_BINARY_PACKAGE ON CACHE BOOL "Compile the kernel binaries for every SoC in ASCEND_COMPUTE_UNIT")
set(ASCEND_OPP_FLOW "auto" CACHE STRING
    "CANN op-project flow: auto (asc if CANN ships asc-config.cmake, else msopgen), asc, msopgen")
set_property(CACHE ASCEND_OPP_FLOW PROPERTY STRINGS auto asc msopgen)

# The operator, as CANN's tools must see it. OP type and kernel entry file follow CANN's
# naming rule (ThnnFusedLstmCellBackward -> thnn_fused_lstm_cell_backward).
set(CANN_OP_TYPE ThnnFusedLstmCellBackward)
set(CANN_OP_KERNEL_FILE thnn_fused_lstm_cell_backward.cpp)
set(CANN_OP_HOST_DIR "${PROJECT_SOURCE_DIR}/op_host")
set(CANN_OP_KERNEL_DIR "${PROJECT_SOURCE_DIR}/op_kernel")
# The tiling ranks plans with the performance model's timing table: one dependency-free
# header, reached through its own directory only.
set(CANN_SOC_TIMING_DIR "${PROJECT_SOURCE_DIR}/sim/include/ascendc_sim/model")
file(GLOB CANN_OP_HOST_SOURCES CONFIGURE_DEPENDS "${CANN_OP_HOST_DIR}/*.cpp")
file(GLOB CANN_OP_HOST_FILES CONFIGURE_DEPENDS "${CANN_OP_HOST_DIR}/*.cpp" "${CANN_OP_HOST_DIR}/*.h")
file(GLOB CANN_OP_KERNEL_FILES CONFIGURE_DEPENDS "${CANN_OP_KERNEL_DIR}/*.cpp" "${CANN_OP_KERNEL_DIR}/*.h")

include("${CMAKE_CURRENT_LIST_DIR}/cann_detect.cmake")
cann_detect()

if(NOT ASCEND_PYTHON_EXECUTABLE)
  set(ASCEND_PYTHON_EXECUTABLE "${Python3_EXECUTABLE}" CACHE STRING "Python that runs CANN's build scripts")
endif()
set(ASCEND_CANN_PACKAGE_PATH "${CANN_ROOT}" CACHE PATH "CANN toolkit root (e.g. /usr/local/Ascend/ascend-toolkit/latest)")

message(STATUS "CANN toolkit:  ${CANN_ROOT}")
message(STATUS "CANN op_build: ${CANN_OP_BUILD}")
message(STATUS "Op-project flow: ${CANN_OPP_FLOW}; SoCs: ${ASCEND_COMPUTE_UNIT}; vendor: ${vendor_name}")

include("${CMAKE_CURRENT_LIST_DIR}/flow_${CANN_OPP_FLOW}.cmake")
