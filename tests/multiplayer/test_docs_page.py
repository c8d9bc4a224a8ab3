"""The examples of docs/multiplayer.md run, as one script in a fresh interpreter."""
import re
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "multiplayer.md"


def test_multiplayer_page_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)
    assert len(blocks) >= 5
    out = subprocess.run([sys.executable, "-c", "\n".join(blocks) + "\nprint('ok')"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("ok")
