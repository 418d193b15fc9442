"""Why each difference between a sim header and CANN's is right: (header, declaration prefix) ->
reason. A declaration matches the longest prefix given for its header ("" matches all of it)."""
from __future__ import annotations

REASONS: dict[tuple[str, str], str] = {}


def lookup(header: str, declaration: str) -> str:
    best = ""
    reason = ""
    for (h, prefix), text in REASONS.items():
        if h == header and declaration.startswith(prefix) and len(prefix) >= len(best):
            best, reason = prefix, text
    return reason
