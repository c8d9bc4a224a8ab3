"""Package layout: each top-level folder installs as a subpackage of `procgym`.

The package list is computed from the folders so a new task category needs no edit here.
"""
from pathlib import Path

from setuptools import setup

ROOTS = {
    "procgym": "procgym",
    "procgym.generators": "generators",
    "procgym.envs": "envs",
    "procgym.agents": "agents",
    "procgym.training": "training",
    "procgym.leaderboard": "leaderboard",
    # Not under procgym: verifiers imports an environment by its id, `vf-eval procgym-env`.
    "procgym_env": "procgym_env",
}


def packages():
    for package, folder in ROOTS.items():
        for init in sorted(Path(folder).rglob("__init__.py")):
            yield ".".join((package, *init.parent.relative_to(folder).parts))


setup(
    packages=sorted(set(packages())),
    package_dir=ROOTS,
    package_data={"procgym.generators": ["**/*.txt"], "procgym.training": ["configs/*.toml"],
                  "procgym.leaderboard": ["suites/*.json", "results/*/*.json", "site/*", "README.md"]},
)
