# Gin Rummy, self-hosted: one image; SQLite on the /data volume by default,
# PostgreSQL through DATABASE_URL. Migrations run at start (docker/entrypoint.sh).
#
# The base is an argument so CI can build on a local stand-in for the same Python
# (.ci/docker-check.sh); anyone else gets the official slim image.
ARG PYTHON_IMAGE=python:3.11-slim

# --- The engine's compiled core (docs/strength.md): the play-outs' modules compiled with
# mypyc, on the same base as the image (the same Python). Only the built extensions leave
# this stage; the compiler and mypy stay behind.
FROM ${PYTHON_IMAGE} AS core
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /build
# The compiler and headers of the base's own Debian (their versions are the base's).
# hadolint ignore=DL3008,SC2086
RUN include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])') \
    && packages="gcc libc6-dev" \
    && if [ ! -f "$include/Python.h" ]; then packages="$packages python3-dev"; fi \
    && apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null \
    && rm -rf /var/lib/apt/lists/*
COPY requirements/tools.txt requirements/core.txt ./requirements/
RUN python3 -m venv /opt/core \
    && /opt/core/bin/pip install --no-cache-dir --require-hashes -r requirements/tools.txt \
    && /opt/core/bin/pip install --no-cache-dir --require-hashes --no-deps -r requirements/core.txt
COPY app ./app
COPY tools/fast_core.py ./tools/
ENV FAST_CORE_REQUIRED=1
RUN /opt/core/bin/python tools/fast_core.py build \
    && mkdir /core \
    && find . -name '*.so' -not -path './build/*' | tar -cf - -T - | tar -xf - -C /core

FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH

# An unprivileged user that owns nothing but the data directory.
RUN groupadd --gid 10001 gin \
    && useradd --uid 10001 --gid gin --no-create-home \
        --home-dir /nonexistent --shell /usr/sbin/nologin gin \
    && python3 -m venv "$VIRTUAL_ENV" \
    && mkdir /data \
    && chown gin:gin /data

WORKDIR /app

# Dependencies first, so a change in the code, templates or static files reuses this
# layer: exactly the versions of the hashed lock files (`make lock` refreshes them), pip
# and setuptools first (also the base image's own copies, where it has pip), then the
# server's packages. The app itself is not installed: it runs from /app (PYTHONPATH).
COPY requirements/tools.txt requirements/runtime.txt ./requirements/
RUN if /usr/local/bin/python3 -m pip --version >/dev/null 2>&1; then \
        /usr/local/bin/python3 -m pip install --no-cache-dir --require-hashes -r requirements/tools.txt; \
    fi \
    && pip install --no-cache-dir --require-hashes -r requirements/tools.txt \
    && pip install --no-cache-dir --require-hashes --no-deps -r requirements/runtime.txt

COPY app ./app
# The compiled core beside its sources (the server logs "engine: compiled core").
COPY --from=core /core/ ./

COPY alembic.ini ./
COPY alembic ./alembic
COPY templates ./templates
COPY static ./static
COPY docker/entrypoint.sh /usr/local/bin/gin-entrypoint

# Settings are read from the environment (README, "Configuration"); these are the
# image's own defaults. /app is first on the path, so the copied tree is what runs.
ENV PYTHONPATH=/app \
    HOST=0.0.0.0 \
    PORT=8000 \
    WORKERS=1 \
    DATABASE_URL=sqlite:////data/gin.db

VOLUME ["/data"]
EXPOSE 8000
USER 10001:10001

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s%s/readyz' % (os.environ.get('PORT', '8000'), os.environ.get('BASE_PATH', '')), timeout=4)"]

ENTRYPOINT ["gin-entrypoint"]
CMD ["python", "-m", "app"]

# OCI labels, last so that a new version reuses every layer above: `make release`
# (tools/release.py) passes the version, the commit, the build time and the repository's
# address as build arguments.
ARG VERSION=unreleased
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=unknown
LABEL org.opencontainers.image.title="Gin Rummy" \
      org.opencontainers.image.description="A self-hostable Gin Rummy web app: play the computer or a friend, keep score, read the rules." \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}"
