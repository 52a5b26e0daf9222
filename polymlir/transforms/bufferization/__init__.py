"""Bufferization: tensor programs to buffer programs (upstream's One-Shot
Bufferize and the passes around it). ``analysis`` decides which writes may
happen in place, ``bufferize`` and the ``*_rules`` modules rewrite, ``passes``
and ``deallocation`` register the passes."""
