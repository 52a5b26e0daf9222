"""Affine expressions, maps and integer sets (expr), their parser (parse), and
the bridge to isl (isl_bridge)."""
