#!/usr/bin/env bash
# Runs a command with PAM in a test configuration (cwrap's pam_wrapper and its pam_matrix module), so
# that the lock screen's tests need no real account: the service `slate` lets the user running the
# tests in with the password `slate-test-password` (SLATE_TEST_PASSWORD overrides it), and nobody
# else. pam_wrapper is preloaded and reads PAM_WRAPPER_SERVICE_DIR instead of /etc/pam.d; the real
# Linux-PAM runs the real conversation.
#   Tests/pam/with-test-pam.sh slate script Tests/scripts/lock.slate
set -euo pipefail

arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
wrapper=/usr/lib/$arch/libpam_wrapper.so
matrix=/usr/lib/$arch/pam_wrapper/pam_matrix.so
for f in "$wrapper" "$matrix"; do
    [ -e "$f" ] || { echo "with-test-pam: no $f (scripts/setup.sh installs libpam-wrapper)" >&2; exit 1; }
done

folder=$(mktemp -d "${TMPDIR:-/tmp}/slate-test-pam.XXXXXX")
trap 'rm -rf "$folder"' EXIT
mkdir -p "$folder/services"
printf '%s:%s:slate\n' "$(id -un)" "${SLATE_TEST_PASSWORD:-slate-test-password}" >"$folder/passdb"
for kind in auth account; do
    echo "$kind required $matrix passdb=$folder/passdb"
done >"$folder/services/slate"
# Every other service refuses (PAM reads `other` for a service without a file of its own).
deny=/usr/lib/$arch/security/pam_deny.so
printf 'auth required %s\naccount required %s\n' "$deny" "$deny" >"$folder/services/other"

LD_PRELOAD=$wrapper${LD_PRELOAD:+:$LD_PRELOAD} PAM_WRAPPER=1 PAM_WRAPPER_SERVICE_DIR=$folder/services "$@"
