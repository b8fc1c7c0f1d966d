"""``tools/make_sounds.py``: the committed sounds (``static/sounds/*.wav``) are its
output, small, and every one the play table's script names is there."""

from __future__ import annotations

import array
import io
import re
import wave
from pathlib import Path

from tools.make_sounds import FOLDER, RATE, SOUNDS, wav

ROOT = Path(__file__).resolve().parents[3]


def _samples(data: bytes) -> tuple[int, array.array[int]]:
    with wave.open(io.BytesIO(data)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        return sound.getframerate(), array.array("h", sound.readframes(sound.getnframes()))


def test_the_committed_sounds_are_the_tools_output_and_small() -> None:
    for name, make in SOUNDS.items():
        path = FOLDER / f"{name}.wav"
        rate, stored = _samples(path.read_bytes())
        _, made = _samples(wav(make()))
        assert rate == RATE and len(stored) == len(made), name
        # the same samples (a last bit may differ with another maths library)
        assert max(abs(a - b) for a, b in zip(stored, made, strict=True)) <= 2, name
        assert max(abs(s) for s in stored) > 10_000, f"{name} is silent"
        assert path.stat().st_size < 64_000, name


def test_the_scripts_sounds_are_the_tools() -> None:
    script = (ROOT / "static" / "sound.js").read_text()
    named = set(re.findall(r'file: "(\w+)"', script))
    assert named and named <= set(SOUNDS)
