"""The sim guide's table of check kinds is the one list a reader gets: it names exactly the
kinds the sim has (`sim/src/core/check.cpp`), each once."""
import re

from tests.build_support import ROOT


def kinds_in_the_sim():
    source = (ROOT / "sim" / "src" / "core" / "check.cpp").read_text()
    names = re.search(r"kNames\s*=\s*\{(.*?)\};", source, re.S)
    assert names, "kNames not found in check.cpp"
    return re.findall(r'"([a-z0-9-]+)"', names.group(1))


def kinds_in_the_guide():
    guide = (ROOT / "docs" / "sim_guide.md").read_text()
    section = re.search(r"^## Checks\n(.*?)(?=^## )", guide, re.S | re.M)
    assert section, "no '## Checks' section in docs/sim_guide.md"
    return [kind for kind in re.findall(r"^\| ([a-z0-9-]+) \|", section.group(1), re.M) if kind != "kind"]


def test_the_guide_lists_every_check_kind_once():
    sim, guide = kinds_in_the_sim(), kinds_in_the_guide()
    assert len(sim) >= 10
    assert sorted(guide) == sorted(sim), (
        f"docs/sim_guide.md's check table differs from sim/src/core/check.cpp: "
        f"missing {sorted(set(sim) - set(guide))}, not in the sim {sorted(set(guide) - set(sim))}, "
        f"listed twice {sorted({k for k in guide if guide.count(k) > 1})}")


def test_only_the_environment_snapshot_calls_getenv():
    """getenv on a call path races with another thread's setenv (os.environ edits while a call
    runs without the GIL); the sim and the binding read the environment in one place, once."""
    callers = [str(path.relative_to(ROOT)) for tree in ("sim/src", "python/src")
               for path in (ROOT / tree).rglob("*.[ch]*") if "getenv" in path.read_text()]
    assert callers == ["sim/src/core/environment.cpp"], callers


def test_the_guide_lists_every_environment_variable_the_sim_reads():
    read = set(re.findall(r'Read\("(ASCEND_[A-Z_]+)"\)',
                          (ROOT / "sim" / "src" / "core" / "environment.cpp").read_text()))
    guide = (ROOT / "docs" / "sim_guide.md").read_text()
    section = re.search(r"^## Environment variables\n(.*?)(?=^## )", guide, re.S | re.M)
    assert section, "no '## Environment variables' section in docs/sim_guide.md"
    listed = set(re.findall(r"^\| `(ASCEND_[A-Z_]+)` \|", section.group(1), re.M))
    assert len(read) >= 4
    assert read <= listed, f"docs/sim_guide.md does not list {sorted(read - listed)}"
