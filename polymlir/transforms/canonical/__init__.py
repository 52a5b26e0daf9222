"""Canonicalization: the ``canonicalize`` pass (the greedy rewrite driver
over the op classes' folders and patterns), its affine folders and patterns
(``affine``, upstream's ``AffineOps.cpp`` canonicalizations) and ``cse``."""
