#!/bin/sh
# SPDX-License-Identifier: MIT
# A hostile adapter for conformance/tests/hostile.bats: the reference
# adapter ($SFADAPTER_REFERENCE) for `capabilities`, and for every other
# command the misbehaviour HOSTILE names:
#   flood     prints without end
#   hang      never answers (HOSTILE_MARK: the argument of its `sleep`,
#             for finding what is left running)
#   children  answers as the reference does, but leaves a process behind
#             that holds its stdout and stderr open
ref=${SFADAPTER_REFERENCE:?}
mark=${HOSTILE_MARK:-3000}
[ "$1" = capabilities ] && exec "$ref" capabilities
case "${HOSTILE:?}" in
  flood) exec yes '{"version":2,"functions":[' ;;
  hang) exec sleep "$mark" ;;
  children) sleep "$mark" & exec "$ref" "$@" ;;
esac
echo "hostile-adapter: unknown HOSTILE=$HOSTILE" >&2
exit 2
