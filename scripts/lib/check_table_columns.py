"""Checks that listdiff-bench's text tables line up: read from standard input, every row of a
table (the lines after a header, up to the next header or a line of another kind) ends its
last column exactly where the header's last title ends — a row with a column too wide, or
padded by a format that pads nothing, ends elsewhere. Exits 1 naming the first row that does not.

    listdiff-bench --quick --filter c | python3 scripts/lib/check_table_columns.py
"""
import sys

HEADERS = ("scenario ", "wire scenario ")
lines = sys.stdin.read().splitlines()
header, rows, failures = None, 0, []
for line in lines:
    if line.startswith(HEADERS):
        header = line
        continue
    if header is None or not line.strip() or line.split()[0].endswith(":"):
        header = None
        continue
    rows += 1
    end = len(header)
    if len(line) < end or line[end - 1] == " " or (len(line) > end and line[end] != " "):
        failures.append(f"row {line!r} does not end its last column under the header's ({header!r})")
if failures or rows == 0:
    print(failures[0] if failures else "no table rows in the input", file=sys.stderr)
    sys.exit(1)
print(f"{rows} table rows line up with their headers")
