"""Counts the heap allocations a callgrind profile recorded: the calls to glibc's allocating
functions (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign), as the `calls=`
lines of the profile count them while collection was on — except the calls those functions
make to each other: glibc's posix_memalign hands an alignment malloc gives anyway (Swift's
`UnsafeMutablePointer.allocate`) on to malloc, one allocation that is not two.

Used by scripts/instruction-guard.sh for allocations per request.
usage: callgrind_allocations.py CALLGRIND_OUT_FILE
"""
import re
import sys

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
# glibc's own functions between an allocator's entry and its relay to malloc.
RELAYS = ("_mid_memalign", "__libc_memalign", "_int_memalign")


def is_allocator(name):
    return name is not None and (name in ALLOCATORS or name.startswith(RELAYS))


def main():
    names = {}  # callgrind's name compression: "(id) name" the first time, "(id)" after
    caller = callee = None
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
                else:
                    caller = name
            elif line.startswith("calls=") and callee in ALLOCATORS and not is_allocator(caller):
                total += int(line[6:].split()[0])
    print(total)


main()
