# cmake -DACTION=clean -DDEST_DIR=<dir> -P collect_run.cmake
#   removes custom_opp_*.run left in DEST_DIR by an earlier build, so a failed build never
#   leaves an old package looking like its result.
# cmake -DACTION=collect -DSEARCH_DIR=<CANN project build_out> -DDEST_DIR=<dir> -P collect_run.cmake
#   copies the package CANN's build.sh made into DEST_DIR; fails if there is none.
cmake_minimum_required(VERSION 3.20)

if(ACTION STREQUAL "clean")
  file(GLOB stale "${DEST_DIR}/custom_opp_*.run")
  if(stale)
    file(REMOVE ${stale})
  endif()
elseif(ACTION STREQUAL "collect")
  file(GLOB packages "${SEARCH_DIR}/custom_opp_*.run")
  if(NOT packages)
    message(FATAL_ERROR "CANN's build.sh finished but left no custom_opp_*.run in ${SEARCH_DIR}: "
                        "its output above says which step failed. Nothing was packaged.")
  endif()
  file(COPY ${packages} DESTINATION "${DEST_DIR}")
  foreach(package ${packages})
    get_filename_component(name "${package}" NAME)
    message(STATUS "Package: ${DEST_DIR}/${name}")
  endforeach()
else()
  message(FATAL_ERROR "collect_run.cmake: ACTION must be clean or collect, not '${ACTION}'")
endif()
