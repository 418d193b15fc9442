#!/usr/bin/env python3
"""Generates the two-phase aclnn API of an op from its OpDef, as CANN's op_build does.

Input: the op registry as JSON (the `opdef_dump` tool linked with the op's host library).
Output: aclnn_<snake>.h and aclnn_<snake>.cpp, and with --python-signature the op's
arguments as a Python module (names, aclnn parameter names, optionality; templates/signature.py.j2). Names and parameter order follow CANN's
rules (CANN docs, "单算子API调用", single-operator API call): inputs in declaration order
(optional ones suffixed "Optional"), attributes, outputs (suffixed "Out", or "out" for a single
output), then workspaceSize and executor.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

import jinja2

HERE = pathlib.Path(__file__).resolve().parent

ATTR_C_TYPES = {"bool": "bool", "int": "int64_t", "float": "double", "string": "char*",
                "list_int": "aclIntArray*", "list_float": "aclFloatArray*", "list_bool": "aclBoolArray*"}


def snake_case(op_type: str) -> str:
    """ThnnFusedLstmCellBackward -> thnn_fused_lstm_cell_backward; Conv2DCustom -> conv2_d_custom."""
    out = []
    for i, ch in enumerate(op_type):
        if ch.isupper() and i > 0:
            prev = op_type[i - 1]
            nxt = op_type[i + 1] if i + 1 < len(op_type) else ""
            if prev.islower() or prev.isdigit() or (prev.isupper() and nxt.islower()):
                out.append("_")
        out.append(ch.lower())
    return "".join(out)


def api_model(op: dict, check: dict | None) -> dict:
    inputs = [{"name": p["name"], "param": p["name"] + ("Optional" if p["param_type"] == "optional" else ""),
               "optional": p["param_type"] == "optional", "snake": snake_case(p["name"])} for p in op["inputs"]]
    if any(p["param_type"] == "dynamic" for p in op["inputs"]):
        raise SystemExit("dynamic inputs are not supported by this generator")
    single = len(op["outputs"]) == 1
    outputs = [{"name": p["name"], "param": "out" if single else p["name"] + "Out",
                "optional": p["param_type"] == "optional", "snake": snake_case(p["name"])} for p in op["outputs"]]
    attrs = []
    for a in op["attrs"]:
        if a["type"] not in ATTR_C_TYPES:
            raise SystemExit(f"attribute {a['name']}: type {a['type']} not supported by this generator")
        attrs.append({"name": a["name"], "param": a["name"], "c_type": ATTR_C_TYPES[a["type"]], "type": a["type"],
                      "snake": snake_case(a["name"]), "default": a.get("default")})
    return {"op_type": op["op_type"], "snake": snake_case(op["op_type"]), "inputs": inputs, "outputs": outputs,
            "attrs": attrs, "gm_args": len(inputs) + len(outputs) + 2, "check": check}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--registry", required=True, help="JSON from opdef_dump")
    parser.add_argument("--op", required=True, help="op type, e.g. ThnnFusedLstmCellBackward")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--check-header", help="op header declaring the argument check hook")
    parser.add_argument("--check-function", help="hook: (inputs, attrs..., outputs) -> {status, message}, the op's "
                        "TilingFunc's own check; run only when the tiling refuses, to name the status")
    parser.add_argument("--check-desc-type", help="the hook's tensor descriptor type")
    parser.add_argument("--python-signature", help="also write the op's arguments as a Python module here")
    args = parser.parse_args(argv)

    registry = json.loads(pathlib.Path(args.registry).read_text())
    ops = {op["op_type"]: op for op in registry["ops"]}
    if args.op not in ops or not ops[args.op]["has_op_def"]:
        raise SystemExit(f"{args.op}: no OpDef in the registry (known: {', '.join(sorted(ops))})")
    check = None
    if args.check_function:
        check = {"header": args.check_header, "function": args.check_function, "desc_type": args.check_desc_type}
    model = api_model(ops[args.op], check)

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    out_dir = pathlib.Path(args.out_dir)
    (out_dir / "aclnnop").mkdir(parents=True, exist_ok=True)
    header = env.get_template("aclnn_op.h.j2").render(**model)
    source = env.get_template("aclnn_op.cpp.j2").render(**model)
    name = f"aclnn_{model['snake']}"
    outputs = [(out_dir / f"{name}.h", header), (out_dir / "aclnnop" / f"{name}.h", header),
               (out_dir / f"{name}.cpp", source)]
    if args.python_signature:
        outputs.append((pathlib.Path(args.python_signature), env.get_template("signature.py.j2").render(**model)))
    for path, text in outputs:
        if not path.exists() or path.read_text() != text:  # keep timestamps for incremental builds
            path.write_text(text)


if __name__ == "__main__":
    main(sys.argv[1:])
