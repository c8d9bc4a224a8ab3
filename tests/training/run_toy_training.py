"""`procgym train` with the toy tasks registered, for the kill-and-resume test.

    python run_toy_training.py --config run.toml [key=value ...]

With PROCGYM_TEST_PAUSE_AFTER_STEP=N set, it prints "logged N" once step N's metrics are written
and then sleeps, so the test can SIGKILL it at a known point between two checkpoints.
"""
import os
import sys
import time

from trainkit import toy_tasks

from procgym.cli import main
from procgym.training import metrics

pause = int(os.environ.get("PROCGYM_TEST_PAUSE_AFTER_STEP", "0"))
if pause:
    log = metrics.MetricsLogger.log

    def log_then_pause(self, step, values):
        log(self, step, values)
        if step == pause:
            print(f"logged {step}", flush=True)
            time.sleep(600)

    metrics.MetricsLogger.log = log_then_pause

with toy_tasks():
    sys.exit(main(["train", *sys.argv[1:]]))
