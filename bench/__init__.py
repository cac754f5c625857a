"""``make bench``: HTTP on the real server, the rules engine and the PDF, measured (see run.py)."""
