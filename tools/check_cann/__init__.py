"""`python3 build.py check-cann`: the project's op built and run against CANN's own open-source
headers and code (checkouts named by repository under CANN_SOURCES_DIR), with CANN ops-nn's own
version of the op built the same way as a control. CANN's code is read from the checkouts when
the check runs and never copied into the project; what lives here is our own: the include-path
layout, the intrinsic-declaration shim generator, the drivers and the report."""
