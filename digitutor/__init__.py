"""digitutor: learn five Digimon card games step by step, every step quoting its rule."""

__version__ = "0.1.0"
