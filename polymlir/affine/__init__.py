"""Affine expressions (expr), affine maps and integer sets (maps), their
parser (parse), and the bridge to isl (isl_bridge)."""
