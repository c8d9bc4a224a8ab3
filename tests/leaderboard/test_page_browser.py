"""The leaderboard page in headless Chromium: served over loopback, rows present, sorting by a
click on a column header, and a screenshot."""
import functools
import json
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sample_results import sample_results

from procgym.leaderboard.render import write_leaderboard

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def served_page(tmp_path):
    folder = tmp_path / "results" / "quick-v1"
    folder.mkdir(parents=True)
    for r in sample_results():
        (folder / f"{r['run']}.json").write_text(json.dumps(r))
    write_leaderboard(tmp_path / "results", tmp_path / "README.md", tmp_path / "site")
    handler = functools.partial(QuietHandler, directory=str(tmp_path / "site"))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    httpd.shutdown()
    httpd.server_close()


def runs_in_order(page):
    return page.eval_on_selector_all("#board-quick-v1 tbody tr", "rows => rows.map(r => r.dataset.run)")


def test_page_rows_sort_and_screenshot(served_page, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(served_page)
            assert page.title() == "procgym leaderboard"
            assert runs_in_order(page) == ["oracle", "alpha", "beta"]  # ranked by accuracy
            header = page.locator("#board-quick-v1 thead th", has_text="Accuracy")
            header.click()  # numeric columns sort descending first
            assert runs_in_order(page) == ["oracle", "alpha", "beta"]
            assert header.get_attribute("aria-sort") == "descending"
            header.click()
            assert runs_in_order(page) == ["beta", "alpha", "oracle"]
            assert header.get_attribute("aria-sort") == "ascending"
            page.locator("#board-quick-v1 thead th", has_text="Run").click()
            assert runs_in_order(page) == ["alpha", "beta", "oracle"]
            assert page.locator("svg.bars rect").count() == 6 and page.locator("svg.curves polyline").count() == 3
            shot = tmp_path / "leaderboard.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            # The page loads nothing but itself.
            assert requests == [served_page]
        finally:
            browser.close()
