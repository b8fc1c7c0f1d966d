"""The app under ``BASE_PATH=/gin`` behind a real reverse proxy, over HTTPS.

Debian's nginx and Caddy, each started by the test with exactly the file docs/operating.md
quotes (``deploy/nginx.conf``, ``deploy/Caddyfile``; only the listening address, the
upstream port and the certificate are the test's own, each replaced where the file has
it once), in front of a Uvicorn server started by the test (``python -m app``: proxy
headers trusted from 127.0.0.1). nginx gets a self-signed certificate made here with
``openssl``; Caddy issues its own from its local CA. Through each proxy: every page,
asset and link stays under ``/gin`` and none is a 404; the session cookie is ``Secure``
and for ``/gin``; the forwarded headers are believed (the invite link is ``https://``
with the proxy's host and port); a friend's move reaches the other player's event
stream (an unbuffered stream: a buffering proxy would hold it; the wait is generous and
the latency printed, no timed assertion). The program is installed with apt when
missing and we may (``make proxy-deps``), else the test skips saying why.
"""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine

from tests.support.browsers import session_id_of
from tests.support.crawl import crawl, summary
from tests.support.friends import Stream, choose
from tests.support.hardening import Replayer, action_form, stored_play
from tests.support.packages import debian_program
from tests.support.servers import LiveServer, free_port
from tests.support.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BASE = "/gin"
START_SECONDS = 60.0
COOKIE = "gin_session"


@dataclass
class Proxy:
    """A running proxy: its origin (``https://127.0.0.1:port``) and the TLS context that
    trusts its certificate."""

    name: str
    origin: str
    trust: ssl.SSLContext

    def client(self) -> httpx.Client:
        """One browser at ``origin + /gin/`` (no redirect followed)."""
        return httpx.Client(base_url=f"{self.origin}{BASE}/", verify=self.trust,
                            follow_redirects=False, timeout=30)


def configured(name: str, changes: dict[str, str]) -> str:
    """The file ``deploy/<name>`` with each of ``changes`` made where it stands once."""
    text = (DEPLOY / name).read_text()
    for old, new in changes.items():
        assert text.count(old) == 1, f"{name} should hold {old!r} once"
        text = text.replace(old, new)
    return text


def started(process: subprocess.Popen[bytes], log: Path, ready: Callable[[], object],
            what: str) -> None:
    """Wait until ``ready()`` is true; fail with the log if ``process`` exits first."""
    def check() -> object:
        if process.poll() is not None:
            raise AssertionError(f"{what} exited with {process.returncode}:\n"
                                 f"{log.read_text(errors='replace')[-3000:]}")
        return ready()
    wait_until(check, timeout=START_SECONDS, interval=0.1, what=f"{what} to answer")


def healthy(origin: str, trust: Callable[[], ssl.SSLContext | None]) -> bool:
    """True once ``origin/gin/healthz`` answers 200 over TLS trusted by ``trust()``."""
    context = trust()
    if context is None:
        return False
    try:
        return httpx.get(f"{origin}{BASE}/healthz", verify=context, timeout=5).status_code == 200
    except (httpx.TransportError, ssl.SSLError):
        return False


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with the ``openssl`` command."""
    if not shutil.which("openssl"):
        pytest.skip("no openssl command to make the test's certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def run_nginx(folder: Path, upstream: int) -> Iterator[Proxy]:
    program, why = debian_program("nginx", "nginx")
    if program is None:
        pytest.skip(why)
    cert, key = self_signed(folder)
    port = free_port()
    (folder / "gin.conf").write_text(configured("nginx.conf", {
        "listen 443 ssl;": f"listen 127.0.0.1:{port} ssl;",
        "/etc/letsencrypt/live/gin.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/gin.example.org/privkey.pem": str(key),
        "proxy_pass http://127.0.0.1:8000;": f"proxy_pass http://127.0.0.1:{upstream};",
    }))
    temp = {kind: folder / kind for kind in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir()
    # What Debian's /etc/nginx/nginx.conf gives the file (its http block), in this folder.
    (folder / "nginx.conf").write_text(
        ("user root;\n" if _root() else "")
        + f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\n"
        "events { worker_connections 128; }\nhttp {\n    access_log off;\n"
        + "".join(f"    {kind}_temp_path {path};\n"
                  for kind, path in temp.items() if kind != "body")
        + f"    client_body_temp_path {temp['body']};\n"
        f"    include {folder}/gin.conf;\n}}\n")
    log = folder / "nginx.out"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(program), "-p", str(folder), "-e", str(folder / "error.log"),
             "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
            stdout=out, stderr=subprocess.STDOUT)
    origin = f"https://127.0.0.1:{port}"
    trust = ssl.create_default_context(cafile=str(cert))
    try:
        started(process, log, lambda: healthy(origin, lambda: trust), "nginx")
        yield Proxy("nginx", origin, trust)
    finally:
        _stop(process)


def run_caddy(folder: Path, upstream: int) -> Iterator[Proxy]:
    program, why = debian_program("caddy", "caddy")
    if program is None:
        pytest.skip(why)
    port, http_port = free_port(), free_port()
    site = configured("Caddyfile", {
        "gin.example.org {": f"https://127.0.0.1:{port} {{",
        "reverse_proxy 127.0.0.1:8000": f"reverse_proxy 127.0.0.1:{upstream}",
    })
    # Global options of the test's own: no admin endpoint, certificates from Caddy's
    # local CA (no ACME), nothing installed into the system's trust store, no port 80.
    (folder / "Caddyfile").write_text(
        "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
        f"\tauto_https disable_redirects\n\thttp_port {http_port}\n\thttps_port {port}\n}}\n\n"
        + site)
    env = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
           "XDG_CONFIG_HOME": str(folder / "config"), "PATH": "/usr/bin:/bin"}
    log = folder / "caddy.out"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(program), "run", "--config", str(folder / "Caddyfile"),
             "--adapter", "caddyfile"], env=env, stdout=out, stderr=subprocess.STDOUT)
    root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    origin = f"https://127.0.0.1:{port}"

    def trust() -> ssl.SSLContext | None:
        return ssl.create_default_context(cafile=str(root)) if root.is_file() else None

    try:
        started(process, log, lambda: healthy(origin, trust), "caddy")
        context = trust()
        assert context is not None
        yield Proxy("caddy", origin, context)
    finally:
        _stop(process)


def _root() -> bool:
    import os
    return os.geteuid() == 0


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture
def app_server(start_server: Callable[..., LiveServer]) -> LiveServer:
    """The app under /gin, as docs/operating.md's proxy section runs it."""
    return start_server(env={"BASE_PATH": BASE, "SECURE_COOKIES": "true",
                             "FORWARDED_ALLOW_IPS": "127.0.0.1"})


@pytest.fixture(params=["nginx", "caddy"])
def proxy(request: pytest.FixtureRequest, tmp_path: Path,
          app_server: LiveServer) -> Iterator[Proxy]:
    """nginx or Caddy in front of ``app_server``, with docs/operating.md's config."""
    folder = tmp_path / request.param
    folder.mkdir()
    run = run_nginx if request.param == "nginx" else run_caddy
    yield from run(folder, app_server.port)


def test_every_page_asset_and_link_works_under_the_sub_path_through_the_proxy(
        proxy: Proxy) -> None:
    with proxy.client() as browser:
        first = browser.get("/")
        assert first.status_code == 200
        cookie = first.headers["set-cookie"]
        assert f"{COOKIE}=" in cookie and "Secure" in cookie and f"Path={BASE};" in cookie
        bare = browser.get(f"{proxy.origin}{BASE}")
        assert bare.status_code == 308 and bare.headers["location"].endswith(f"{BASE}/")
        assert browser.post("/play/new", data={"level": "easy", "version": "0"}
                            ).headers["location"] == f"{BASE}/play"
        faults = crawl(browser, proxy.origin, BASE,
                       ["/", "/play", "/play/new", "/play/history", "/stats", "/score",
                        "/guide", "/settings", "/fair", "/offline", "/manifest.webmanifest",
                        "/sw.js"])
        assert faults == [], summary(faults)
        worker = browser.get("/sw.js")
        assert worker.headers["service-worker-allowed"] == f"{BASE}/"


def test_a_friends_move_reaches_the_other_player_through_the_proxy(
        proxy: Proxy, app_server: LiveServer) -> None:
    engine = create_engine(app_server.db_url)
    streams: list[Stream] = []
    with proxy.client() as ann, proxy.client() as bob:
        try:
            ann.get("/")
            assert ann.post("/play/friend", data={"name": "Ann", "version": "0"}
                            ).status_code == 303
            # The invite link says https and the proxy's host and port: the forwarded
            # headers were believed.
            found = re.search(rf"{re.escape(proxy.origin + BASE)}/play/friend/"
                              r"([A-Za-z0-9_-]{32})", ann.get("/play").text)
            assert found, "the invite link is not the proxy's https URL under /gin"
            streams.append(Stream(ann, "play/events"))
            bob.get("/")
            assert bob.post(f"play/friend/{found.group(1)}", data={"name": "Bob"}
                            ).status_code == 303
            latencies = [streams[0].wait_for_version(1)]  # Bob took his seat
            streams.append(Stream(bob, "play/events"))
            clients = (ann, bob)
            for _ in range(2):  # two moves, one each way where the turn passes
                row = stored_play(engine, session_id_of(ann, engine))
                assert row is not None
                match = Replayer.from_row(row).advance(row.log, row.seeds)
                player = match.hand.to_play
                version = int(re.search(r'data-version="(\d+)"',  # type: ignore[union-attr]
                                        clients[player].get("play").text).group(1))
                answer = clients[player].post("play", data=action_form(
                    choose(match, player), version))
                assert answer.status_code == 303, answer.text[:300]
                latencies.append(streams[1 - player].wait_for_version(version + 1))
        finally:
            for stream in streams:
                stream.close()
            engine.dispose()
    print(f"{proxy.name}: a friend's move on the other stream, after the mover's answer: "
          + ", ".join(f"{seconds:.3f} s" for seconds in latencies))


def test_the_operating_guide_quotes_the_proxy_configs_exactly() -> None:
    guide = (ROOT / "docs" / "operating.md").read_text()
    for name, fence in (("nginx.conf", "nginx"), ("Caddyfile", "caddyfile")):
        text = (DEPLOY / name).read_text()
        assert f"```{fence}\n{text}```\n" in guide, f"docs/operating.md must quote deploy/{name}"
