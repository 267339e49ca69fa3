"""Counts the heap allocations a callgrind profile recorded: the calls to glibc's allocating
functions (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) from anywhere, as
the `calls=` lines of the profile count them while collection was on.

Used by scripts/instruction-guard.sh for allocations per request.
usage: callgrind_allocations.py CALLGRIND_OUT_FILE
"""
import re
import sys

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def main():
    names = {}  # callgrind's name compression: "(id) name" the first time, "(id)" after
    callee = None
    total = 0
    with open(sys.argv[1], errors="replace") as profile:
        for line in profile:
            if line.startswith(("fn=", "cfn=")):
                match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
                if match and match.group(2):
                    names[match.group(1)] = match.group(2)
                name = names.get(match.group(1)) if match else line.split("=", 1)[1].strip()
                if line.startswith("cfn="):
                    callee = name
            elif line.startswith("calls=") and callee in ALLOCATORS:
                total += int(line[6:].split()[0])
    print(total)


main()
