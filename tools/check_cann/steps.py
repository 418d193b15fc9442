"""One step's outcome, and running a compiler so that its failure becomes a readable result."""
from __future__ import annotations

import dataclasses
import pathlib
import subprocess

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"
CXX = "g++"


@dataclasses.dataclass
class Result:
    subject: str  # "ours" or "ops-nn"
    step: str
    status: str
    detail: str = ""
    log: pathlib.Path | None = None


class CommandFailed(Exception):
    def __init__(self, cmd: list[str], output: str, log: pathlib.Path):
        super().__init__(f"{cmd[0]} failed (log: {log})")
        self.cmd, self.output, self.log = cmd, output, log


def run_logged(cmd: list, log: pathlib.Path, timeout: int = 600, env: dict | None = None) -> str:
    """Runs cmd, writes its command line and output to log; raises CommandFailed unless it exits 0."""
    cmd = [str(c) for c in cmd]
    log.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    output = result.stdout + result.stderr
    with log.open("a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + output + f"[exit {result.returncode}]\n")
    if result.returncode != 0:
        raise CommandFailed(cmd, output, log)
    return output


def first_errors(output: str, count: int = 3) -> str:
    lines = [line for line in output.splitlines() if "error" in line]
    return " | ".join(lines[:count]) if lines else output.strip().splitlines()[-1:][0] if output.strip() else ""
