"""The access log's path: a crafted path cannot forge a log line."""



from app.web.errors import loggable_path


def test_a_crafted_path_cannot_forge_a_log_line() -> None:
    logged = loggable_path('/x\nINFO: "GET /forged" 200\x00')
    assert "\n" not in logged and "\x00" not in logged
    assert logged.startswith("/x\\n")
