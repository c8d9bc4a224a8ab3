"""Adapters to outside trainers: TRL (trl.py: a reward function; trl_env.py: environment_factory
environments), verl (verl.py: data, reward, curriculum sampler, multi-turn interaction) and
verifiers (verifiers.py: the `procgym-env` environment; the top-level `procgym_env` package is
what verifiers imports). episodes.py holds the TaskEnv-on-a-record helper the verl and verifiers adapters share.

Each is an optional extra: `pip install -e '.[trl]'` for TRL, `'.[verifiers]'` for verifiers;
verl brings its own stack. Import the module you need (`from procgym.training.adapters.trl import
procgym_reward`); this package imports none of them.
"""
