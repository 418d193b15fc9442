# ascendc_sim_add_asc_executable(<name> SOURCES <file.asc|file.cpp>...): an executable from
# CANN 8.5+/9.x `.asc` sources (a kernel and a host main that launches it with
# `kernel<<<numBlocks, l2ctrl, stream>>>(args...)`), built unchanged against the sim.
#
# Each .asc is first rewritten by sim/tools/asc/asc_rewrite.py into a C++ file in the build
# tree: its <<<>>> launches become calls of the sim's launch (cpu_debug_launch.h), as CANN's
# compiler does in CPU-debug mode; a #line keeps compiler messages and the sim's reports on
# the .asc's own lines. The .asc's directory is searched for its "quoted" includes. Other
# sources are compiled as they are. Every source gets the definitions of CANN's CPU-debug
# build for the A2/A3 vector core (cpu_debug_defines.txt: __NPU_ARCH__=2201, ...), which
# samples test to pick their A2/A3 code. The target links ascendc_sim::ascendc_sim.
#
# Included by the sim's package config (find_package(ascendc_sim)) and by the sim's build.
include_guard(GLOBAL)

# Installed, the rewriter and the definitions sit beside this file; in the source tree, in
# sim/tools/asc.
if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/asc_rewrite.py")
  set(ASCENDC_SIM_ASC_TOOLS "${CMAKE_CURRENT_LIST_DIR}")
else()
  set(ASCENDC_SIM_ASC_TOOLS "${CMAKE_CURRENT_LIST_DIR}/../tools/asc")
endif()
set(ASCENDC_SIM_ASC_REWRITER "${ASCENDC_SIM_ASC_TOOLS}/asc_rewrite.py")
file(STRINGS "${ASCENDC_SIM_ASC_TOOLS}/cpu_debug_defines.txt" ASCENDC_SIM_ASC_DEFINES REGEX "^[^#]")

function(ascendc_sim_add_asc_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 ASC "" "" "SOURCES")
  if(ASC_UNPARSED_ARGUMENTS OR NOT ASC_SOURCES)
    message(FATAL_ERROR "ascendc_sim_add_asc_executable(${name} SOURCES <files>...): "
                        "unexpected arguments '${ASC_UNPARSED_ARGUMENTS}' or no SOURCES")
  endif()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(sources)
  foreach(source IN LISTS ASC_SOURCES)
    get_filename_component(path "${source}" ABSOLUTE)
    if(NOT path MATCHES "\\.asc$")
      list(APPEND sources "${path}")
      continue()
    endif()
    get_filename_component(stem "${path}" NAME)
    get_filename_component(directory "${path}" DIRECTORY)
    set(rewritten "${CMAKE_CURRENT_BINARY_DIR}/asc_sim/${name}/${stem}.cpp")
    add_custom_command(OUTPUT "${rewritten}"
        COMMAND Python3::Interpreter "${ASCENDC_SIM_ASC_REWRITER}" "${path}" "${rewritten}"
        DEPENDS "${path}" "${ASCENDC_SIM_ASC_REWRITER}"
        COMMENT "Rewriting the <<<>>> launches of ${stem} for the sim"
        VERBATIM)
    set_source_files_properties("${rewritten}" PROPERTIES COMPILE_OPTIONS "-iquote;${directory}")
    list(APPEND sources "${rewritten}")
  endforeach()
  add_executable(${name} ${sources})
  target_compile_definitions(${name} PRIVATE ${ASCENDC_SIM_ASC_DEFINES})
  target_link_libraries(${name} PRIVATE ascendc_sim::ascendc_sim)
endfunction()
