// The person's password checked through PAM (Linux-PAM's libpam), as a screen locker does: one call
// that starts a transaction for a service and user, answers PAM's questions with the password, checks
// the account, and ends. What Swift cannot do comfortably stays here: the conversation callback, and
// wiping every copy of the password made on the way.
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a check answered.
typedef enum slate_pam_verdict {
    /// The password is the account's, and the account may log in now.
    SLATE_PAM_ACCEPTED = 0,
    /// The password is wrong, or the user unknown (PAM has made the caller wait its delay).
    SLATE_PAM_REFUSED = 1,
    /// The password is right, but the account may not log in now (expired, locked, a new password
    /// required): `message` says why.
    SLATE_PAM_ACCOUNT_REFUSED = 2,
    /// PAM could not check at all (no service file, a module missing or failing): `message` says why.
    SLATE_PAM_UNAVAILABLE = 3,
} slate_pam_verdict;

/// Checks `password` (`length` bytes, not NUL-terminated) for `user` through the PAM service
/// `service` (`/etc/pam.d/<service>`, or `<confdir>/<service>` when `confdir` is not NULL: a test's
/// own configuration): `pam_authenticate`, then `pam_acct_mgmt`. Blocks for as long as
/// PAM takes (its failure delay included): call it off the main thread. The password is given to
/// PAM's modules only through the conversation, and every copy made here is wiped before return.
/// `message` (of `message_size` bytes) receives, NUL-terminated, the last error PAM's modules
/// showed, or PAM's own description of the failure; it is left empty on success.
slate_pam_verdict slate_pam_check(
    const char *service, const char *confdir, const char *user, const unsigned char *password, size_t length,
    char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
