"""``app.web.links``: app paths become URLs under the request's sub-path, and nothing but
an app path is accepted."""

from __future__ import annotations

import pytest

from app.web.links import app_url, base_path, cookie_path, route_path, see_other, under


def scope(path: str, root: str = "") -> dict[str, object]:
    return {"type": "http", "path": path, "root_path": root}


@pytest.mark.parametrize(("root", "path", "url"), [
    ("", "/play", "/play"), ("/gin", "/play", "/gin/play"),
    ("/gin", "/score/3#answer", "/gin/score/3#answer"), ("/a/b", "/", "/a/b/"),
])
def test_an_app_path_goes_under_the_base(root: str, path: str, url: str) -> None:
    assert under(root, path) == url == app_url(scope("/x", root), path)
    answer = see_other(scope("/x", root), path)
    assert answer.status_code == 303 and answer.headers["location"] == url


@pytest.mark.parametrize("bad", ["play", "", "//evil.example/x", "https://evil.example/",
                                 "javascript:alert(1)"])
def test_anything_but_an_app_path_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="not an app path"):
        under("/gin", bad)


def test_the_route_path_and_cookie_path_follow_the_root_path() -> None:
    assert route_path(scope("/gin/play", "/gin")) == "/play"
    assert route_path(scope("/gin", "/gin")) == "/"
    assert route_path(scope("/ginx/play", "/gin")) == "/ginx/play"
    assert route_path(scope("/play")) == "/play"
    assert cookie_path(scope("/gin/play", "/gin")) == "/gin" and cookie_path(scope("/")) == "/"
    assert base_path(scope("/", "/gin/")) == "/gin"
