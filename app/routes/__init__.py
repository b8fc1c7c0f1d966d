"""HTTP routes, one module per area: ``home``, and (added by their owners) ``play``,
``score``, ``guide``. Each module exposes ``router``; ``app.main`` includes them."""
