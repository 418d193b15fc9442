# Finding an installed CANN toolkit and the pieces of it the opp package build runs.
#
# Every check here names a path that CANN itself uses in its documented op-project flows
# (msopgen-generated projects, CANN 8.x; find_package(ASC), CANN 8.5+/9.x). Whatever is
# missing is collected first and reported together, each item with how to get it, so one
# failed configure tells the whole story.
include_guard(GLOBAL)

# How a user gets CANN at all; the tail of every "CANN is missing" report.
set(CANN_HOW_TO_INSTALL
    "Install the CANN toolkit 8.x for this machine's architecture (Ascend-cann-toolkit_<version>_linux-<arch>.run \
from Huawei's Ascend software download page; CANN 8.0 or later, with the Ascend C op-project support that \
ships in the toolkit), then load its environment in the shell you build from:
      source /usr/local/Ascend/ascend-toolkit/set_env.sh      # CANN 8.0 - 8.3 default install
      source /usr/local/Ascend/cann/set_env.sh                # CANN 8.5 / 9.x default install
  or point the build at it explicitly: -DASCEND_CANN_PACKAGE_PATH=<toolkit>/latest.
  No CANN is needed for the CPU build: `python3 build.py build` (ASCEND_TOOLCHAIN=sim).")

# <what> and <how> must not contain ';' (items are kept in a CMake list).
function(cann_missing what how)
  set_property(GLOBAL APPEND PROPERTY CANN_MISSING_ITEMS "  - ${what}\n      -> ${how}")
endfunction()

# Stops the configure with every missing item; does nothing when nothing is missing.
function(cann_report_missing)
  get_property(items GLOBAL PROPERTY CANN_MISSING_ITEMS)
  if(NOT items)
    return()
  endif()
  string(REPLACE ";" "\n" text "${items}")
  message(FATAL_ERROR
    "Cannot build the custom opp package (ASCEND_TOOLCHAIN=cann): CANN is missing or incomplete. "
    "Missing:\n${text}\n${CANN_HOW_TO_INSTALL}\nNothing was built.")
endfunction()

# The CANN root, in the order CANN's own scripts look: an explicit ASCEND_CANN_PACKAGE_PATH
# (cache, then environment), then ASCEND_HOME_PATH and ASCEND_TOOLKIT_HOME, which CANN's
# set_env.sh exports. Sets <out_root> (empty when nothing names one) and <out_origin>.
function(cann_resolve_root out_root out_origin)
  set(root "")
  set(origin "")
  if(ASCEND_CANN_PACKAGE_PATH)
    set(root "${ASCEND_CANN_PACKAGE_PATH}")
    set(origin "CMake variable ASCEND_CANN_PACKAGE_PATH")
  else()
    foreach(var ASCEND_CANN_PACKAGE_PATH ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME)
      if(NOT "$ENV{${var}}" STREQUAL "")
        set(root "$ENV{${var}}")
        set(origin "environment variable ${var}")
        break()
      endif()
    endforeach()
  endif()
  set(${out_root} "${root}" PARENT_SCOPE)
  set(${out_origin} "${origin}" PARENT_SCOPE)
endfunction()

# The first existing path among <candidates> (relative to <root>), or empty.
function(cann_first_existing out root)
  set(found "")
  foreach(rel ${ARGN})
    if(EXISTS "${root}/${rel}")
      set(found "${root}/${rel}")
      break()
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# "<root>/a, <root>/b" for messages.
function(cann_describe_candidates out root)
  set(paths "")
  foreach(rel ${ARGN})
    list(APPEND paths "${root}/${rel}")
  endforeach()
  string(REPLACE ";" " or " text "${paths}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The set_env.sh that belongs to <root>, for messages (8.x keeps it one level above latest/).
function(cann_env_script out root)
  cann_first_existing(script "${root}" set_env.sh ../set_env.sh bin/setenv.bash)
  if(script)
    get_filename_component(script "${script}" ABSOLUTE)
  else()
    set(script "<CANN install>/set_env.sh")
  endif()
  set(${out} "${script}" PARENT_SCOPE)
endfunction()

# Architecture directory names CANN uses inside the toolkit (x86_64-linux, aarch64-linux).
set(CANN_ARCH_DIR "${CMAKE_HOST_SYSTEM_PROCESSOR}-linux")

# Where CANN keeps the pieces; first match wins.
# op_build: CANN 8.0's generated func.cmake runs toolkit/tools/opbuild/op_build; the 8.5+/9.x
# ASC modules run tools/opbuild/op_build.
set(CANN_OP_BUILD_CANDIDATES tools/opbuild/op_build toolkit/tools/opbuild/op_build)
# asc-config.cmake: the documented hint is compiler/tikcpp/ascendc_kernel_cmake; 8.5 installs
# keep it under <arch>-linux/, some 9.x installs also under lib64/cmake.
set(CANN_ASC_CONFIG_DIR_CANDIDATES
    compiler/tikcpp/ascendc_kernel_cmake
    ${CANN_ARCH_DIR}/tikcpp/ascendc_kernel_cmake
    tools/tikcpp/ascendc_kernel_cmake
    lib64/cmake
    ${CANN_ARCH_DIR}/lib64/cmake)
# msopgen: set_env.sh puts python/site-packages/bin on PATH in 8.x.
set(CANN_MSOPGEN_CANDIDATES python/site-packages/bin/msopgen tools/msopgen/bin/msopgen bin/msopgen)

# The directory holding CANN's ASC CMake package (asc-config.cmake), or empty.
function(cann_find_asc_config_dir out root)
  set(found "")
  foreach(rel ${CANN_ASC_CONFIG_DIR_CANDIDATES})
    if(EXISTS "${root}/${rel}/asc-config.cmake" OR EXISTS "${root}/${rel}/ASCConfig.cmake")
      set(found "${root}/${rel}")
      break()
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# Resolves and checks CANN. Sets in the caller: CANN_ROOT, CANN_OP_BUILD, CANN_ASC_CONFIG_DIR,
# CANN_MSOPGEN, CANN_OPP_FLOW (asc | msopgen). Stops the configure if anything is missing.
macro(cann_detect)
  cann_resolve_root(CANN_ROOT _cann_root_origin)
  if(NOT CANN_ROOT)
    cann_missing("the CANN toolkit: none of ASCEND_CANN_PACKAGE_PATH (CMake cache or environment), \
ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME is set"
                 "install CANN and source its set_env.sh (below)")
    cann_report_missing()
  endif()
  get_filename_component(CANN_ROOT "${CANN_ROOT}" ABSOLUTE)
  if(NOT IS_DIRECTORY "${CANN_ROOT}")
    cann_missing("the CANN toolkit directory ${CANN_ROOT} (from ${_cann_root_origin}) does not exist"
                 "fix ${_cann_root_origin}, or install CANN there")
    cann_report_missing()
  endif()

  cann_env_script(_cann_env_script "${CANN_ROOT}")
  # CANN's tools (op_build, msopgen, the kernel compiler) find their libraries and Python
  # modules through the variables set_env.sh exports; asc-config.cmake refuses to load without it.
  if("$ENV{ASCEND_HOME_PATH}" STREQUAL "")
    cann_missing("CANN's environment: the environment variable ASCEND_HOME_PATH is not set \
(CANN's op_build, msopgen and kernel compiler need the variables its set_env.sh exports)"
                 "source ${_cann_env_script}")
  endif()

  if(NOT EXISTS "${CANN_ROOT}/include/register/op_def_registry.h")
    cann_missing("CANN's host headers: ${CANN_ROOT}/include/register/op_def_registry.h (OpDef registration)"
                 "${CANN_ROOT} is not a CANN toolkit root, or its install is incomplete: reinstall the toolkit")
  endif()

  cann_first_existing(CANN_OP_BUILD "${CANN_ROOT}" ${CANN_OP_BUILD_CANDIDATES})
  if(NOT CANN_OP_BUILD)
    cann_describe_candidates(_cann_where "${CANN_ROOT}" ${CANN_OP_BUILD_CANDIDATES})
    cann_missing("CANN's op_build (generates the aclnn API, op proto and ops-info from the OpDef): ${_cann_where}"
                 "reinstall the CANN toolkit (op_build ships with it)")
  endif()

  find_package(Python3 COMPONENTS Interpreter QUIET)
  if(NOT Python3_Interpreter_FOUND AND NOT ASCEND_PYTHON_EXECUTABLE)
    cann_missing("python3 (CANN's build scripts are Python)" "install python3 and the Python packages CANN lists")
  endif()

  cann_find_asc_config_dir(CANN_ASC_CONFIG_DIR "${CANN_ROOT}")
  cann_first_existing(CANN_MSOPGEN "${CANN_ROOT}" ${CANN_MSOPGEN_CANDIDATES})
  if(ASCEND_OPP_FLOW STREQUAL "asc" OR (ASCEND_OPP_FLOW STREQUAL "auto" AND CANN_ASC_CONFIG_DIR))
    set(CANN_OPP_FLOW asc)
    if(NOT CANN_ASC_CONFIG_DIR)
      cann_describe_candidates(_cann_where "${CANN_ROOT}" ${CANN_ASC_CONFIG_DIR_CANDIDATES})
      cann_missing("CANN's ASC CMake package (asc-config.cmake, CANN 8.5 or later) in ${_cann_where}"
                   "use a CANN 8.5+ toolkit, or -DASCEND_OPP_FLOW=msopgen for CANN 8.0 - 8.3")
    endif()
  elseif(ASCEND_OPP_FLOW STREQUAL "msopgen" OR ASCEND_OPP_FLOW STREQUAL "auto")
    set(CANN_OPP_FLOW msopgen)
    if(NOT CANN_MSOPGEN)
      cann_describe_candidates(_cann_where "${CANN_ROOT}" ${CANN_MSOPGEN_CANDIDATES})
      cann_missing("CANN's op-project tooling: neither the ASC CMake package (asc-config.cmake, CANN 8.5+) \
nor msopgen (${_cann_where}) was found"
                   "reinstall the CANN toolkit (msopgen and the op-project templates ship with it)")
    endif()
  else()
    message(FATAL_ERROR "ASCEND_OPP_FLOW='${ASCEND_OPP_FLOW}': expected auto, asc or msopgen")
  endif()

  cann_report_missing()
endmacro()
