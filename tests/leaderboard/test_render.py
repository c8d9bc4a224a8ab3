"""Rendering the leaderboard: the README table and the static page (structure, charts, no network)."""
import json
import re

from sample_results import sample_results

from procgym.leaderboard.render import (render_readme, render_site, svg_category_bars, svg_level_curves,
                                        write_leaderboard)


def test_readme_ranks_by_accuracy():
    text = render_readme(sample_results())
    rows = [line for line in text.splitlines() if re.match(r"\| \d+ \|", line)]
    assert [r.split("|")[2].strip() for r in rows] == ["`oracle`", "`alpha`", "`beta`"]
    assert rows[0].startswith("| 1 | `oracle` | oracle | - | **100.0%** | 100.0% | 100.0% |")
    assert "@4 80.0%" in rows[2] and "131.3k" in rows[2] and "5min" in rows[2]
    assert "| graphs | 100.0% | 80.0% | 60.0% |" in text
    assert "procgym eval --agent transformers --model PATH --suite quick-v2" in text


def test_page_is_self_contained_with_table_and_charts():
    page = render_site(sample_results())
    assert page.count('<tr data-run="') == 3 and 'id="board-quick-v1"' in page
    assert page.count("<svg") == 2 and "<polyline" in page and "<rect" in page
    # Nothing is fetched from elsewhere: no external scripts, styles, images or fonts.
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(" not in page


def test_bars_and_curves_scale_with_accuracy():
    runs = sample_results()
    bars = svg_category_bars(runs)
    widths = [float(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="([\d.]+)"', bars)]
    full = 760 - 130 - 56  # the plot's width: 100%
    # Category by category (graphs, logic), one bar per run in the order given (beta, alpha, oracle).
    assert widths == [round(full * a, 1) for a in (0.6, 0.8, 1.0, 0.4, 0.7, 1.0)]
    curves = svg_level_curves(runs)
    assert curves.count("<polyline") == 3 and curves.count("<circle") == 6


def test_write_leaderboard_from_result_files(tmp_path):
    folder = tmp_path / "results" / "quick-v1"
    folder.mkdir(parents=True)
    for r in sample_results():
        (folder / f"{r['run']}.json").write_text(json.dumps(r))
    (folder / "partial.json").write_text(json.dumps({**sample_results()[0], "run": "partial", "complete": False}))
    readme, page, runs = write_leaderboard(tmp_path / "results", tmp_path / "README.md", tmp_path / "site")
    assert runs == 3 and "partial" not in readme.read_text() and page.name == "index.html"
    assert render_readme([]).endswith("No results yet.\n")
