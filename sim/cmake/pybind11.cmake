# pybind11 for the Python modules (the op's, and the sim's test hooks): found through the
# interpreter's own pip package, so a fresh clone needs nothing but `pip install pybind11`.
# Included by the top-level project and by the sim when it builds alone; the second include
# finds the target already there.
if(NOT TARGET pybind11::module)
  find_package(Python3 REQUIRED COMPONENTS Interpreter Development.Module)
  if(NOT pybind11_DIR)
    execute_process(COMMAND ${Python3_EXECUTABLE} -m pybind11 --cmakedir
                    OUTPUT_VARIABLE pybind11_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
  find_package(pybind11 CONFIG REQUIRED)
endif()
