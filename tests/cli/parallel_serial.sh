#!/bin/bash
# Stands in for GNU parallel in the doc examples when it is not installed: the
# "parallel [--will-cite] CMD... ::: A B ..." form, one job after another, {} replaced by
# each argument and the words joined into one shell line, as parallel does.
cmd=()
while [ $# -gt 0 ] && [ "$1" != ":::" ]; do
    case $1 in
    --will-cite) ;;
    -*) [ ${#cmd[@]} -gt 0 ] || { echo "parallel (doc-test stand-in): option $1 not known" >&2; exit 2; }
        cmd+=("$1") ;;
    *) cmd+=("$1") ;;
    esac
    shift
done
[ $# -gt 1 ] || { echo "parallel (doc-test stand-in): expected CMD ::: ARGS" >&2; exit 2; }
shift
line="${cmd[*]}"
for a in "$@"; do
    bash -c "${line//\{\}/$a}" || exit 1
done
