"""bench.png's layout: no axis label runs into the figure's title."""
import importlib.util

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from tests.build_support import ROOT  # noqa: E402
# The plotting module alone: it needs matplotlib, not the built extension.
spec = importlib.util.spec_from_file_location("_plots", ROOT / "python" / "lstm_cell_grad" / "_plots.py")
plots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plots)

ROWS = [dict(batch=b, hidden=h, dtype=d, has_bias=True, aiv_time_us=t, hbm_floor_us=f, roofline_fraction=f / t,
             soc="Ascend910B2") for b, h, d, t, f in [(64, 1024, "float32", 30.0, 20.0),
                                                      (333, 100, "float16", 12.0, 4.0),
                                                      (1024, 4096, "bfloat16", 900.0, 1000.0)]]


def test_bench_axis_labels_stay_below_the_title(monkeypatch, tmp_path):
    saved = []
    monkeypatch.setattr(Figure, "savefig", lambda fig, *a, **k: saved.append(fig))
    plots.plot_bench(ROWS, str(tmp_path / "bench.png"))
    (fig,) = saved
    renderer = FigureCanvasAgg(fig).get_renderer()
    title = fig._suptitle.get_window_extent(renderer)
    for ax in fig.axes:
        label = ax.yaxis.label.get_window_extent(renderer)
        assert label.y1 < title.y0, f"y label {ax.yaxis.label.get_text()!r} reaches into the title"
