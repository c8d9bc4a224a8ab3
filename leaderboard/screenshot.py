"""Save a screenshot of the rendered leaderboard page with headless Chromium (Debian's
/usr/bin/chromium driven by Playwright; no browser download).

    python -m procgym.leaderboard.screenshot            # leaderboard/site/index.html -> site/screenshot.png

The page is served over loopback (as a web server would serve it), not opened as a file.
"""
from __future__ import annotations

import argparse
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")
SITE = Path(__file__).parent / "site"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def screenshot(site: Path = SITE, out: Path | None = None, width: int = 1200, height: int = 900) -> Path:
    """Serve `site` on 127.0.0.1, load index.html in headless Chromium and save a full-page PNG."""
    from playwright.sync_api import sync_playwright

    site = Path(site)
    out = Path(out or site / "screenshot.png")
    if not (site / "index.html").exists():
        raise FileNotFoundError(f"{site / 'index.html'} does not exist: run `procgym leaderboard` first")
    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
                page.screenshot(path=str(out), full_page=True)
            finally:
                browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(SITE), help="folder holding index.html")
    parser.add_argument("--out", help="PNG path (default SITE/screenshot.png)")
    args = parser.parse_args(argv)
    print(screenshot(Path(args.site), Path(args.out) if args.out else None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
