"""Debian programs the ops tests run (nginx, Caddy): found on the ``PATH`` (or
``/usr/sbin``), else installed with apt as ``make proxy-deps`` does (as root, or with
``sudo -n``), else ``None`` with the reason, for the test to skip on.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import cache
from pathlib import Path

INSTALL_SECONDS = 600


def _found(program: str) -> Path | None:
    path = shutil.which(program) or shutil.which(program, path="/usr/sbin:/usr/bin")
    return Path(path) if path else None


@cache
def debian_program(program: str, package: str) -> tuple[Path | None, str]:
    """``(path, "")`` for ``program``, installing Debian's ``package`` when it is missing
    and we may; ``(None, why)`` when it cannot be had (no apt, no root, apt failed)."""
    found = _found(program)
    if found:
        return found, ""
    if not shutil.which("apt-get"):
        return None, f"{program} is not installed and there is no apt-get to install {package}"
    if os.geteuid() == 0:
        prefix: list[str] = []
    elif shutil.which("sudo") and subprocess.run(
            ["sudo", "-n", "true"], capture_output=True, check=False).returncode == 0:
        prefix = ["sudo", "-n"]
    else:
        return None, f"{program} is not installed and installing {package} needs root"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package]):
        done = subprocess.run([*prefix, *command], env=env, capture_output=True, text=True,
                              timeout=INSTALL_SECONDS, check=False)
        if done.returncode != 0:
            return None, f"apt-get could not install {package}: {done.stderr.strip()[-500:]}"
    found = _found(program)
    return (found, "") if found else (None, f"{package} installed but no {program} found")
