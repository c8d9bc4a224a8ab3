"""The README's task catalogue is generated from the registry; it must be current."""
from pathlib import Path

from procgym import catalogue

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_catalogue_is_up_to_date():
    assert catalogue.section(str(README)) == catalogue.markdown(), "run `make catalogue`"
