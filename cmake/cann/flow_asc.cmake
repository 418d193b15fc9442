# CANN 8.5+ / 9.x: the op-project build written on CANN's documented npu_op_* CMake functions
# (find_package(ASC); CANN docs "编译与部署 / 编译组织（进阶）" and "CMake函数参考"), in this
# build tree. The package lands in ${CMAKE_BINARY_DIR}/custom_opp_<os>_<arch>.run.
include_guard(GLOBAL)

# CANN's kernel-compile rules pass $(MAKE) to its compile driver.
if(NOT CMAKE_GENERATOR MATCHES "Unix Makefiles")
  message(FATAL_ERROR "CANN's npu_op_* kernel rules need the \"Unix Makefiles\" generator, not "
                      "\"${CMAKE_GENERATOR}\": use `cmake --preset cann` or -G \"Unix Makefiles\".")
endif()

# CANN's scripts read these as the strings True/False (its CMakePresets.json spelling).
foreach(flag ENABLE_SOURCE_PACKAGE ENABLE_BINARY_PACKAGE)
  if(${flag})
    set(${flag} True)
  else()
    set(${flag} False)
  endif()
endforeach()

# Load the modules that sit next to the asc-config.cmake we found, so config and functions
# come from one CANN even when ASCEND_HOME_PATH names another.
if(EXISTS "${CANN_ASC_CONFIG_DIR}/fwk_modules/func.cmake")
  set(CUSTOM_ASC_CMAKE_PATH "${CANN_ASC_CONFIG_DIR}")
endif()
unset(ASC_DIR CACHE)
find_package(ASC REQUIRED CONFIG PATHS "${CANN_ASC_CONFIG_DIR}" NO_DEFAULT_PATH)

set(_cann_missing_functions "")
foreach(fn npu_op_package npu_op_code_gen npu_op_library npu_op_kernel_sources npu_op_kernel_library
           npu_op_package_add)
  if(NOT COMMAND ${fn})
    list(APPEND _cann_missing_functions ${fn})
  endif()
endforeach()
if(_cann_missing_functions)
  string(REPLACE ";" ", " _cann_missing_functions "${_cann_missing_functions}")
  message(FATAL_ERROR "CANN's ASC CMake package (${CANN_ASC_CONFIG_DIR}) does not define "
                      "${_cann_missing_functions}: it predates the npu_op_* op-project functions. "
                      "Use -DASCEND_OPP_FLOW=msopgen, or a CANN 8.5+ toolkit. Nothing was built.")
endif()

set(package_name ${vendor_name})
npu_op_package(${package_name}
  TYPE RUN
  CONFIG
    ENABLE_SOURCE_PACKAGE ${ENABLE_SOURCE_PACKAGE}
    ENABLE_BINARY_PACKAGE ${ENABLE_BINARY_PACKAGE}
    INSTALL_PATH ${CMAKE_BINARY_DIR}/)

# Host side: op_build runs on a library built from op_host/ (OpDef + TilingFunc) and emits
# aclnn_*.{h,cpp}, op_proto.* and the ops-info into ASCEND_AUTOGEN_PATH.
# op_host/lstm_cell_grad_compute_tiling.cpp includes op_kernel/lstm_cell_grad_layout.h and the
# model's soc_timing.h.
npu_op_code_gen(
  SRC ${CANN_OP_HOST_SOURCES}
  PACKAGE ${package_name}
  OUT_DIR ${ASCEND_AUTOGEN_PATH}
  COMPILE_OPTIONS -I${CANN_OP_HOST_DIR} -I${CANN_OP_KERNEL_DIR} -I${CANN_SOC_TIMING_DIR})

file(GLOB _cann_aclnn_sources "${ASCEND_AUTOGEN_PATH}/aclnn_*.cpp")
file(GLOB _cann_proto_sources "${ASCEND_AUTOGEN_PATH}/op_proto.cc")
file(GLOB _cann_fallback_sources "${ASCEND_AUTOGEN_PATH}/fallback_*.cpp")
set_source_files_properties(${_cann_aclnn_sources} ${_cann_proto_sources} ${_cann_fallback_sources}
                            PROPERTIES GENERATED TRUE)
npu_op_library(cust_opapi ACLNN ${_cann_aclnn_sources})
npu_op_library(cust_op_proto GRAPH ${CANN_OP_HOST_SOURCES} ${_cann_proto_sources})
npu_op_library(cust_optiling TILING ${CANN_OP_HOST_SOURCES} ${_cann_fallback_sources})
foreach(lib cust_opapi cust_op_proto cust_optiling)
  target_compile_options(${lib} PRIVATE -fvisibility=hidden)
endforeach()
foreach(lib cust_op_proto cust_optiling)
  target_include_directories(${lib} PRIVATE ${CANN_OP_HOST_DIR} ${CANN_OP_KERNEL_DIR} ${CANN_SOC_TIMING_DIR})
endforeach()
npu_op_package_add(${package_name} LIBRARY cust_optiling cust_opapi cust_op_proto)

# Kernel side: one entry file, compiled per SoC in ASCEND_COMPUTE_UNIT and per dtype in the
# OpDef; CANN copies the whole SRC_BASE, so the kernel's headers travel with it.
npu_op_kernel_sources(ascendc_kernels OP_TYPE ${CANN_OP_TYPE} KERNEL_FILE ${CANN_OP_KERNEL_FILE})
npu_op_kernel_library(ascendc_kernels SRC_BASE ${CANN_OP_KERNEL_DIR}/ TILING_LIBRARY cust_optiling)
npu_op_package_add(${package_name} LIBRARY ascendc_kernels)

message(STATUS "Build the package: cmake --build ${CMAKE_BINARY_DIR} --target binary && "
               "cmake --build ${CMAKE_BINARY_DIR} --target package")
