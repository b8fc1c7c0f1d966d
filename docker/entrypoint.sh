#!/bin/sh
# Container entry point: bring the database schema up to date, then run the command
# (by default `python -m app`, which starts uvicorn as the settings say).
# RUN_MIGRATIONS=0 skips the upgrade, for extra instances that share one database
# while a single one (or an operator) applies migrations.
set -eu

if [ "${RUN_MIGRATIONS:-1}" != "0" ]; then
    alembic -c /app/alembic.ini upgrade head
fi

exec "$@"
