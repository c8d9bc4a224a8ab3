"""Adapters to outside trainers: TRL (trl.py) and verl (verl.py).

Each is an optional extra: `pip install -e '.[trl]'` for TRL; verl brings its own stack. Import
the module you need (`from procgym.training.adapters.trl import procgym_reward`); this package
imports neither.
"""
