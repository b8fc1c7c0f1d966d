"""Unknown pages, wrong methods and malformed requests: a friendly page for a browser,
JSON for everything else; and access log lines that a crafted URL cannot forge."""

import logging

import pytest
from fastapi.testclient import TestClient

HTML = {"Accept": "text/html,application/xhtml+xml"}


@pytest.mark.parametrize("path", ["/nope", "/play/zzz", "/guide/nope", "/score/999999"])
def test_a_browser_gets_a_friendly_not_found_page(client: TestClient, path: str) -> None:
    response = client.get(path, headers=HTML)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Page not found" in response.text and 'href="/"' in response.text
    assert '{"detail"' not in response.text


def test_a_browser_gets_a_page_for_a_wrong_method(client: TestClient) -> None:
    response = client.put("/play", headers=HTML)
    assert response.status_code == 405
    assert "Use the buttons on the page" in response.text


def test_a_browser_gets_a_page_for_a_malformed_path_parameter(client: TestClient) -> None:
    response = client.get("/score/abc", headers=HTML)
    assert response.status_code in (404, 422)
    assert response.headers["content-type"].startswith("text/html")
    assert "loc" not in response.text


def test_other_clients_keep_json_errors(client: TestClient) -> None:
    response = client.get("/nope", headers={"Accept": "application/json"})
    assert response.status_code == 404
    assert response.json() == {"detail": "Not Found"}


def test_share_tokens_stay_out_of_the_log(client: TestClient,
                                          caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="app.access"):
        client.get("/score/shared/SECRET-token-123")
    lines = [r.getMessage() for r in caplog.records if r.name == "app.access"]
    assert lines and all("SECRET-token-123" not in line for line in lines)
    assert any("/score/shared/..." in line for line in lines)
