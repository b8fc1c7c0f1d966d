"""Make the play table's sounds (``static/sounds/*.wav``): generated here from fixed
seeds, no recording and no third-party material, so they are the project's own (the
project's licence, ``static/VENDORED.md``). ``static/sound.js`` plays them.

* ``snap``: a card snapped on the felt (a draw, a discard): a burst of bright noise
  with a soft thump, 70 ms;
* ``shuffle``: a riffle on the deal: some thirty card edges clicking, rising and
  falling, 0.7 s;
* ``knock``: two knuckle raps on a wooden table;
* ``gin``, ``undercut``, ``won``: short bell chimes (rising, falling, a fanfare).

16-bit mono PCM at 16 kHz (the standard library's ``wave``; every browser plays WAV).
The same bytes every run: ``.venv/bin/python tools/make_sounds.py`` rewrites them, and
``tests/unit/tools/test_make_sounds.py`` checks that the committed files are its output.

Usage::

    .venv/bin/python tools/make_sounds.py            # write static/sounds/*.wav
    .venv/bin/python tools/make_sounds.py --check    # fail when a file differs
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 16_000
"""Samples per second."""
FOLDER = Path(__file__).resolve().parent.parent / "static" / "sounds"


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _add(into: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    start = int(RATE * at)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += gain * value


def _click(rng: random.Random, seconds: float, decay: float, bright: float) -> list[float]:
    """Noise with an exponential decay (``decay`` seconds), high-passed by ``bright``
    (0: none, 1: only the differences)."""
    out, last = [], 0.0
    for i in range(int(RATE * seconds)):
        noise = rng.uniform(-1, 1)
        out.append((noise - bright * last) * math.exp(-i / (RATE * decay)))
        last = noise
    return out


def _thump(freq: float, seconds: float, decay: float) -> list[float]:
    """A damped sine whose pitch falls a little: a knuckle or a card on wood."""
    out, phase = [], 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        phase += 2 * math.pi * freq * (1 - 0.3 * min(1.0, t / seconds)) / RATE
        out.append(math.sin(phase) * math.exp(-t / decay))
    return out


def _bell(freq: float, seconds: float) -> list[float]:
    """A bell-like tone: a few inharmonic partials, a quick attack, a long decay."""
    partials = ((1.0, 1.0, 0.5), (2.76, 0.4, 0.25), (5.4, 0.2, 0.12), (2.0, 0.3, 0.35))
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        attack = min(1.0, t / 0.004)
        out.append(attack * sum(a * math.sin(2 * math.pi * freq * k * t) * math.exp(-t / d)
                                for k, a, d in partials))
    return out


def snap() -> list[float]:
    """A card snapped on the felt."""
    rng = random.Random(1)
    out = _click(rng, 0.07, 0.012, 0.9)
    _add(out, _thump(170, 0.07, 0.02), 0, 0.5)
    return out


def shuffle() -> list[float]:
    """A riffle: card edges clicking faster, then slower."""
    rng = random.Random(2)
    out = _silence(0.75)
    t = 0.02
    while t < 0.66:
        swell = math.sin(math.pi * t / 0.68)
        _add(out, _click(rng, 0.012, 0.003, 0.95), t, 0.35 + 0.55 * swell * rng.uniform(0.6, 1))
        t += 0.028 - 0.012 * swell + rng.uniform(-0.003, 0.003)
    _add(out, _click(rng, 0.08, 0.03, 0.5), 0.64, 0.5)  # the halves squared up
    return out


def knock() -> list[float]:
    """Two raps on a wooden table."""
    rng = random.Random(3)
    out = _silence(0.32)
    for at in (0.0, 0.16):
        _add(out, _thump(210, 0.12, 0.025), at, 0.9)
        _add(out, _thump(430, 0.06, 0.01), at, 0.35)
        _add(out, _click(rng, 0.02, 0.004, 0.6), at, 0.3)
    return out


def _chime(notes: tuple[tuple[float, float], ...], length: float) -> list[float]:
    out = _silence(length)
    for at, freq in notes:
        _add(out, _bell(freq, length - at), at, 0.5)
    return out


def gin() -> list[float]:
    """A rising chime: C E G C."""
    return _chime(((0, 523.3), (0.08, 659.3), (0.16, 784.0), (0.24, 1046.5)), 0.9)


def undercut() -> list[float]:
    """A falling pair: B, F sharp."""
    return _chime(((0, 493.9), (0.15, 370.0)), 0.75)


def won() -> list[float]:
    """A fanfare: C E G E, then a high C over the chord."""
    return _chime(((0, 523.3), (0.11, 659.3), (0.22, 784.0), (0.33, 659.3), (0.44, 1046.5),
                   (0.44, 784.0), (0.44, 523.3)), 1.4)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "snap": snap, "shuffle": shuffle, "knock": knock, "gin": gin, "undercut": undercut,
    "won": won}
"""Every sound by its file's name (``static/sounds/<name>.wav``)."""


def wav(samples: list[float]) -> bytes:
    """``samples`` normalised to 0.8 of full scale, faded out over the last 5 ms, as a
    16-bit mono WAV file."""
    peak = max(abs(s) for s in samples) or 1.0
    fade = int(RATE * 0.005)
    frames = bytearray()
    for i, value in enumerate(samples):
        tail = min(1.0, (len(samples) - i) / fade)
        frames += struct.pack("<h", round(0.8 * 32767 * value / peak * tail))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    """Write every sound (or, ``--check``, say which file differs and fail)."""
    check = "--check" in argv
    differ = []
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = FOLDER / f"{name}.wav"
        data = wav(make())
        if check:
            if not path.exists() or path.read_bytes() != data:
                differ.append(path.name)
        else:
            path.write_bytes(data)
            print(f"{path.relative_to(FOLDER.parent.parent)}: {len(data):,} bytes")
    if differ:
        print("differ from tools/make_sounds.py: " + ", ".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
