"""Linalg transformations: generalization, lowering, tiling, fusion, promotion, library calls."""
