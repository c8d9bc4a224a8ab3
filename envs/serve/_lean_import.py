"""Importing OpenEnv without its Gradio web interface.

`openenv.core` imports its Gradio web UI on the way to the server and the client (4 s of CPU and
100 MB of memory, two thirds of the import), and procgym's app never mounts that UI. Inside
`gradio_blocked()` an `import gradio` fails as if Gradio were not installed, which OpenEnv handles
(its `create_web_interface_app` is then None); afterwards Gradio imports normally again. Nothing
changes when Gradio was already imported.

    with gradio_blocked():
        from openenv.core.env_server.http_server import HTTPEnvServer
"""
from __future__ import annotations

import sys
from contextlib import contextmanager


@contextmanager
def gradio_blocked():
    if "gradio" in sys.modules:
        yield
        return
    sys.modules["gradio"] = None  # the import system's marker for "no such module"
    try:
        yield
    finally:
        if sys.modules.get("gradio", False) is None:
            del sys.modules["gradio"]
