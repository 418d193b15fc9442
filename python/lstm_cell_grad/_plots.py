"""PNG plots of modeled profiles and benchmarks (matplotlib, the ``[plot]`` extra). Every
figure's title says the times are modeled."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from ._profile import Profile

PIPE_COLOURS = {"MTE2": "tab:blue", "V": "tab:green", "MTE3": "tab:orange", "S": "tab:gray"}


def _pyplot():
    try:
        import matplotlib
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise RuntimeError("plots need matplotlib: pip install 'lstm_cell_grad[plot]'") from error
    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt
    return plt


def plot_profile(prof: "Profile", path: str) -> None:
    """Left: the B x H problem as the plan splits it, one colour per core. Right: each
    core's modeled busy time per pipe as a fraction of aiv_time."""
    plt = _pyplot()
    from matplotlib.patches import Rectangle

    fig, (grid_ax, pipe_ax) = plt.subplots(1, 2, figsize=(13, 5.5), gridspec_kw={"width_ratios": [1, 1.3]})
    cmap = plt.get_cmap("tab20")
    rects = prof.plan.core_rects if prof.plan is not None else ()
    for core, (r0, r1, c0, c1) in enumerate(rects):
        if r1 > r0 and c1 > c0:
            grid_ax.add_patch(Rectangle((c0, r0), c1 - c0, r1 - r0, facecolor=cmap(core % 20), edgecolor="white",
                                        linewidth=0.3))
            if len(rects) <= 64:
                grid_ax.text((c0 + c1) / 2, (r0 + r1) / 2, str(core), ha="center", va="center", fontsize=6)
    grid_ax.set_xlim(0, max(prof.hidden, 1))
    grid_ax.set_ylim(max(prof.batch, 1), 0)
    grid_ax.set_xlabel("hidden column")
    grid_ax.set_ylabel("batch row")
    plan_text = (f"grid {prof.plan.grid_rows} x {prof.plan.grid_cols}, tile {prof.plan.tile_rows} x "
                 f"{prof.plan.tile_cols}" if prof.plan is not None else "plan unknown")
    grid_ax.set_title(f"B x H by core ({plan_text})", fontsize=9)

    cores = [c.core for c in prof.cores]
    width = 0.8 / len(PIPE_COLOURS)
    for k, (pipe, colour) in enumerate(PIPE_COLOURS.items()):
        busy = [b / prof.aiv_time_us if prof.aiv_time_us > 0 else 0.0 for b in prof.pipe_busy(pipe)]
        pipe_ax.bar([c - 0.4 + (k + 0.5) * width for c in cores], busy, width=width, color=colour, label=pipe)
    pipe_ax.set_ylim(0, 1.05)
    pipe_ax.set_xlabel("AIV core")
    pipe_ax.set_ylabel("busy / aiv_time (modeled)")
    pipe_ax.legend(fontsize=8, ncol=4, loc="upper right")
    pipe_ax.set_title(f"pipe utilisation per core; bound: {prof.bound}", fontsize=9)
    fig.suptitle(f"MODELED: batch {prof.batch}, hidden {prof.hidden}, {prof.dtype} on {prof.soc}: "
                 f"aiv_time {prof.aiv_time_us:.2f} us, roofline fraction {prof.roofline_fraction:.2f}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_bench(rows: Sequence[dict], path: str) -> None:
    """Modeled aiv_time against the HBM floor per shape, and the roofline fraction."""
    plt = _pyplot()
    fig = bench_figure(rows)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def bench_figure(rows: Sequence[dict]):
    """The figure plot_bench saves (apart so its layout can be checked without a file)."""
    plt = _pyplot()
    labels = [f"{r['batch']}x{r['hidden']} {r['dtype']}{'' if r['has_bias'] else ' no bias'}" for r in rows]
    fig, (time_ax, frac_ax) = plt.subplots(1, 2, figsize=(13, 4.8))
    xs = range(len(rows))
    time_ax.bar([x - 0.2 for x in xs], [r["aiv_time_us"] for r in rows], width=0.4, label="aiv_time (modeled)")
    time_ax.bar([x + 0.2 for x in xs], [r["hbm_floor_us"] for r in rows], width=0.4, label="HBM floor")
    time_ax.set_yscale("log")
    time_ax.set_ylabel("microseconds")
    time_ax.set_xticks(list(xs), labels, fontsize=7, rotation=45, ha="right")
    time_ax.legend(fontsize=8)
    frac_ax.bar(list(xs), [r["roofline_fraction"] for r in rows], color="tab:green")
    frac_ax.axhline(1.0, color="black", linewidth=0.6)
    frac_ax.set_ylim(0, max([1.05] + [1.1 * r["roofline_fraction"] for r in rows]))
    # Two lines: on one, the label is taller than the axes and runs into the title.
    frac_ax.set_ylabel("HBM floor / aiv_time (modeled)\nabove 1: writes absorbed by L2")
    frac_ax.set_xticks(list(xs), labels, fontsize=7, rotation=45, ha="right")
    fig.suptitle(f"MODELED on {rows[0]['soc'] if rows else '?'} (the sim's performance model, not a measurement)",
                 fontsize=10)
    fig.tight_layout()
    return fig
