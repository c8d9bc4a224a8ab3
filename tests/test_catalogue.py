"""The task catalogue (docs/catalogue.md) is generated from the registry; it must be current."""
from pathlib import Path

from procgym import catalogue

ROOT = Path(__file__).resolve().parents[1]


def test_catalogue_page_is_up_to_date():
    assert (ROOT / "docs" / "catalogue.md").read_text(encoding="utf-8") == catalogue.page(), "run `make catalogue`"


def test_readme_is_a_front_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    assert "docs/catalogue.md" in readme
