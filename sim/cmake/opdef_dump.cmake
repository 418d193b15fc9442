# ascendc_sim_opdef_dump(<target> [<op_host_lib>])
#   Adds an executable <target> that prints the op registry as JSON (sim/tools/opdef_dump.cpp)
#   with <op_host_lib> linked in so that its OP_ADD / IMPL_OP_OPTILING / REGISTER_TILING_DATA_CLASS
#   registrations run. Registration happens in static initialisers nothing else references,
#   so the library is linked whole: --whole-archive for a static library, --no-as-needed for
#   a shared one; an object library's objects are linked directly. Without <op_host_lib> the
#   tool dumps whatever it is told to --load at run time.
#
# ascendc_sim_opdef_json(<output.json> <dump_target>)
#   Adds a build rule that runs <dump_target> and writes its JSON to <output.json>
#   (re-run when the tool is rebuilt), for code generators to depend on.
set(ASCENDC_SIM_OPDEF_DUMP_SOURCE ${CMAKE_CURRENT_LIST_DIR}/../tools/opdef_dump.cpp)

function(ascendc_sim_opdef_dump target)
  add_executable(${target} ${ASCENDC_SIM_OPDEF_DUMP_SOURCE})
  target_link_libraries(${target} PRIVATE ascendc_sim ${CMAKE_DL_LIBS})
  if(ARGC LESS 2)
    return()
  endif()
  set(op_host_lib ${ARGV1})
  get_target_property(lib_type ${op_host_lib} TYPE)
  if(lib_type STREQUAL "STATIC_LIBRARY")
    if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.24)
      target_link_libraries(${target} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${op_host_lib}>")
    else()
      target_link_libraries(${target} PRIVATE
        -Wl,--whole-archive $<TARGET_FILE:${op_host_lib}> -Wl,--no-whole-archive ${op_host_lib})
    endif()
  elseif(lib_type STREQUAL "SHARED_LIBRARY")
    target_link_options(${target} PRIVATE "LINKER:--no-as-needed")
    target_link_libraries(${target} PRIVATE ${op_host_lib})
  elseif(lib_type STREQUAL "OBJECT_LIBRARY")
    target_link_libraries(${target} PRIVATE ${op_host_lib})
  else()
    message(FATAL_ERROR "ascendc_sim_opdef_dump: ${op_host_lib} is a ${lib_type}; link a STATIC, SHARED or "
                        "OBJECT library, or load a module at run time with --load")
  endif()
endfunction()

function(ascendc_sim_opdef_json output dump_target)
  add_custom_command(
    OUTPUT ${output}
    COMMAND $<TARGET_FILE:${dump_target}> --output ${output}
    DEPENDS ${dump_target}
    COMMENT "Dumping the op registry of ${dump_target} to ${output}"
    VERBATIM)
endfunction()
