"""One description of the op per concept: its arguments come from the OpDef (the generated
_signature, the same list the C++ layers read), the overlap rules are one implementation
(the C API's, reached from Python through the binding), and importing the package runs
nothing in the extension."""
import inspect
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad import _C
from tests.build_support import ROOT
from tests.oracles import make_inputs


def test_the_api_takes_the_opdefs_arguments_in_its_order():
    from lstm_cell_grad import _signature
    params = list(inspect.signature(lcg.thnn_fused_lstm_cell_backward).parameters)
    assert tuple(params[:len(_signature.INPUTS)]) == _signature.INPUT_NAMES
    assert params[len(_signature.INPUTS)] == _signature.ATTRS[0] == "has_bias"
    assert _signature.OUTPUT_NAMES == ("grad_gates", "grad_cx", "grad_bias")
    assert _signature.REQUIRED_INPUTS == ("cx", "cy", "storage")
    assert [a.optional for a in _signature.OUTPUTS] == [False, False, True]


def test_the_signature_names_the_generated_aclnn_parameters():
    from lstm_cell_grad import _signature
    header = ROOT / "build" / "aclnn" / "include" / "aclnn_thnn_fused_lstm_cell_backward.h"
    if not header.exists():
        pytest.skip(f"{header} is not built")
    first_phase = header.read_text().split("GetWorkspaceSize(")[1].split(");")[0]
    params = re.findall(r"\*?(\w+),", first_phase)
    expected = [a.param for a in _signature.INPUTS] + ["hasBias"] + [a.param for a in _signature.OUTPUTS]
    assert params[:len(expected)] == expected


def test_the_binding_counts_arguments_from_the_list():
    with pytest.raises(ValueError, match="^expected 5 inputs and 3 outputs$"):
        _C.run([None] * 4, True, [None] * 3, "Ascend910B1", 0)


def test_python_and_the_c_api_word_a_self_overlapping_output_alike():
    inputs = make_inputs(2, 4, seed=17)
    broadcast = np.lib.stride_tricks.as_strided(np.zeros(16, np.float32), shape=(2, 16), strides=(0, 4))
    out = (broadcast, np.empty((2, 4), np.float32), np.empty(16, np.float32))
    with pytest.raises(lcg.AclnnError) as caught:
        lcg.thnn_fused_lstm_cell_backward(*inputs, out=out)
    python_message = caught.value.message
    from lstm_cell_grad._arrays import to_numpy
    status, _, c_message = _C.run([to_numpy("x", a) for a in inputs], True, [to_numpy("y", o) for o in out],
                                  "Ascend910B1", 0)
    assert status == caught.value.status == 161002
    problem = " has elements sharing memory (view [2, 16] with byte strides [0, 4]); every output element " \
              "needs memory of its own"
    assert python_message == "out[0] (grad_gates)" + problem
    assert c_message.endswith("gradGatesOut" + problem), c_message


def test_new_outputs_come_from_the_binding_page_aligned_when_large():
    page = _C.HOST_REGISTER_ALIGNMENT
    large = _C.new_output((16, 8192), np.dtype(np.float32))
    assert large.ctypes.data % page == 0 and large.flags.c_contiguous and large.flags.writeable
    assert large.shape == (16, 8192) and large.dtype == np.float32
    small = _C.new_output((4, 8), np.dtype(np.float16))
    assert small.base is None and small.shape == (4, 8) and small.dtype == np.float16


def test_importing_the_package_calls_nothing_in_the_extension():
    # Every function of _C raises while the package is imported; Plan and SocInfo are made on
    # first use afterwards.
    code = textwrap.dedent("""
        import glob, importlib.util, sys
        # The extension alone, before the package: importing lstm_cell_grad._C would run the
        # package's __init__ first.
        path = glob.glob(sys.argv[1] + "/lstm_cell_grad/_C*.so")[0]
        spec = importlib.util.spec_from_file_location("lstm_cell_grad._C", path)
        C = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(C)
        sys.modules["lstm_cell_grad._C"] = C
        real = {name: getattr(C, name) for name in dir(C) if callable(getattr(C, name)) and not name.startswith("_")}
        def refuse(name):
            def call(*args, **kwargs):
                raise AssertionError(f"_C.{name} called at import")
            return call
        for name in real:
            setattr(C, name, refuse(name))
        import lstm_cell_grad as lcg
        for name, function in real.items():
            setattr(C, name, function)
        print(lcg.Plan.__name__, lcg.SocInfo.__name__, lcg.plan(2, 8).block_dim)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "python"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code, str(ROOT / "python")], capture_output=True,
                         text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["Plan", "SocInfo", "1"]
