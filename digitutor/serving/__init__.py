"""The server side of ``digitutor serve``: Voila with a room's kernel pool, a cap, a queue and guards.

Imported only by ``digitutor serve`` (it needs the app extra: Voila, Jupyter Server, Tornado).
"""
